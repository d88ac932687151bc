import { type OppumpetPost, oppumpetListeSchema, oppumpetSideSchema } from '../../../contract/validering';
import type { ViewProps } from '../../workspace/tile-api';
import { type KoeKonfig, KoeView } from './KoeView';
import { oppumpetKolonner } from './kolonner';

const KONFIG: KoeKonfig<OppumpetPost> = {
  art: 'anlaeg',
  titel: 'Oppumpede mængder, anlæg',
  tableName: 'valideringOppumpetAnlaeg',
  listSti: 'OppumpedeVandmaengderValidering/list',
  beslutSti: 'OppumpedeVandmaengderValidering',
  medianSti: 'OppumpedeVandmaengderValidering',
  sideSchema: oppumpetSideSchema,
  listeSchema: oppumpetListeSchema,
  kolonner: oppumpetKolonner('anlaeg'),
  historikKolonner: oppumpetKolonner('anlaeg', true),
  historik: (r) => ({
    noegle: String(r.vandanlaegId),
    titel: r.anlaegsnavn,
    godkendte: `OppumpedeVandmaengderValidering/list/godkendte/${r.vandanlaegId}`,
    forkastede: `OppumpedeVandmaengderValidering/list/forkastede/${r.vandanlaegId}`,
  }),
  anlaegSti: (r) => `/vandanlaeg/${r.vandanlaegId}/maengder`,
  enhed: { ental: 'mængde', flertal: 'mængder' },
};

/** /validering/oppumpedemaengeranlaeg: plant-level pumped quantities awaiting validation. */
export default function OppumpedeAnlaegView(_props: ViewProps) {
  return <KoeView konfig={KONFIG} />;
}
