import { type FeltDef, foer } from './felter';
import { plusDage } from './format';
import { HAANDHAEVELSE_NAVNE, HAANDHAEVELSE_STATUS, ikkeFoer } from './kind-dele';
import {
  bemaerkningFelt as bemaerkning,
  defineRecordKind,
  SAT_EJER,
  SATVIRKSOMHED_EJER,
  sagsbehandlerFelt as sagsbehandler,
  titelFelt as titel,
} from './record-kind';
import { AFFALDSFRAKTION_TEKST, AFFALDSFRAKTIONER, fraktionFelt, SAT_RESULTAT_TYPE_STI } from './sat';

/**
 * The record kinds of the SAT programme, declared on the shared record kind (./record-kind): the
 * result (one per company; a SAT company or an ordinary company or farm), follow-up inspections,
 * enforcement and fees. Paths are the specification's: `satresultat/{type}/{id}`,
 * `sattilsyn/list/{id}`, `POST sathaandhaevelse/{satVirksomhedId}`, `satgebyr/{type}/list/{id}` ...
 */

/** GET SATResultatKategori/lookup: the result categories as lookup items (kode = the category). */
export const SAT_KATEGORI_STI = 'SATResultatKategori/lookup';

/** Hours are registered in half hours (brugerbetaling: time per day to ½ h). */
const halveTimer = (v: Record<string, unknown>, felt: string): [string, string][] =>
  typeof v[felt] === 'number' && !Number.isInteger((v[felt] as number) * 2)
    ? [[felt, 'Timeantal angives i hele eller halve timer']]
    : [];

const timeantal: FeltDef = {
  navn: 'timeantal',
  label: 'Timeantal',
  type: { kind: 'tal', min: 0, max: 1000, enhed: 'timer' },
};

/** The 18 fraction flags of a result, in the spec's order. */
export const FRAKTION_FELTER: readonly FeltDef[] = AFFALDSFRAKTIONER.map((f) => ({
  navn: fraktionFelt(f),
  label: AFFALDSFRAKTION_TEKST[f],
  type: { kind: 'jaNej' },
  maerker: ['S'],
}));

/**
 * A SAT result (spec 001 §3 'SAT result'). One live result per company (a unique index); the
 * transfer dates are set only by the transfer to the SAT system. The farm rule (only
 * DelAfMiljoeTilsyn and Paragraf8) needs the owner and is checked by the server's hook.
 */
export const SAT_RESULTAT = defineRecordKind({
  owner: SAT_EJER,
  art: 'satresultat',
  fane: { segment: 'affaldstilsyn' },
  navn: 'SAT-resultat',
  flertal: 'SAT-resultater',
  nyLabel: 'Nyt resultat',
  felter: [
    titel('Titel', 200),
    {
      navn: 'satTilsynsresultatKategori',
      label: 'Kategori',
      type: { kind: 'lookup', kilde: { path: SAT_KATEGORI_STI }, vaerdi: 'kode', paakraevet: true },
      maerker: ['S'],
    },
    {
      navn: 'satTilsynsresultatTypeId',
      label: 'Resultattype',
      type: { kind: 'lookup', kilde: { path: SAT_RESULTAT_TYPE_STI }, paakraevet: true },
      maerker: ['S'],
    },
    {
      navn: 'resultatTypeBemaerkning',
      label: 'Bemærkning til resultatet',
      type: { kind: 'tekst', max: 2000, flerlinjet: true },
      maerker: ['S'],
    },
    timeantal,
    { navn: 'udfoertDato', label: 'Udført dato', type: { kind: 'dato' }, maerker: ['S'] },
    sagsbehandler,
    ...FRAKTION_FELTER,
    {
      navn: 'forkerteFraktionerIMstData',
      label: 'Forkerte fraktioner i Miljøstyrelsens data',
      type: { kind: 'jaNej' },
      maerker: ['S'],
    },
    {
      navn: 'forkerteFraktionerIMstDataBemaerkning',
      label: 'Bemærkning til forkerte fraktioner',
      type: { kind: 'tekst', max: 2000, flerlinjet: true },
      maerker: ['S'],
    },
    {
      navn: 'forkerteAktoererIMstData',
      label: 'Forkerte aktører i Miljøstyrelsens data',
      type: { kind: 'jaNej' },
      maerker: ['S'],
    },
    {
      navn: 'forkerteAktoererIMstDataBemaerkning',
      label: 'Bemærkning til forkerte aktører',
      type: { kind: 'tekst', max: 2000, flerlinjet: true },
      maerker: ['S'],
    },
    {
      navn: 'overfoertTilMiljoestyrelsenDato',
      label: 'Overført til Miljøstyrelsen',
      type: { kind: 'tekst', max: 40 },
      skrivebeskyttet: true,
    },
    {
      navn: 'oprettetMiljoestyrelsenDato',
      label: 'Oprettet hos Miljøstyrelsen',
      type: { kind: 'tekst', max: 40 },
      skrivebeskyttet: true,
    },
  ],
  tjek: (v) => {
    const fejl = halveTimer(v, 'timeantal');
    if (v.forkerteFraktionerIMstData === true && !v.forkerteFraktionerIMstDataBemaerkning)
      fejl.push(['forkerteFraktionerIMstDataBemaerkning', 'Skriv hvilke fraktioner der er forkerte']);
    if (v.forkerteAktoererIMstData === true && !v.forkerteAktoererIMstDataBemaerkning)
      fejl.push(['forkerteAktoererIMstDataBemaerkning', 'Skriv hvilke aktører der er forkerte']);
    return fejl;
  },
  nyeStandard: { titel: 'Affaldstilsyn', satTilsynsresultatKategori: 'UdtrukketAfSAT' },
  listeFelter: ['udfoertDato', 'satTilsynsresultatKategori', 'satTilsynsresultatTypeId', 'timeantal'],
  datoFelt: 'udfoertDato',
  logEmne: 'Affaldstilsyn',
});

/** Follow-up inspections of a SAT company (opfølgende tilsyn). */
export const SAT_TILSYN_TYPER = ['Fysisk', 'Administrativt'] as const;

/** Physical visits are notified at least 14 days ahead (municipal practice, docs/decisions.md). */
export const VARSLING_DAGE = 14;

/** The last day to notify a visit on `dato` (YYYY-MM-DD): 14 days before. */
export function varslesSenest(dato: string): string {
  return plusDage(dato.slice(0, 10), -VARSLING_DAGE);
}

export const SAT_TILSYN = defineRecordKind({
  owner: SATVIRKSOMHED_EJER,
  art: 'sattilsyn',
  fane: { segment: 'opfoelgendetilsyn', param: 'opfoelgendetilsynid' },
  navn: 'Opfølgende tilsyn',
  flertal: 'Opfølgende tilsyn',
  nyLabel: 'Nyt opfølgende tilsyn',
  felter: [
    titel(),
    {
      navn: 'tilsynstype',
      label: 'Tilsynstype',
      type: { kind: 'valg', valg: SAT_TILSYN_TYPER, paakraevet: true },
    },
    { navn: 'dato', label: 'Dato', type: { kind: 'dato', paakraevet: true } },
    { navn: 'varsletDato', label: 'Varslet dato', type: { kind: 'dato' } },
    {
      navn: 'varslesSenest',
      label: 'Varsles senest',
      type: { kind: 'dato' },
      skrivebeskyttet: true,
    },
    { navn: 'udfoert', label: 'Udført', type: { kind: 'jaNej' } },
    timeantal,
    sagsbehandler,
    bemaerkning,
  ],
  tjek: (v) => {
    const fejl = halveTimer(v, 'timeantal');
    if (foer(v, 'varsletDato', 'dato'))
      fejl.push(['varsletDato', 'Varslingen må ikke ligge efter tilsynsdatoen']);
    return fejl;
  },
  afled: (v) => ({
    varslesSenest: v.tilsynstype === 'Fysisk' && typeof v.dato === 'string' ? varslesSenest(v.dato) : null,
  }),
  nyeStandard: { tilsynstype: 'Fysisk' },
  listeFelter: ['dato', 'titel', 'tilsynstype', 'varslesSenest', 'udfoert', 'sagsbehandlerId'],
});

/** Enforcement of a SAT company. */
export const SAT_HAANDHAEVELSE_TYPER = [
  'Henstilling',
  'Indskærpelse',
  'Påbud',
  'Forbud',
  'Politianmeldelse',
] as const;
export const SAT_HAANDHAEVELSE_STATUS = HAANDHAEVELSE_STATUS;

export const SAT_HAANDHAEVELSE = defineRecordKind({
  owner: SATVIRKSOMHED_EJER,
  art: 'sathaandhaevelse',
  fane: { segment: 'haandhaevelser', param: 'satHaandhaevelseId' },
  ...HAANDHAEVELSE_NAVNE,
  felter: [
    titel(),
    {
      navn: 'haandhaevelsestype',
      label: 'Håndhævelsestype',
      type: { kind: 'valg', valg: SAT_HAANDHAEVELSE_TYPER, paakraevet: true },
    },
    { navn: 'dato', label: 'Dato', type: { kind: 'dato', paakraevet: true } },
    { navn: 'frist', label: 'Frist', type: { kind: 'dato' } },
    {
      navn: 'status',
      label: 'Status',
      type: { kind: 'valg', valg: SAT_HAANDHAEVELSE_STATUS, paakraevet: true },
    },
    sagsbehandler,
    bemaerkning,
  ],
  tjek: ikkeFoer('dato', 'frist', 'Fristen må ikke ligge før datoen'),
  nyeStandard: { status: 'Åben' },
  listeFelter: ['dato', 'titel', 'haandhaevelsestype', 'frist', 'status', 'sagsbehandlerId'],
});

/**
 * A fee (brugerbetaling) for a SAT inspection: the fee type valid on the inspection date, the hours,
 * and, computed by the server when saved, the rate and the amount in øre (hours × rate, or the fixed
 * fee). `faktureret` is set by invoicing.
 */
export const SAT_GEBYR = defineRecordKind({
  owner: SAT_EJER,
  art: 'satgebyr',
  fane: { segment: 'brugerbetaling', param: 'gebyrid' },
  navn: 'Gebyr',
  flertal: 'Brugerbetaling',
  nyLabel: 'Nyt gebyr',
  felter: [
    titel('Tekst', 200),
    { navn: 'dato', label: 'Tilsynsdato', type: { kind: 'dato', paakraevet: true } },
    {
      navn: 'gebyrtypeId',
      label: 'Gebyrtype',
      type: { kind: 'lookup', kilde: { special: 'satGebyrType' }, paakraevet: true },
    },
    timeantal,
    sagsbehandler,
    bemaerkning,
    { navn: 'satsOere', label: 'Sats (øre)', type: { kind: 'tal', heltal: true }, skrivebeskyttet: true },
    { navn: 'beloebOere', label: 'Beløb (øre)', type: { kind: 'tal', heltal: true }, skrivebeskyttet: true },
    { navn: 'faktureret', label: 'Faktureret', type: { kind: 'jaNej' }, skrivebeskyttet: true },
  ],
  tjek: (v) => halveTimer(v, 'timeantal'),
  nyeStandard: { titel: 'Affaldstilsyn' },
  listeFelter: ['dato', 'titel', 'gebyrtypeId', 'timeantal', 'beloebOere', 'faktureret'],
});

export const SAT_ARTER = [SAT_RESULTAT, SAT_TILSYN, SAT_HAANDHAEVELSE, SAT_GEBYR] as const;
