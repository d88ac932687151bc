import { createContext, type ReactNode, useContext } from 'react';
import type { SessionEvent, SessionUser } from '../../../machines/session';
import type { Ressource } from '../../contract/roles';
import type { BrugerSettings, KundeSettings } from '../../contract/session';
import { useSession } from './useSession';

/** What the shell's pieces need from the session. */
export interface ShellSession {
  signedIn: boolean;
  user: SessionUser | null;
  ressourcer: ReadonlySet<Ressource>;
  brugerSettings: BrugerSettings | null;
  kundeSettings: KundeSettings | null;
  /** A customer switch is under way. */
  switchingCustomer: boolean;
  send(event: SessionEvent): void;
}

const ShellSessionContext = createContext<ShellSession | null>(null);

/**
 * Gives the shell a session other than the running one; component tests use it to render the
 * shell for a given user. Production renders no provider, so the live session actor is used.
 */
export function ShellSessionProvider({ value, children }: { value: ShellSession; children: ReactNode }) {
  return <ShellSessionContext.Provider value={value}>{children}</ShellSessionContext.Provider>;
}

export function useShellSession(): ShellSession {
  const provided = useContext(ShellSessionContext);
  const live = useSession();
  if (provided) return provided;
  return {
    signedIn: live.signedIn,
    user: live.user,
    ressourcer: live.ressourcer,
    brugerSettings: live.brugerSettings,
    kundeSettings: live.kundeSettings,
    switchingCustomer: live.snapshot.matches({ signedIn: 'switchingCustomer' }),
    send: live.send,
  };
}
