import type { ViewProps } from '../../workspace/tile-api';
import { RegistreringView } from './RegistreringTab';

/** The fyringsanlaeg tab: …/:id/fyringsanlaeg/:fyringsanlaegid? */
export default function FyringsanlaegView(props: ViewProps) {
  return <RegistreringView {...props} art="fyringsanlaeg" />;
}
