import { KOE_ENDPOINTS, type PejlingPost } from '../../../contract/validering';
import type { ViewProps } from '../../workspace/tile-api';
import { type KoeKonfig, KoeView } from './KoeView';
import { pejlingKolonner } from './kolonner';

const KONFIG: KoeKonfig<PejlingPost> = {
  endpoints: KOE_ENDPOINTS.pejling,
  titel: 'Pejlinger',
  tableName: 'valideringPejlinger',
  kolonner: pejlingKolonner(),
  historikKolonner: pejlingKolonner(true),
  historik: (r) => ({ id: r.indtagId, titel: `${r.anlaegsnavn} · DGU ${r.dguNr}, indtag ${r.indtagsnr}` }),
  anlaegFane: 'indtag',
  enhed: { ental: 'pejling', flertal: 'pejlinger' },
};

/** /validering/pejlinger: water-level readings awaiting validation. */
export default function PejlingerView(_props: ViewProps) {
  return <KoeView konfig={KONFIG} />;
}
