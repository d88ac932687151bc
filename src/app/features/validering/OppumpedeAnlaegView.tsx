import type { ViewProps } from '../../workspace/tile-api';
import { KoeView } from './KoeView';
import { oppumpetKonfig } from './oppumpet';

const KONFIG = oppumpetKonfig('anlaeg');

/** /validering/oppumpedemaengeranlaeg: plant-level pumped quantities awaiting validation. */
export default function OppumpedeAnlaegView(_props: ViewProps) {
  return <KoeView konfig={KONFIG} />;
}
