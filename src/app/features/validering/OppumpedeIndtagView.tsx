import type { ViewProps } from '../../workspace/tile-api';
import { KoeView } from './KoeView';
import { oppumpetKonfig } from './oppumpet';

const KONFIG = oppumpetKonfig('indtag');

/** /validering/oppumpedemaengderboringindtag: intake-level pumped quantities awaiting validation. */
export default function OppumpedeIndtagView(_props: ViewProps) {
  return <KoeView konfig={KONFIG} />;
}
