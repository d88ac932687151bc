import type { ViewProps } from '../../workspace/tile-api';
import { RegistreringView } from './RegistreringTab';

/** The afgoerelse tab: …/:id/afgoerelser/:afgoerelseid? */
export default function AfgoerelserView(props: ViewProps) {
  return <RegistreringView {...props} art="afgoerelse" />;
}
