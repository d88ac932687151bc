import type { ViewProps } from '../../workspace/tile-api';
import { RegistreringView } from './RegistreringTab';

/** The risikovurdering tab: …/:id/risikovurdering/:risikovurderingid? */
export default function RisikovurderingView(props: ViewProps) {
  return <RegistreringView {...props} art="risikovurdering" />;
}
