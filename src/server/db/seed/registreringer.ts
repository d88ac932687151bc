import { sql } from 'drizzle-orm';
import type { VirksomhedEllerLandbrug } from '../../../contract/entitet';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import {
  BASIS_FREKVENS_AAR,
  erPlanKategori,
  PARAMETER_SCORER,
  RISIKO_PARAMETRE,
  type RisikoParameter,
  scoreFraGammelSkala,
  vaegtetRisikoscore,
} from '../../../contract/tilsynsplan-regler';
import { lookupIdAfKode, tidsregistreringsKategorier } from '../../catalog/lookups';
import { cvrAendring, registrering } from '../schema';
import type { KundeRef } from './context';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import type { Prng } from './prng';
import { BulkWriter, type Executor, rowsOf } from './writer';

/**
 * Records of the seeded companies and farms (table `registrering`): an inspection history that follows
 * the planning categories (1a about every year, 1b every second or third, 2 every third to sixth),
 * enforcement where an inspection found something, decisions and risk assessments for the approved
 * companies, heating plants, storage, livestock on farms, user-payment hours after inspections,
 * a few CVR changes and the locality (cadastral numbers, buildings). Lookup ids are the catalogue's
 * (src/server/routes/lookups.ts), so the API serves the names of what the rows refer to.
 */

const id = lookupIdAfKode;
/** The first day of the settlement year invoiced this November (REFERENCE_DATE's). */
const AKTUELT_AFREGNINGSAAR_START = '2025-11-01';
const TILSYN_KATEGORI = tidsregistreringsKategorier(1).find((k) => k.kode === 'TILSYN')!.id;
const dma = (name: string, kode: string) => id(`dmalookup/${name}`, kode);
const lb = (name: string, kode: string) => id(`mwlandbruglookup/list/${name}`, kode);

interface Firma {
  id: number;
  type: VirksomhedEllerLandbrug;
  navn: string;
  kategori: string | null;
  primaer: number | null;
  brugerbetaling: boolean;
  gebyrtype: string | null;
  etablering: string | null;
  ophoert: string | null;
  hovedaktivitet: string | null;
  chr: string | null;
  postdistrikt: string | null;
}

/** Every set of the parameters A–E (each 1, 3 or 5) with its weighted total, for seeding assessments. */
const PARAMETER_SAET = (() => {
  let saet: Record<RisikoParameter, number>[] = [{} as Record<RisikoParameter, number>];
  for (const k of RISIKO_PARAMETRE)
    saet = saet.flatMap((p) => PARAMETER_SCORER.map((v) => ({ ...p, [k]: v })));
  return saet.map((parametre) => ({ parametre, score: vaegtetRisikoscore(parametre) }));
})();
/** The first parameter set whose total lies nearest `maal`. */
const parametreNaer = (maal: number) =>
  PARAMETER_SAET.reduce((bedst, x) => (Math.abs(x.score - maal) < Math.abs(bedst.score - maal) ? x : bedst));

const AAR_MELLEM_TILSYN: Record<string, [number, number] | null> = {
  '1a': [1, 1],
  '1b': [2, 3],
  '2': [3, 6],
  Ingen: null,
};

const KONKLUSIONER: readonly (readonly [string, number])[] = [
  ['INGEN', 52],
  ['MINDRE', 26],
  ['INDSKAERPELSE', 8],
  ['HAANDHAEVELSE', 4],
  ['PAABUD', 4],
  ['OPFOELGNING', 5],
  ['POLITIANMELDELSE', 0.5],
  ['IKKE_GENNEMFOERT', 0.5],
];

const FORHOLD_VIRKSOMHED = ['AFFALD', 'KEMIKALIER', 'SPILDEVAND', 'STOEJ', 'JORD', 'LUFT', 'RESSOURCER'];
const FORHOLD_LANDBRUG = ['GOEDNING', 'NATUR', 'LUGT', 'AFFALD', 'KEMIKALIER', 'JORD'];

const FUND: Record<string, readonly string[]> = {
  AFFALD: [
    'Farligt affald (spildolie og oliefiltre) stod uden spildbakke.',
    'Affaldsfraktioner sorteres ikke som krævet i regulativet.',
  ],
  KEMIKALIER: [
    'Kemikalier opbevares uden tilstrækkelig afskærmning mod afløb.',
    'Manglende sikkerhedsdatablade.',
  ],
  SPILDEVAND: [
    'Olieudskilleren er ikke tømt inden for det seneste år.',
    'Vaskepladsen afleder til regnvandsledning.',
  ],
  STOEJ: ['Kompressor kører om natten med støj over grænseværdien.'],
  JORD: ['Jordforurening konstateret ved tidligere tankanlæg.'],
  LUFT: ['Afkast fra lakkabine er ikke forsynet med filter.'],
  RESSOURCER: ['Energiforbruget er ikke opgjort som krævet i godkendelsen.'],
  GOEDNING: [
    'Gyllebeholderen mangler flydelag.',
    'Møddingspladsen har ikke afløb til opsamlingsbeholder.',
    'Ensilage opbevaret direkte på jorden uden opsamling af saft.',
  ],
  NATUR: ['Ammoniakemissionen overstiger det tilladte ved nærmeste naturområde.'],
  LUGT: ['Naboklager over lugt ved udbringning af gylle.'],
};

const EJERLAV = ['Bygrunde', 'Markjorder', 'By, Lem', 'Hgd., Dalgas', 'By, Rødding', 'Markjorder, Balling'];

async function firmaer(exec: Executor, kundeId: number): Promise<Firma[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      SELECT id, type, navn, kategori, primaer_sagsbehandler_id AS primaer, omfattet_af_brugerbetaling AS bb,
             basis->'brugerbetaling'->>'gebyrtype' AS gebyrtype,
             to_char(etablerings_dato, 'YYYY-MM-DD') AS etablering, to_char(ophoert_dato, 'YYYY-MM-DD') AS ophoert,
             basis->>'hovedaktivitet' AS hovedaktivitet, chr_nr AS chr, postdistrikt
        FROM virksomhed WHERE kunde_id = ${kundeId} AND type IN (${VIRKSOMHEDSTYPE.VIRKSOMHED}, ${VIRKSOMHEDSTYPE.LANDBRUG}) AND NOT slettet ORDER BY id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    type: Number(r.type) as 1 | 2,
    navn: String(r.navn),
    kategori: (r.kategori as string | null) ?? null,
    primaer: r.primaer === null ? null : Number(r.primaer),
    brugerbetaling: r.bb === true,
    gebyrtype: (r.gebyrtype as string | null) ?? null,
    etablering: (r.etablering as string | null) ?? null,
    ophoert: (r.ophoert as string | null) ?? null,
    hovedaktivitet: (r.hovedaktivitet as string | null) ?? null,
    chr: (r.chr as string | null) ?? null,
    postdistrikt: (r.postdistrikt as string | null) ?? null,
  }));
}

/** A record row as the seed writes it: created and last changed at `t` by its case worker. */
export function registreringRaekke(
  r: {
    kundeId: number;
    virksomhedId: number;
    art: string;
    titel: string;
    dato: string | null;
    sagsbehandlerId: number | null;
    data: Record<string, unknown>;
  },
  t: Date,
) {
  return { ...r, oprettet: t, oprettetAf: r.sagsbehandlerId, opdateret: t, opdateretAf: r.sagsbehandlerId };
}

/** Writes the records of one customer's companies and farms; answers the number of rows written. */
export async function lavRegistreringer(exec: Executor, kunde: KundeRef, prng: Prng): Promise<number> {
  const liste = await firmaer(exec, kunde.id);
  const konklusioner = new Map(
    rowsOf<{ id: number; kode: string }>(
      await exec.execute(sql`SELECT id, kode FROM tilsyn_konklusion WHERE kunde_id = ${kunde.id}`),
    ).map((r) => [r.kode, Number(r.id)]),
  );
  const writer = new BulkWriter(exec, [registrering, cvrAendring]);
  await writer.init();
  const lokaliteter: { id: number; lok: Record<string, string[]> }[] = [];

  for (const f of liste) {
    const pool =
      f.type === VIRKSOMHEDSTYPE.VIRKSOMHED ? kunde.sagsbehandlere.virksomhed : kunde.sagsbehandlere.landbrug;
    const sb = () =>
      f.primaer !== null && prng.chance(0.75) ? f.primaer : pool.length > 0 ? prng.pick(pool) : null;
    const push = (
      art: string,
      titel: string,
      dato: string | null,
      sagsbehandlerId: number | null,
      data: Record<string, unknown>,
      oprettetDag = dato ?? addDays(REFERENCE_DATE, -prng.int(1, 60)),
    ) => {
      const t = timestamp(oprettetDag, prng.int(8, 15), prng.int(0, 59));
      return writer.push(
        registrering,
        registreringRaekke(
          { kundeId: kunde.id, virksomhedId: f.id, art, titel, dato, sagsbehandlerId, data },
          t,
        ),
      );
    };
    const start = f.etablering && f.etablering > '2019-01-01' ? f.etablering : '2019-01-01';
    const slut = f.ophoert ?? REFERENCE_DATE;
    const forhold = f.type === VIRKSOMHEDSTYPE.VIRKSOMHED ? FORHOLD_VIRKSOMHED : FORHOLD_LANDBRUG;

    // ---- inspections and what followed from them
    const interval = AAR_MELLEM_TILSYN[f.kategori ?? 'Ingen'] ?? (prng.chance(0.08) ? [4, 8] : null);
    const tilsynDage: string[] = [];
    if (interval) {
      let dag = addDays(start, prng.int(60, 365 * interval[0]));
      while (dag < slut) {
        tilsynDage.push(dag);
        dag = addDays(dag, prng.int(365 * interval[0] - 60, 365 * interval[1] + 60));
      }
    }
    let senesteRisiko: number | null = null;
    // The municipality follows its plan: an inspection made when a basis inspection is due by the rules
    // (none in the seeded history yet, or the last physical one a basis period ago) is that basis
    // inspection, physical (issue 29). Drawn values are overridden, never drawn again, so the random
    // stream and everything seeded after it stay as they were.
    const basisFrekvens = erPlanKategori(f.kategori) ? BASIS_FREKVENS_AAR[f.kategori] : null;
    let sidsteFysiskeBasis: number | null = null;
    for (const dag of tilsynDage) {
      const aar = dag.slice(0, 4);
      const klage = prng.chance(0.06);
      // A complaint is inspected as a § 9-tilsyn (BEK 1536/2019 § 9: væsentlige miljøklager; guide 4.1.4.1), its background 'Klage'.
      const trukket = klage
        ? 'PARAGRAF9'
        : prng.weighted([
            ['BASIS', 70],
            ['PRIORITERET', 18],
            ['KAMPAGNE', 12],
          ] as const);
      const basisForfalden =
        basisFrekvens !== null &&
        !klage &&
        (sidsteFysiskeBasis === null || Number(aar) >= sidsteFysiskeBasis + basisFrekvens);
      // A company outside regular inspection (no category) gets an 'øvrigt tilsyn' (guide 4.1.6).
      const typeKode = !AAR_MELLEM_TILSYN[f.kategori ?? 'Ingen']
        ? 'OEVRIGE'
        : basisForfalden
          ? 'BASIS'
          : trukket;
      const typeNavn = {
        PARAGRAF9: 'Klagesagstilsyn',
        BASIS: 'Basistilsyn',
        PRIORITERET: 'Prioriteret tilsyn',
        KAMPAGNE: 'Kampagnetilsyn',
        OEVRIGE: 'Øvrigt tilsyn',
      }[typeKode];
      const konklusion = prng.weighted(KONKLUSIONER);
      const valgteForhold = prng.sample(forhold, prng.int(1, 3));
      const fysisk = prng.chance(0.88) || basisForfalden;
      if (typeKode === 'BASIS' && fysisk) sidsteFysiskeBasis = Number(aar);
      const person = sb();
      const tilsynId = push('tilsyn', `${typeNavn} ${aar}`, dag, person, {
        tilsynstypeId: dma('tilsynsTyper', fysisk ? 'FYSISK' : 'ADMINISTRATIVT'),
        tilsynskategoriId: dma('tilsynsKategorier', typeKode),
        baggrundForTilsynId: dma(
          'tilsynsBaggrunde',
          klage ? 'KLAGE' : typeKode === 'KAMPAGNE' ? 'KAMPAGNE' : 'PLANLAGT',
        ),
        varslet: klage ? false : prng.chance(0.9) ? true : prng.chance(0.5) ? false : null,
        planlagtStart: addDays(dag, -prng.int(0, 20)),
        planlagtSlut: addDays(dag, prng.int(0, 10)),
        konklusionId: konklusioner.get(konklusion) ?? null,
        miljoeForholdIds: valgteForhold.map((k) => dma('miljoeForhold', k)),
        vedroererAnlaegstyperIds: [
          dma(
            'tilsynsVedroererAnlaegstyper',
            f.type === VIRKSOMHEDSTYPE.LANDBRUG
              ? prng.pick(['HUSDYR', 'GOEDNING'])
              : prng.pick(['HELE', 'PROCES', 'OPLAG']),
          ),
        ],
        vedroererKravIds: [
          dma(
            'tilsynVedroererKrav',
            f.kategori === '1a' || f.kategori === '1b'
              ? f.type === VIRKSOMHEDSTYPE.LANDBRUG
                ? 'HUSDYR'
                : 'GODKENDELSE'
              : 'BEKENDTGOERELSE',
          ),
        ],
        risikovurderingId: senesteRisiko,
        filIDMA: dag < addDays(REFERENCE_DATE, -30) && prng.chance(0.9),
        bemaerkning:
          konklusion === 'INGEN'
            ? prng.chance(0.3)
              ? 'Virksomheden fremstod ryddelig. Ingen bemærkninger.'
              : null
            : ((FUND[valgteForhold[0]!] ?? ['Der blev konstateret mindre forhold.']).at(prng.int(0, 1)) ??
              null),
      });
      if (['INDSKAERPELSE', 'HAANDHAEVELSE', 'PAABUD', 'POLITIANMELDELSE'].includes(konklusion)) {
        const hType =
          konklusion === 'PAABUD'
            ? 'PAABUD'
            : konklusion === 'POLITIANMELDELSE'
              ? 'POLITIANMELDELSE'
              : 'INDSKAERPELSE';
        const meddelt = addDays(dag, prng.int(5, 25));
        const frist = addDays(meddelt, prng.int(21, 120));
        const efterkommet =
          frist < REFERENCE_DATE && prng.chance(0.85) ? addDays(frist, -prng.int(0, 20)) : null;
        push(
          'haandhaevelse',
          `${hType === 'PAABUD' ? 'Påbud' : hType === 'POLITIANMELDELSE' ? 'Politianmeldelse' : 'Indskærpelse'} om ${
            {
              AFFALD: 'affaldshåndtering',
              KEMIKALIER: 'opbevaring af kemikalier',
              SPILDEVAND: 'spildevand',
              STOEJ: 'støj',
              JORD: 'jordforurening',
              LUFT: 'luftforurening',
              RESSOURCER: 'egenkontrol',
              GOEDNING: 'opbevaring af husdyrgødning',
              NATUR: 'ammoniakemission',
              LUGT: 'lugtgener',
            }[valgteForhold[0]!] ?? 'miljøforhold'
          }`,
          meddelt,
          person,
          {
            haandhaevelsestypeId: dma('haandhaevelsesTyper', hType),
            haandhaevelsesStatusId: dma(
              'haandhaevelsesStatusser',
              hType === 'POLITIANMELDELSE'
                ? 'POLITI'
                : efterkommet
                  ? 'EFTERKOMMET'
                  : frist < REFERENCE_DATE
                    ? 'AFVENTER'
                    : 'AABEN',
            ),
            frist,
            efterkommetDato: efterkommet,
            tilsynId,
            vedroererKravIds: [
              dma(
                'haandhaevelsesVedroererKrav',
                f.type === VIRKSOMHEDSTYPE.LANDBRUG ? 'HUSDYR' : 'BEKENDTGOERELSE',
              ),
            ],
            vedroererAnlaegstypeIds: [],
            bemaerkning: null,
          },
        );
      }
      if (f.brugerbetaling && f.type === VIRKSOMHEDSTYPE.VIRKSOMHED && prng.chance(0.85)) {
        const timesats = f.gebyrtype !== 'Fast gebyr';
        const timer = Math.round(prng.float(1.5, 7.5) * 4) / 4;
        push('brugerbetaling', `Timer til ${typeNavn.toLowerCase()} ${aar}`, dag, person, {
          kategoriId: TILSYN_KATEGORI,
          gebyrtype: timesats ? 'Timesats gebyr' : 'Fast gebyr',
          timer: timesats ? timer : null,
          beloeb: timesats ? null : prng.pick([1850, 2400, 3150]),
          fordringstypeId: id('brugerbetaling/GetPSRMFordringstypeLookup', 'MILJTILSYN'),
          // Invoiced each November for the settlement year before (1 November to 1 November): the
          // years before the current one were invoiced before this system's invoice history began;
          // the current year's hours (from 1 November 2025) wait for this November's run.
          faktureret: dag < AKTUELT_AFREGNINGSAAR_START,
          bemaerkning: null,
        });
      }
      if (
        f.type === VIRKSOMHEDSTYPE.VIRKSOMHED &&
        (f.kategori === '1a' || f.kategori === '1b' || f.kategori === '2') &&
        prng.chance(0.45)
      ) {
        // The level of risk drawn as before (0–100), given as the parameters A–E whose weighted total
        // on the guide's scale lies nearest (issue 29): the score is that total.
        const niveau = prng.int(f.kategori === '1a' ? 40 : 10, f.kategori === '2' ? 55 : 90);
        const { parametre, score } = parametreNaer(scoreFraGammelSkala(niveau));
        senesteRisiko = push(
          'risikovurdering',
          `Risikovurdering ${aar}`,
          addDays(dag, prng.int(1, 30)),
          person,
          {
            risikoscoretypeId: dma('risikoscoretype', 'DMA'),
            ...Object.fromEntries(RISIKO_PARAMETRE.map((k) => [`parameter${k}`, String(parametre[k])])),
            score,
            tilsynsfrekvensAar: score > 3.6 ? 1 : score > 2.8 ? 2 : score > 2 ? 3 : 6,
            begrundelse:
              score > 3.6
                ? 'Høj miljørisiko: tidligere håndhævelser og følsom beliggenhed.'
                : 'Virksomheden overholder reglerne og har god egenkontrol.',
          },
        );
      }
    }
    // A planned inspection in the coming months for about a third of the active ones.
    if (interval && !f.ophoert && prng.chance(0.35)) {
      const planStart = addDays(REFERENCE_DATE, prng.int(7, 110));
      push('tilsyn', `Basistilsyn ${planStart.slice(0, 4)}`, null, sb(), {
        tilsynstypeId: dma('tilsynsTyper', 'FYSISK'),
        tilsynskategoriId: dma('tilsynsKategorier', 'BASIS'),
        baggrundForTilsynId: dma('tilsynsBaggrunde', 'PLANLAGT'),
        varslet: true,
        planlagtStart: planStart,
        planlagtSlut: addDays(planStart, prng.int(0, 5)),
        konklusionId: null,
        miljoeForholdIds: [],
        vedroererAnlaegstyperIds: [],
        vedroererKravIds: [],
        risikovurderingId: senesteRisiko,
        filIDMA: false,
        bemaerkning: 'Planlagt efter tilsynsplanen.',
      });
    }

    // ---- decisions for approved companies and farms
    if (
      f.kategori === '1a' ||
      f.kategori === '1b' ||
      (f.type === VIRKSOMHEDSTYPE.LANDBRUG && f.kategori === '2' && prng.chance(0.3))
    ) {
      const n = prng.int(1, 2);
      for (let i = 0; i < n; i++) {
        const dag = addDays(
          f.etablering && f.etablering > '2008-01-01' ? f.etablering : '2008-01-01',
          prng.int(100, 6000),
        );
        if (dag >= REFERENCE_DATE) continue;
        const type =
          f.type === VIRKSOMHEDSTYPE.LANDBRUG
            ? f.kategori === '2'
              ? 'HUSDYRTILLADELSE'
              : 'HUSDYRGODKENDELSE'
            : i === 0
              ? 'MILJOEGODKENDELSE'
              : prng.pick(['REVURDERING', 'TILLAEG', 'PAABUD']);
        const titel = {
          HUSDYRTILLADELSE: 'Tilladelse til husdyrbrug',
          HUSDYRGODKENDELSE: 'Godkendelse af husdyrbrug',
          MILJOEGODKENDELSE: 'Miljøgodkendelse',
          REVURDERING: 'Revurdering af miljøgodkendelse',
          TILLAEG: 'Tillæg til miljøgodkendelse',
          PAABUD: 'Påbud om støjdæmpning',
        }[type];
        push('afgoerelse', `${titel} ${dag.slice(0, 4)}`, dag, sb(), {
          dmaDokumenttypeId: dma('dmaDokumenttype', type),
          afgoerelsesStatusId: dma(
            'afgoerelsesStatus',
            dag < addDays(REFERENCE_DATE, -60) ? 'ENDELIG' : 'MEDDELT',
          ),
          resultatAfgoerelseId: dma(
            'resultatAfgoerelse',
            prng.chance(0.85) ? 'GODKENDT_VILKAAR' : 'GODKENDT',
          ),
          offentliggjortDato: addDays(dag, prng.int(0, 3)),
          klagefristDato: addDays(dag, 28),
          journalNr: `${dag.slice(0, 4)}-${prng.int(1000, 9999)}`,
          vedroererAnlaegstyperIds: [
            dma('afgoerelseVedroererAnlaegstyper', f.type === VIRKSOMHEDSTYPE.LANDBRUG ? 'HUSDYR' : 'HELE'),
          ],
          batAelId: f.kategori === '1a' ? dma('afgoerelseBATAEL', 'OVERHOLDT') : null,
          dmaFortrolighedsNiveauId: dma('dmaFortrolighedsNiveau', 'OFFENTLIG'),
          bemaerkning: null,
        });
      }
    }

    // ---- heating plants
    const varme =
      f.hovedaktivitet === 'Fjernvarmeværk' || f.hovedaktivitet === 'Korn- og grovvarehandel med tørreri';
    if (varme || prng.chance(f.type === VIRKSOMHEDSTYPE.LANDBRUG ? 0.12 : 0.06)) {
      const [typeKode, braendsel, kw] = varme
        ? prng.pick([
            ['BIOKEDEL', 'TRAEFLIS', prng.int(2000, 9000)],
            ['GASMOTOR', 'NATURGAS', prng.int(1000, 4000)],
            ['KRAFTVARME', 'BIOGAS', prng.int(3000, 12000)],
          ] as const)
        : f.type === VIRKSOMHEDSTYPE.LANDBRUG
          ? prng.pick([
              ['HALMFYR', 'HALM', prng.int(80, 600)],
              ['BIOKEDEL', 'TRAEPILLER', prng.int(40, 300)],
            ] as const)
          : prng.pick([
              ['OLIEFYR', 'FYRINGSOLIE', prng.int(30, 250)],
              ['GASFYR', 'NATURGAS', prng.int(25, 400)],
            ] as const);
      const stoerrelse = kw < 120 ? 'U120' : kw < 1000 ? '120_1000' : kw < 5000 ? '1_5' : '5_50';
      push(
        'fyringsanlaeg',
        `${{ BIOKEDEL: 'Biokedel', GASMOTOR: 'Gasmotor', KRAFTVARME: 'Kraftvarmeanlæg', HALMFYR: 'Halmfyr', OLIEFYR: 'Oliefyr', GASFYR: 'Gaskedel' }[typeKode]} ${kw} kW`,
        kw >= 1000 ? addDays(REFERENCE_DATE, -prng.int(30, 700)) : null,
        null,
        {
          fyringsanlaegTypeId: dma('fyringsanlaegTyper', typeKode),
          braendselTypeId: dma('braendselTyper', braendsel),
          stoerrelseId: dma('fyringsanlaegStoerrelser', stoerrelse),
          effektKW: kw,
          etableringsaar: prng.int(1995, 2024),
          skorstenshoejde: kw >= 1000 ? prng.int(15, 45) : null,
          omfattetAfMCP: kw >= 1000,
          bemaerkning: null,
        },
        addDays(REFERENCE_DATE, -prng.int(200, 2000)),
      );
    }

    // ---- storage
    if (f.type === VIRKSOMHEDSTYPE.LANDBRUG && f.chr) {
      const n = prng.int(1, 3);
      for (let i = 0; i < n; i++) {
        const gylle =
          f.hovedaktivitet !== 'Hestehold' && f.hovedaktivitet !== 'Fåre- og gedehold' && prng.chance(0.75);
        const kontrol = addDays(REFERENCE_DATE, -prng.int(30, 3600));
        push(
          'opbevaringslager',
          gylle ? `Gyllebeholder ${i + 1}` : `Møddingsplads ${i + 1}`,
          kontrol,
          null,
          {
            beholdertypeId: lb('beholdertype', gylle ? 'GYLLETANK' : 'MOEDDINGPLADS'),
            indholdId: lb('opbevaringsindhold', gylle ? 'GYLLE' : 'FAST_GOEDNING'),
            kapacitet: gylle ? prng.pick([1000, 1500, 2000, 3000, 4500, 6000]) : prng.int(80, 600),
            etableringsaar: prng.int(1975, 2022),
            overdaekningId: lb('overdaekning', gylle ? prng.pick(['FAST', 'FLYDELAG', 'FLYDEDUG']) : 'INGEN'),
            naesteKontrol: gylle ? addDays(kontrol, 365 * 10) : null,
            bemaerkning: null,
          },
          addDays(REFERENCE_DATE, -prng.int(400, 3000)),
        );
      }
    } else if (f.type === VIRKSOMHEDSTYPE.VIRKSOMHED && prng.chance(0.12)) {
      push('opbevaringslager', 'Olietank ved værksted', addDays(REFERENCE_DATE, -prng.int(30, 1500)), null, {
        beholdertypeId: lb('beholdertype', 'OLIETANK_OVERJORD'),
        indholdId: lb('opbevaringsindhold', prng.pick(['FYRINGSOLIE', 'DIESELOLIE', 'SPILDOLIE'])),
        kapacitet: prng.pick([1.2, 2.5, 5, 10]),
        etableringsaar: prng.int(1985, 2020),
        overdaekningId: null,
        naesteKontrol: null,
        bemaerkning: 'Tanken står under tag med spildbakke.',
      });
    }

    // ---- livestock
    if (f.type === VIRKSOMHEDSTYPE.LANDBRUG && f.chr) {
      const besaetninger: Record<string, [string, string, number, number][]> = {
        Svinebrug: [
          ['SOEER', 'DELVIST_SPALTE', 300, 1200],
          ['SMAAGRISE', 'DRAENET_GULV', 3000, 12000],
          ['SLAGTESVIN', 'DELVIST_SPALTE', 2500, 15000],
        ],
        'Kvægbrug (malkekvæg)': [
          ['MALKEKO_TUNG', 'SENGESTALD_SPALTER', 120, 600],
          ['KVIER', 'DYBSTROELSE', 80, 400],
        ],
        'Kvægbrug (kødkvæg og kalve)': [
          ['AMMEKOEER', 'DYBSTROELSE', 20, 150],
          ['SLAGTEKALVE', 'DYBSTROELSE', 100, 900],
        ],
        Fjerkræbrug: [[prng.chance(0.5) ? 'SLAGTEKYLLINGER' : 'HOENER', 'VOLIERE', 20000, 80000]],
        'Blandet husdyrbrug og planteavl': [
          ['SLAGTESVIN', 'DELVIST_SPALTE', 500, 3000],
          ['AMMEKOEER', 'DYBSTROELSE', 10, 60],
        ],
        'Fåre- og gedehold': [
          ['FAAR', 'DYBSTROELSE', 20, 200],
          ['GEDER', 'DYBSTROELSE', 10, 80],
        ],
        Hestehold: [['HESTE', 'DYBSTROELSE', 5, 40]],
        Pelsdyrfarm: [['MINK', 'BURE', 1000, 5000]],
      };
      const dyr = besaetninger[f.hovedaktivitet ?? ''] ?? [['AMMEKOEER', 'DYBSTROELSE', 5, 40]];
      dyr.forEach(([type, stald, min, max], i) => {
        const antal = prng.int(min, max);
        const fra = addDays(
          f.etablering && f.etablering > '2017-08-01' ? f.etablering : '2017-08-01',
          prng.int(0, 900),
        );
        push(
          'dyrehold',
          `Stald ${String.fromCharCode(65 + i)}`,
          fra,
          null,
          {
            dyretypeId: id('dyretype/list', type),
            staldsystemId: lb('staldsystem', stald),
            antalDyr: antal,
            produktionsareal:
              type.startsWith('SLAGTE') || type === 'SOEER' || type === 'SMAAGRISE'
                ? Math.round(antal * prng.float(0.55, 1.1))
                : null,
            gyldigTil: type === 'MINK' ? '2020-11-30' : f.ophoert,
            bemaerkning: null,
          },
          fra,
        );
      });
    }

    // ---- CVR changes and locality
    if (prng.chance(0.06)) {
      const registreret = timestamp(addDays(REFERENCE_DATE, -prng.int(5, 400)), 6, 0);
      const navneskift = prng.chance(0.5);
      writer.push(cvrAendring, {
        kundeId: kunde.id,
        virksomhedId: f.id,
        felt: navneskift ? 'Navn' : 'Reklamebeskyttelse',
        gammelVaerdi: navneskift ? f.navn.replace(/ (ApS|A\/S|I\/S)$/, '') : 'Nej',
        nyVaerdi: navneskift ? f.navn : 'Ja',
        registreret,
        overtaget: navneskift,
        brugerId: navneskift ? f.primaer : null,
      });
    }
    if (prng.chance(0.35)) {
      const sted = f.postdistrikt ?? 'Skive';
      const matrikler = Array.from({ length: prng.int(1, 3) }, () => {
        const nr = `${prng.int(1, 60)}${prng.chance(0.6) ? String.fromCharCode(97 + prng.int(0, 10)) : ''}`;
        return `${nr} ${sted} ${prng.pick(EJERLAV)}`;
      });
      const bygninger =
        f.type === VIRKSOMHEDSTYPE.LANDBRUG
          ? prng.sample(
              ['Stuehus', 'Kostald', 'Svinestald', 'Maskinhus', 'Lade', 'Foderhus', 'Gyllebeholder'],
              prng.int(2, 4),
            )
          : prng.sample(
              ['Produktionshal', 'Kontorbygning', 'Værksted', 'Lagerhal', 'Vaskehal', 'Overdækket oplag'],
              prng.int(1, 3),
            );
      lokaliteter.push({
        id: f.id,
        lok: {
          matrikler,
          grunde: [],
          bygningerOgAnlaeg: bygninger,
          ejere: prng.chance(0.5) ? [f.navn] : [],
        },
      });
    }
    await writer.maybeFlush();
  }
  await writer.finish();
  if (lokaliteter.length > 0) {
    await exec.execute(sql`
      UPDATE virksomhed v SET basis = v.basis || jsonb_build_object('lokalitet', x.lok)
        FROM json_to_recordset(${JSON.stringify(lokaliteter)}::json) AS x(id int, lok jsonb)
       WHERE v.id = x.id`);
  }
  return writer.count(registrering) + writer.count(cvrAendring);
}
