import type { ViewProps } from '../../workspace/tile-api';
import { RegistreringView } from './RegistreringTab';

/** The brugerbetaling tab: …/:id/brugerbetaling/:brugerbetalingid? */
export default function BrugerbetalingView(props: ViewProps) {
  return <RegistreringView {...props} art="brugerbetaling" />;
}
