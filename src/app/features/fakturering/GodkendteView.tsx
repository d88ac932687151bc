import type { ViewProps } from '../../workspace/tile-api';
import { FaktureringRamme } from './Ramme';

/** Being built (issue 13). */
export default function GodkendteView(_props: ViewProps) {
  return <FaktureringRamme>{() => <p className="muted">Under opbygning</p>}</FaktureringRamme>;
}
