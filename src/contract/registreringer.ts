import { z } from 'zod';
import type { FeltDef } from './felter';
import { alleTjek, dmaFelt, gyldigTilTjek, HAANDHAEVELSE_NAVNE, ikkeFoer, meddeltTjek } from './kind-dele';
import {
  anyRecordSchema,
  bemaerkningFelt as bemaerkning,
  defineRecordKind,
  type RecordKind,
  recordKonflikt,
  recordOpretSchema,
  recordRetSchema,
  recordSchema,
  sagsbehandlerFelt as sagsbehandler,
  titelFelt as titel,
  VIRKSOMHED_EJER,
} from './record-kind';
import { VIRKSOMHEDSTYPE } from './roles';
import {
  erGyldigRisikoscore,
  PARAMETER_SCORER,
  RISIKO_PARAMETRE,
  type RisikoParameter,
  scoreTekst,
  vaegtetRisikoscore,
} from './tilsynsplan-regler';

/**
 * The eight record kinds of a company or farm, declared on the generic record kind (./record-kind):
 * the fields its form shows and the server checks, its list columns and its log subject.
 */
export const REGISTRERING_ARTER = [
  'tilsyn',
  'haandhaevelse',
  'afgoerelse',
  'risikovurdering',
  'fyringsanlaeg',
  'brugerbetaling',
  'opbevaringslager',
  'dyrehold',
] as const;
export type RegistreringArt = (typeof REGISTRERING_ARTER)[number];

export type ArtDef = RecordKind<RegistreringArt>;

const landbrug = (name: string) => ({ path: `mwlandbruglookup/list/${name}` });

export const TILSYN = defineRecordKind({
  owner: VIRKSOMHED_EJER,
  art: 'tilsyn',
  fane: { segment: 'tilsyn', param: 'tilsynid' },
  navn: 'Tilsyn',
  flertal: 'Tilsyn',
  nyLabel: 'Nyt tilsyn',
  felter: [
    titel(),
    dmaFelt('tilsynstypeId', 'Tilsynstype', 'tilsynsTyper', { paakraevet: true }),
    dmaFelt('tilsynskategoriId', 'Tilsynskategori', 'tilsynsKategorier', { paakraevet: true }),
    dmaFelt('baggrundForTilsynId', 'Baggrund for tilsyn', 'tilsynsBaggrunde'),
    { navn: 'varslet', label: 'Varslet', type: { kind: 'jaNej', treVejs: true }, maerker: ['D'] },
    { navn: 'planlagtStart', label: 'Planlagt start', type: { kind: 'dato' } },
    { navn: 'planlagtSlut', label: 'Planlagt slut', type: { kind: 'dato' } },
    { navn: 'dato', label: 'Tilsynsdato', type: { kind: 'dato' }, maerker: ['D'] },
    sagsbehandler,
    {
      navn: 'konklusionId',
      label: 'Konklusion',
      type: { kind: 'lookup', kilde: { special: 'tilsynKonklusion' } },
    },
    dmaFelt('miljoeForholdIds', 'Miljøforhold', 'miljoeForhold', { flere: true }),
    dmaFelt('vedroererAnlaegstyperIds', 'Vedrører anlægstyper', 'tilsynsVedroererAnlaegstyper', {
      flere: true,
    }),
    dmaFelt('vedroererKravIds', 'Vedrører krav', 'tilsynVedroererKrav', { flere: true }),
    {
      navn: 'risikovurderingId',
      label: 'Risikovurdering lagt til grund',
      type: { kind: 'lookup', kilde: { special: 'risikovurdering' } },
    },
    { navn: 'filIDMA', label: 'Tilsynsrapport lagt i DMA', type: { kind: 'jaNej' }, maerker: ['D'] },
    { navn: 'rapportSendt', label: 'Rapport sendt til virksomheden', type: { kind: 'dato' } },
    bemaerkning,
  ],
  tjek: alleTjek(
    ikkeFoer('planlagtStart', 'planlagtSlut', 'Planlagt slut må ikke ligge før planlagt start'),
    (v) =>
      v.filIDMA === true && !v.dato ? [['dato', 'Et tilsyn med rapport i DMA skal have en tilsynsdato']] : [],
  ),
  listeFelter: ['dato', 'titel', 'tilsynskategoriId', 'tilsynstypeId', 'konklusionId', 'sagsbehandlerId'],
});

export const HAANDHAEVELSE = defineRecordKind({
  owner: VIRKSOMHED_EJER,
  art: 'haandhaevelse',
  fane: { segment: 'haandhaevelser', param: 'haandhaevelseid' },
  ...HAANDHAEVELSE_NAVNE,
  felter: [
    titel(),
    dmaFelt('haandhaevelsestypeId', 'Håndhævelsestype', 'haandhaevelsesTyper', { paakraevet: true }),
    dmaFelt('haandhaevelsesStatusId', 'Status', 'haandhaevelsesStatusser', { paakraevet: true }),
    { navn: 'dato', label: 'Meddelt dato', type: { kind: 'dato', paakraevet: true }, maerker: ['D'] },
    { navn: 'frist', label: 'Frist', type: { kind: 'dato' }, maerker: ['D'] },
    { navn: 'efterkommetDato', label: 'Efterkommet dato', type: { kind: 'dato' }, maerker: ['D'] },
    sagsbehandler,
    {
      navn: 'tilsynId',
      label: 'Konstateret ved tilsyn',
      type: { kind: 'lookup', kilde: { special: 'tilsyn' } },
    },
    dmaFelt('vedroererKravIds', 'Vedrører krav', 'haandhaevelsesVedroererKrav', { flere: true }),
    dmaFelt('vedroererAnlaegstypeIds', 'Vedrører anlægstype', 'haandhaevelsesVedroererAnlaegstype', {
      flere: true,
    }),
    bemaerkning,
  ],
  tjek: meddeltTjek,
  listeFelter: [
    'dato',
    'titel',
    'haandhaevelsestypeId',
    'haandhaevelsesStatusId',
    'frist',
    'sagsbehandlerId',
  ],
});

export const AFGOERELSE = defineRecordKind({
  owner: VIRKSOMHED_EJER,
  art: 'afgoerelse',
  fane: { segment: 'afgoerelser', param: 'afgoerelseid' },
  navn: 'Afgørelse',
  flertal: 'Afgørelser',
  nyLabel: 'Ny afgørelse',
  felter: [
    titel(),
    dmaFelt('dmaDokumenttypeId', 'Afgørelsestype', 'dmaDokumenttype', { paakraevet: true }),
    dmaFelt('afgoerelsesStatusId', 'Status', 'afgoerelsesStatus', { paakraevet: true }),
    dmaFelt('resultatAfgoerelseId', 'Resultat', 'resultatAfgoerelse'),
    { navn: 'dato', label: 'Afgørelsesdato', type: { kind: 'dato' }, maerker: ['D'] },
    { navn: 'offentliggjortDato', label: 'Offentliggjort', type: { kind: 'dato' }, maerker: ['D'] },
    { navn: 'klagefristDato', label: 'Klagefrist', type: { kind: 'dato' } },
    { navn: 'journalNr', label: 'Journalnummer', type: { kind: 'tekst', max: 50 } },
    sagsbehandler,
    dmaFelt('vedroererAnlaegstyperIds', 'Vedrører anlægstyper', 'afgoerelseVedroererAnlaegstyper', {
      flere: true,
    }),
    dmaFelt('batAelId', 'BAT-AEL', 'afgoerelseBATAEL'),
    dmaFelt('dmaFortrolighedsNiveauId', 'Fortrolighed', 'dmaFortrolighedsNiveau', { paakraevet: true }),
    bemaerkning,
  ],
  tjek: alleTjek(
    ikkeFoer('dato', 'offentliggjortDato', 'Må ikke ligge før afgørelsesdatoen'),
    ikkeFoer('dato', 'klagefristDato', 'Klagefristen må ikke ligge før afgørelsesdatoen'),
  ),
  nyeStandard: { dmaFortrolighedsNiveauId: 1 },
  listeFelter: ['dato', 'titel', 'dmaDokumenttypeId', 'afgoerelsesStatusId', 'resultatAfgoerelseId'],
});

/** The parameters of the guide's risk model (bilag 1, afsnit 2), each scored 1, 3 or 5. */
const PARAMETER_LABEL: Record<RisikoParameter, string> = {
  A: 'A. Miljøledelse',
  B: 'B. Regelefterlevelse',
  C: 'C. Håndtering og opbevaring',
  D: 'D. Emissioner / husdyrbrugets størrelse',
  E: 'E. Sårbarhed',
};

/**
 * The total risk score is the guide's weighted total of A–E (vaegtetRisikoscore). The parameters are
 * optional (a score from Miljøstyrelsen's tool may be entered as it is); given, all five are, and the
 * score must be their total.
 */
function risikoscoreTjek(v: Record<string, unknown>): [string, string][] {
  const givne = RISIKO_PARAMETRE.filter((k) => v[`parameter${k}`] != null);
  if (givne.length === 0) return [];
  if (givne.length < RISIKO_PARAMETRE.length)
    return RISIKO_PARAMETRE.filter((k) => !givne.includes(k)).map((k) => [
      `parameter${k}`,
      'Angiv alle fem parametre A–E, eller ingen',
    ]);
  const total = vaegtetRisikoscore(
    Object.fromEntries(RISIKO_PARAMETRE.map((k) => [k, Number(v[`parameter${k}`])])) as Record<
      RisikoParameter,
      number
    >,
  );
  // A score outside the scale or with more decimals has its own message already.
  const score = v.score;
  if (
    typeof score === 'number' &&
    erGyldigRisikoscore(score) &&
    Math.round(score * 100) !== Math.round(total * 100)
  )
    return [['score', `Den samlede risikoscore af parametrene A–E er ${scoreTekst(total)}`]];
  return [];
}

export const RISIKOVURDERING = defineRecordKind({
  owner: VIRKSOMHED_EJER,
  art: 'risikovurdering',
  fane: { segment: 'risikovurdering', param: 'risikovurderingid' },
  navn: 'Risikovurdering',
  flertal: 'Risikovurderinger',
  nyLabel: 'Ny risikovurdering',
  felter: [
    titel(),
    dmaFelt('risikoscoretypeId', 'Model', 'risikoscoretype', { paakraevet: true }),
    { navn: 'dato', label: 'Vurderingsdato', type: { kind: 'dato', paakraevet: true }, maerker: ['D'] },
    ...RISIKO_PARAMETRE.map(
      (k): FeltDef => ({
        navn: `parameter${k}`,
        label: PARAMETER_LABEL[k],
        type: { kind: 'valg', valg: PARAMETER_SCORER.map(String) },
      }),
    ),
    {
      navn: 'score',
      label: 'Samlet risikoscore (1–5)',
      type: { kind: 'tal', paakraevet: true, min: 1, max: 5, decimaler: 2 },
      maerker: ['D'],
    },
    {
      navn: 'tilsynsfrekvensAar',
      label: 'Tilsynsfrekvens (år mellem tilsyn)',
      type: { kind: 'tal', min: 1, max: 10, heltal: true },
    },
    sagsbehandler,
    { navn: 'begrundelse', label: 'Begrundelse', type: { kind: 'tekst', max: 4000, flerlinjet: true } },
  ],
  tjek: risikoscoreTjek,
  listeFelter: ['dato', 'titel', 'risikoscoretypeId', 'score', 'tilsynsfrekvensAar'],
});

export const FYRINGSANLAEG = defineRecordKind({
  owner: VIRKSOMHED_EJER,
  art: 'fyringsanlaeg',
  fane: { segment: 'fyringsanlaeg', param: 'fyringsanlaegid' },
  navn: 'Fyringsanlæg',
  flertal: 'Fyringsanlæg',
  nyLabel: 'Nyt fyringsanlæg',
  felter: [
    titel('Anlæg'),
    dmaFelt('fyringsanlaegTypeId', 'Anlægstype', 'fyringsanlaegTyper', { paakraevet: true }),
    dmaFelt('braendselTypeId', 'Brændsel', 'braendselTyper', { paakraevet: true }),
    dmaFelt('stoerrelseId', 'Størrelse', 'fyringsanlaegStoerrelser'),
    {
      navn: 'effektKW',
      label: 'Indfyret effekt',
      type: { kind: 'tal', paakraevet: true, min: 0.1, max: 5_000_000, enhed: 'kW' },
      maerker: ['D'],
    },
    {
      navn: 'etableringsaar',
      label: 'Etableringsår',
      type: { kind: 'tal', heltal: true, min: 1900, max: 2100 },
    },
    { navn: 'skorstenshoejde', label: 'Skorstenshøjde', type: { kind: 'tal', min: 0, max: 300, enhed: 'm' } },
    { navn: 'dato', label: 'Seneste emissionsmåling', type: { kind: 'dato' } },
    {
      navn: 'omfattetAfMCP',
      label: 'Omfattet af MCP-bekendtgørelsen',
      type: { kind: 'jaNej' },
      maerker: ['D'],
    },
    bemaerkning,
  ],
  listeFelter: ['titel', 'fyringsanlaegTypeId', 'braendselTypeId', 'effektKW', 'etableringsaar', 'dato'],
});

/**
 * How a user-payment record is charged: hours at the year's hourly rate, a fixed amount, or an
 * outside service bought by the authority (analyses, measurements), charged at the year's share of
 * the bill excl. VAT (src/contract/fakturering.ts `fremmedAndelBp`).
 */
export const BRUGERBETALING_GEBYRTYPER = ['Timesats gebyr', 'Fast gebyr', 'Fremmed tjenesteydelse'] as const;

export const BRUGERBETALING = defineRecordKind({
  owner: VIRKSOMHED_EJER,
  art: 'brugerbetaling',
  fane: { segment: 'brugerbetaling', param: 'brugerbetalingid' },
  navn: 'Brugerbetaling',
  flertal: 'Brugerbetaling',
  nyLabel: 'Ny registrering',
  felter: [
    titel('Beskrivelse'),
    { navn: 'dato', label: 'Dato', type: { kind: 'dato', paakraevet: true } },
    {
      navn: 'kategoriId',
      label: 'Tidsregistreringskategori',
      type: { kind: 'lookup', kilde: { special: 'tidsregistrering' }, paakraevet: true },
    },
    // Read on complaint work (the category 'Klagesagsbehandling') only: work on a complaint is
    // invoiced only when the complaint is marked justified; otherwise its line says why it is left
    // out (src/contract/brugerbetaling-regler.ts, andelFor).
    { navn: 'klageBerettiget', label: 'Berettiget klage (ved klagesagsbehandling)', type: { kind: 'jaNej' } },
    {
      navn: 'gebyrtype',
      label: 'Gebyrtype',
      type: { kind: 'valg', valg: BRUGERBETALING_GEBYRTYPER, paakraevet: true },
    },
    { navn: 'timer', label: 'Timer', type: { kind: 'tal', min: 0, max: 1000, enhed: 'timer' } },
    {
      navn: 'beloeb',
      label: 'Beløb (ekskl. moms)',
      type: { kind: 'tal', min: 0, max: 10_000_000, enhed: 'kr.' },
    },
    {
      navn: 'fordringstypeId',
      label: 'Fordringstype (PSRM)',
      type: { kind: 'lookup', kilde: { path: 'brugerbetaling/GetPSRMFordringstypeLookup' } },
    },
    sagsbehandler,
    // Set only by invoicing (approving sets it, cancelling and crediting clear it); never from a request.
    { navn: 'faktureret', label: 'Faktureret', type: { kind: 'jaNej' }, skrivebeskyttet: true },
    bemaerkning,
  ],
  tjek: (v) => {
    const fejl: [string, string][] = [];
    if (v.gebyrtype === 'Timesats gebyr' && !(typeof v.timer === 'number' && v.timer > 0)) {
      fejl.push(['timer', 'Angiv timer ved timesats gebyr']);
    }
    if (v.gebyrtype === 'Fast gebyr' && !(typeof v.beloeb === 'number' && v.beloeb > 0)) {
      fejl.push(['beloeb', 'Angiv beløbet ved fast gebyr']);
    }
    if (v.gebyrtype === 'Fremmed tjenesteydelse' && !(typeof v.beloeb === 'number' && v.beloeb > 0)) {
      fejl.push(['beloeb', 'Angiv regningens beløb ekskl. moms ved fremmed tjenesteydelse']);
    }
    return fejl;
  },
  kraeverBrugerbetaling: true,
  listeFelter: ['dato', 'titel', 'kategoriId', 'gebyrtype', 'timer', 'beloeb', 'faktureret'],
});

export const OPBEVARINGSLAGER = defineRecordKind({
  owner: VIRKSOMHED_EJER,
  art: 'opbevaringslager',
  fane: { segment: 'opbevaringslagre', param: 'opbevaringslagerid' },
  navn: 'Opbevaringslager',
  flertal: 'Opbevaringslagre',
  nyLabel: 'Nyt opbevaringslager',
  felter: [
    titel('Betegnelse'),
    {
      navn: 'beholdertypeId',
      label: 'Lagertype',
      type: { kind: 'lookup', kilde: landbrug('beholdertype'), paakraevet: true },
    },
    {
      navn: 'indholdId',
      label: 'Indhold',
      type: { kind: 'lookup', kilde: landbrug('opbevaringsindhold'), paakraevet: true },
    },
    {
      navn: 'kapacitet',
      label: 'Kapacitet',
      type: { kind: 'tal', paakraevet: true, min: 0.1, max: 100_000, enhed: 'm³' },
    },
    {
      navn: 'etableringsaar',
      label: 'Etableringsår',
      type: { kind: 'tal', heltal: true, min: 1900, max: 2100 },
    },
    {
      navn: 'overdaekningId',
      label: 'Overdækning',
      type: { kind: 'lookup', kilde: landbrug('overdaekning') },
    },
    { navn: 'dato', label: 'Seneste beholderkontrol', type: { kind: 'dato' } },
    { navn: 'naesteKontrol', label: 'Næste beholderkontrol', type: { kind: 'dato' } },
    bemaerkning,
  ],
  tjek: ikkeFoer('dato', 'naesteKontrol', 'Må ikke ligge før seneste kontrol'),
  listeFelter: ['titel', 'beholdertypeId', 'indholdId', 'kapacitet', 'dato', 'naesteKontrol'],
});

export const DYREHOLD = defineRecordKind({
  owner: VIRKSOMHED_EJER,
  art: 'dyrehold',
  fane: { segment: 'dyrehold', param: 'dyreholdid' },
  navn: 'Dyrehold',
  flertal: 'Dyrehold',
  nyLabel: 'Nyt dyrehold',
  felter: [
    titel('Stald / afsnit'),
    {
      navn: 'dyretypeId',
      label: 'Dyretype',
      type: { kind: 'lookup', kilde: { path: 'dyretype/list' }, paakraevet: true },
      maerker: ['D'],
    },
    {
      navn: 'staldsystemId',
      label: 'Staldsystem',
      type: { kind: 'lookup', kilde: landbrug('staldsystem') },
    },
    {
      navn: 'antalDyr',
      label: 'Antal dyr (årsdyr eller stipladser)',
      type: { kind: 'tal', paakraevet: true, min: 0, max: 10_000_000, heltal: true },
      maerker: ['D'],
    },
    {
      navn: 'produktionsareal',
      label: 'Produktionsareal',
      type: { kind: 'tal', min: 0, max: 1_000_000, enhed: 'm²' },
      maerker: ['D'],
    },
    { navn: 'dato', label: 'Gældende fra', type: { kind: 'dato', paakraevet: true } },
    { navn: 'gyldigTil', label: 'Gældende til', type: { kind: 'dato' } },
    bemaerkning,
  ],
  tjek: gyldigTilTjek,
  kunForType: VIRKSOMHEDSTYPE.LANDBRUG,
  listeFelter: ['titel', 'dyretypeId', 'staldsystemId', 'antalDyr', 'produktionsareal', 'dato', 'gyldigTil'],
});

export const ARTER: Record<RegistreringArt, ArtDef> = {
  tilsyn: TILSYN,
  haandhaevelse: HAANDHAEVELSE,
  afgoerelse: AFGOERELSE,
  risikovurdering: RISIKOVURDERING,
  fyringsanlaeg: FYRINGSANLAEG,
  brugerbetaling: BRUGERBETALING,
  opbevaringslager: OPBEVARINGSLAGER,
  dyrehold: DYREHOLD,
};

export const opretSchema = (art: RegistreringArt) => recordOpretSchema(ARTER[art]);
export const retSchema = (art: RegistreringArt) => recordRetSchema(ARTER[art]);
export const registreringSchema = (art: RegistreringArt) => recordSchema(ARTER[art]);

export const anyRegistreringSchema = anyRecordSchema;
export type Registrering = z.infer<typeof anyRegistreringSchema> & Record<string, unknown>;
export const anyRegistreringListeSchema = z.array(anyRegistreringSchema);

export const registreringKonflikt = recordKonflikt;
