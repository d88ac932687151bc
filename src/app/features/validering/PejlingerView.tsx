import { type PejlingPost, pejlingListeSchema, pejlingSideSchema } from '../../../contract/validering';
import type { ViewProps } from '../../workspace/tile-api';
import { type KoeKonfig, KoeView } from './KoeView';
import { pejlingKolonner } from './kolonner';

const KONFIG: KoeKonfig<PejlingPost> = {
  art: 'pejling',
  titel: 'Pejlinger',
  tableName: 'valideringPejlinger',
  listSti: 'PejlingValidering/list',
  beslutSti: 'Pejling',
  medianSti: 'PejlingValidering',
  sideSchema: pejlingSideSchema,
  listeSchema: pejlingListeSchema,
  kolonner: pejlingKolonner(),
  historikKolonner: pejlingKolonner(true),
  historik: (r) => ({
    noegle: String(r.indtagId),
    titel: `${r.anlaegsnavn} · DGU ${r.dguNr}, indtag ${r.indtagsnr}`,
    godkendte: `IndtagNiveau/list/godkendte/${r.indtagId}`,
    forkastede: `PejlingValidering/list/forkastede/${r.indtagId}`,
  }),
  anlaegSti: (r) => `/vandanlaeg/${r.vandanlaegId}/indtag`,
  enhed: { ental: 'pejling', flertal: 'pejlinger' },
};

/** /validering/pejlinger: water-level readings awaiting validation. */
export default function PejlingerView(_props: ViewProps) {
  return <KoeView konfig={KONFIG} />;
}
