import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { ressourcerFor } from '../../contract/roles';
import { sessionActor } from './runtime';

/** The session as views need it: state name, user, settings, resources. */
export function useSession() {
  const snapshot = useSelector(sessionActor, (s) => s);
  const user = snapshot.context.user;
  const ressourcer = useMemo(() => ressourcerFor(user?.roles ?? []), [user]);
  return {
    snapshot,
    signedIn: snapshot.matches('signedIn'),
    user,
    ressourcer,
    brugerSettings: snapshot.context.brugerSettings,
    kundeSettings: snapshot.context.kundeSettings,
    send: sessionActor.send,
  };
}
