import { type OppumpetPost, oppumpetListeSchema, oppumpetSideSchema } from '../../../contract/validering';
import type { ViewProps } from '../../workspace/tile-api';
import { type KoeKonfig, KoeView } from './KoeView';
import { oppumpetKolonner } from './kolonner';

const KONFIG: KoeKonfig<OppumpetPost> = {
  art: 'indtag',
  titel: 'Oppumpede mængder, boring / indtag',
  tableName: 'valideringOppumpetIndtag',
  listSti: 'IndtagNiveauValidering/list',
  beslutSti: 'IndtagNiveauValidering',
  medianSti: 'IndtagNiveauValidering',
  sideSchema: oppumpetSideSchema,
  listeSchema: oppumpetListeSchema,
  kolonner: oppumpetKolonner('indtag'),
  historikKolonner: oppumpetKolonner('indtag', true),
  historik: (r) => ({
    noegle: String(r.indtagId),
    titel: `${r.anlaegsnavn} · DGU ${r.dguNr ?? ''}, indtag ${r.indtagsnr ?? ''}`,
    godkendte: `IndtagNiveauValidering/list/godkendte/${r.indtagId}`,
    forkastede: `IndtagNiveauValidering/list/forkastede/${r.indtagId}`,
  }),
  anlaegSti: (r) => `/vandanlaeg/${r.vandanlaegId}/maengder`,
  enhed: { ental: 'mængde', flertal: 'mængder' },
};

/** /validering/oppumpedemaengderboringindtag: intake-level pumped quantities awaiting validation. */
export default function OppumpedeIndtagView(_props: ViewProps) {
  return <KoeView konfig={KONFIG} />;
}
