import type { ViewProps } from '../../workspace/tile-api';
import { RegistreringView } from './RegistreringTab';

/** The tilsyn tab: …/:id/tilsyn/:tilsynid? */
export default function TilsynView(props: ViewProps) {
  return <RegistreringView {...props} art="tilsyn" />;
}
