import { KOE_ENDPOINTS, type OppumpetPost } from '../../../contract/validering';
import type { KoeKonfig } from './KoeView';
import { oppumpetKolonner } from './kolonner';

/** The two queues of pumped quantities: plant level and intake level differ in series and title. */
export function oppumpetKonfig(niveau: 'anlaeg' | 'indtag'): KoeKonfig<OppumpetPost> {
  const anlaeg = niveau === 'anlaeg';
  return {
    endpoints: KOE_ENDPOINTS[niveau],
    titel: anlaeg ? 'Oppumpede mængder, anlæg' : 'Oppumpede mængder, boring / indtag',
    tableName: anlaeg ? 'valideringOppumpetAnlaeg' : 'valideringOppumpetIndtag',
    kolonner: oppumpetKolonner(niveau),
    historikKolonner: oppumpetKolonner(niveau, true),
    historik: (r) =>
      anlaeg || r.indtagId === null
        ? { id: r.vandanlaegId, titel: r.anlaegsnavn }
        : { id: r.indtagId, titel: `${r.anlaegsnavn} · DGU ${r.dguNr ?? ''}, indtag ${r.indtagsnr ?? ''}` },
    anlaegFane: 'maengder',
    enhed: { ental: 'mængde', flertal: 'mængder' },
  };
}
