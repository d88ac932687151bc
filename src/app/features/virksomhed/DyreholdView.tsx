import type { ViewProps } from '../../workspace/tile-api';
import { RegistreringView } from './RegistreringTab';

/** The dyrehold tab (farms only): /landbrug/:id/dyrehold/:dyreholdid? */
export default function DyreholdView(props: ViewProps) {
  return <RegistreringView {...props} art="dyrehold" />;
}
