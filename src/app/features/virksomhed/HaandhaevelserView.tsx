import type { ViewProps } from '../../workspace/tile-api';
import { RegistreringView } from './RegistreringTab';

/** The haandhaevelse tab: …/:id/haandhaevelser/:haandhaevelseid? */
export default function HaandhaevelserView(props: ViewProps) {
  return <RegistreringView {...props} art="haandhaevelse" />;
}
