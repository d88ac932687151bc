import type { FastifyInstance } from 'fastify';
import { formatIsoDato } from '../../contract/format';
import {
  FASTE_LOOKUPS,
  fastLookup,
  hentDmaLookup,
  hentLandbrugLookup,
  hentRisikovurderingLookup,
  hentTidsregistreringsKategorier,
} from '../../contract/lookups';
import { scoreTekst } from '../../contract/tilsynsplan-regler';
import { hentMuligeVirksomhedstyper, hentVandanlaegLookup } from '../../contract/vandanlaeg';
import { loadVirksomhed } from '../auth/entitet-adgang';
import { lookupListe, muligeVirksomhedstyper, tidsregistreringsKategorier } from '../catalog/lookups';
import type { Deps } from '../deps';
import { serve } from '../http/endpoint';
import { notFound } from '../http/errors';
import { levendeRegistreringer } from '../records/registreringer';

export async function lookupRoutes(app: FastifyInstance, { db }: Deps) {
  /** A named list of the catalogue, or 404. */
  const navngivet = (sti: string) => {
    const items = lookupListe(sti);
    if (!items) throw notFound('Opslagslisten');
    return items;
  };
  serve(app, hentDmaLookup, (request) => navngivet(`dmalookup/${request.params.name}`));
  serve(app, hentLandbrugLookup, (request) => navngivet(`mwlandbruglookup/list/${request.params.name}`));
  serve(app, hentVandanlaegLookup, (request) => navngivet(`mwvandanlaeglookup/list/${request.params.name}`));
  /** The company types that fit an abstraction purpose (404 for an unknown purpose). */
  serve(app, hentMuligeVirksomhedstyper, (request) => {
    const typer = muligeVirksomhedstyper(request.params.formaalId);
    if (!typer) throw notFound('Indvindingsformålet');
    return typer;
  });

  for (const path of Object.values(FASTE_LOOKUPS)) {
    const items = lookupListe(path);
    if (!items) throw new Error(`lookup ${path} missing from the catalogue`);
    serve(app, fastLookup(path), () => items);
  }

  serve(app, hentTidsregistreringsKategorier, async (request) => {
    const v = await loadVirksomhed(db, request.user, request.query.virksomhedid, 'read');
    return tidsregistreringsKategorier(v.type);
  });

  /** The company's risk assessments as lookup items, newest first (id = the assessment's id). */
  serve(app, hentRisikovurderingLookup, async (request) => {
    const v = await loadVirksomhed(db, request.user, request.params.virksomhedId, 'read');
    // The assessment date is required, so the records' own order is newest assessment first.
    const rows = await levendeRegistreringer(db, v.id, 'risikovurdering');
    const nyeste = rows[0]?.id;
    return rows.map((r, i) => {
      const score = typeof r.data.score === 'number' ? ` – score ${scoreTekst(r.data.score)}` : '';
      const dato = r.dato ? formatIsoDato(r.dato) : 'uden dato';
      return {
        id: r.id,
        brugerId: r.oprettetAf,
        kode: String(r.id),
        navn: `${r.titel} (${dato}${score})`,
        beskrivelse: typeof r.data.begrundelse === 'string' ? r.data.begrundelse : null,
        prioritet: i + 1,
        dmaKode: r.data.risikoscoretypeId !== 3,
        // Only the newest assessment is current; older ones stay selectable where already chosen.
        aktiv: r.id === nyeste,
      };
    });
  });
}
