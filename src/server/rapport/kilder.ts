import { type SQL, sql } from 'drizzle-orm';
import type { LookupItem } from '../../contract/lookups';
import type { RapportNavn } from '../../contract/rapport-sider';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import { VALIDERING_STATUS } from '../../contract/validering';
import { EKSPORTERET_TIL, IMPORTERET_FRA } from '../../contract/vand-regler';
import { lookupListe, tidsregistreringsKategorier } from '../catalog/lookups';
import { aarAf, heltal, type RapportKilde } from './motor';
import { ledningstabSql, leveretSql, udvekslingSql } from './vand-sql';

/**
 * The SQL source of each declared report (src/contract/rapporter.ts): its rows for one customer and
 * each column's expression. Discarded water data (forkastet) is never reported.
 */

/** A lookup's name for an id column: a CASE over the fixed list (ids and names are constants). */
function lookupNavn(path: string, id: SQL): SQL {
  return navnAf(lookupListe(path) ?? [], id);
}

function navnAf(items: readonly LookupItem[], id: SQL): SQL {
  if (items.length === 0) return sql`null::text`;
  return sql`(case ${id} ${sql.join(
    items.map((i) => sql`when ${sql.raw(String(Math.trunc(i.id)))} then ${i.navn}::text`),
    sql` `,
  )} end)`;
}

/** A lookup's name for a code column (Jupiter's business types are kept by code). */
function lookupNavnKode(path: string, kode: SQL): SQL {
  const items = lookupListe(path) ?? [];
  if (items.length === 0) return sql`null::text`;
  return sql`(case ${kode} ${sql.join(
    items.map((i) => sql`when ${i.kode}::text then ${i.navn}::text`),
    sql` `,
  )} else ${kode} end)`;
}

/** The ids of a fixed list's items with these codes (a report's subset of storage types). */
function idsAf(path: string, koder: readonly string[]): SQL {
  const ids = (lookupListe(path) ?? []).filter((i) => koder.includes(i.kode)).map((i) => i.id);
  if (ids.length !== koder.length) throw new Error(`lookup ${path} lacks one of ${koder.join(', ')}`);
  return sql.raw(ids.map((i) => String(Math.trunc(i))).join(', '));
}

// JSON fields of a record (`data` of registrering, `basis` of virksomhed). Keys are constants of this
// file, written into the SQL as literals; a value of the wrong JSON type reads as null, never an error.
const noegle = (k: string): SQL => {
  if (!/^[A-Za-z0-9_]+$/.test(k)) throw new Error(`bad JSON key ${k}`);
  return sql.raw(`'${k}'`);
};
const jTekst = (kol: SQL, k: string): SQL => sql`(${kol}->>${noegle(k)})`;
const jTal = (kol: SQL, k: string): SQL =>
  sql`(case when jsonb_typeof(${kol}->${noegle(k)}) = 'number' then (${kol}->>${noegle(k)})::float8 end)`;
const jId = (kol: SQL, k: string): SQL =>
  sql`(case when jsonb_typeof(${kol}->${noegle(k)}) = 'number' then (${kol}->>${noegle(k)})::numeric::int end)`;
const jBool = (kol: SQL, k: string): SQL =>
  sql`(case when jsonb_typeof(${kol}->${noegle(k)}) = 'boolean' then (${kol}->>${noegle(k)})::boolean end)`;
const jDato = (kol: SQL, k: string): SQL =>
  sql`(case when ${kol}->>${noegle(k)} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(${kol}->>${noegle(k)}, 10)::date end)`;
/** A JSON array of texts (codes) as one text, each mapped by `hver`. */
const jListe = (kol: SQL, k: string, hver: (x: SQL) => SQL = (x) => x): SQL =>
  sql`(select string_agg(${hver(sql`x.v`)}, ', ') from jsonb_array_elements_text(case when jsonb_typeof(${kol}->${noegle(k)}) = 'array' then ${kol}->${noegle(k)} else '[]'::jsonb end) as x(v))`;

const data = sql`r.data`;
const basisV = sql`v.basis`;
const basisA = sql`a.basis`;

/** Today in Denmark (permit status, overdue controls). */
const I_DAG = sql`(now() at time zone 'Europe/Copenhagen')::date`;

/** A water plant's columns, from the plant row aliased `a`. */
const anlaeg = {
  anlaegsnavn: sql`a.navn`,
  anlaegsnr: sql`a.anlaegsnr`,
  anlaegsadresse: sql`a.adresse`,
  jupiterId: sql`a.jupiter_id`,
};

/** A water plant's water type by name, from the plant row aliased `a`. */
const jupiterVandType = lookupNavn(
  'mwvandanlaeglookup/list/jupitervandtype',
  sql`(a.basis->>'jupiterVandtypeId')::int`,
);

const aarMaaned = (dato: SQL) => ({
  aarstal: aarAf(dato),
  maaned: sql`extract(month from ${dato})::int`,
});

const FORKASTET = sql.raw(String(VALIDERING_STATUS.FORKASTET));

/** The terms of a plant-level quantity's line loss (src/contract/vand-regler.ts), from the row aliased `m`. */
const tabLed = {
  oppumpet: sql`m.vandmaengde_oppumpet`,
  importeret: udvekslingSql(IMPORTERET_FRA, sql`m.vandanlaeg_id`, sql`m.startdato`, sql`m.slutdato`),
  eksporteret: udvekslingSql(EKSPORTERET_TIL, sql`m.vandanlaeg_id`, sql`m.startdato`, sql`m.slutdato`),
  egetForbrug: sql`m.vandvaerkets_eget_forbrug`,
  filterskylning: sql`m.filterskylning`,
  leveret: leveretSql(sql`m.forsyning`),
};

/** The customer's plant-level quantities (m) that are not discarded, with the plant (a); `ekstra` joins more. */
const anlaegsMaengder =
  (ekstra: SQL = sql``) =>
  (kundeId: number): SQL =>
    sql`from oppumpet_maengde m join virksomhed a on a.id = m.vandanlaeg_id${ekstra}
        where m.kunde_id = ${kundeId} and a.kunde_id = ${kundeId} and not a.slettet
          and m.indtag_id is null and m.status <> ${FORKASTET}`;
/** A quantity's period and plant. */
const maengdePeriode = {
  ...aarMaaned(sql`m.startdato`),
  startdato: sql`m.startdato`,
  slutdato: sql`m.slutdato`,
  ...anlaeg,
};
/** A quantity's meter readings and conversion factor. */
const maaler = {
  maalerstandStart: sql`m.maalerstand_start`,
  maalerstandSlut: sql`m.maalerstand_slut`,
  omregningsfaktor: sql`m.omregningsfaktor`,
};

/** A water datum's validation status in words (discarded data is never reported). */
const valideringsstatus = (status: SQL) =>
  sql`(case ${status} when ${sql.raw(String(VALIDERING_STATUS.GODKENDT))} then 'Godkendt' else 'Afventer validering' end)`;

const DMA = (navn: string) => `dmalookup/${navn}`;
const LANDBRUG = (navn: string) => `mwlandbruglookup/list/${navn}`;
const VAND = (navn: string) => `MWVandanlaegLookUp/list/${navn}`;

/** Company types 1 and 2 that the user may read: a report over both narrows to them. */
function typerSql(typer: readonly number[]): SQL {
  const t = typer.filter((x) => x === 1 || x === 2);
  return t.length === 0 ? sql`false` : sql`v.type in (${sql.raw(t.join(', '))})`;
}

/** Records of one kind of the customer's companies and farms (r), with the company (v) and case worker (s). */
const virksomhedRegistreringer =
  (art: string, hvor: SQL = sql``) =>
  (kundeId: number, typer: readonly number[]): SQL =>
    sql`from registrering r join virksomhed v on v.id = r.virksomhed_id
      left join bruger s on s.id = r.sagsbehandler_id
      where r.kunde_id = ${kundeId} and v.kunde_id = ${kundeId} and r.art = ${sql.raw(`'${art}'`)}
        and not r.slettet and not v.slettet and ${typerSql(typer)}${hvor}`;

/** A company's or farm's columns (src/contract/rapporter.ts VIRKSOMHED), from the row aliased `v`. */
const virksomhed = {
  virksomhedsnavn: sql`v.navn`,
  virksomhedsadresse: sql`v.adresse`,
  cvrNummer: sql`v.cvr_nr`,
  pNummer: sql`v.p_nr`,
  chrNummer: sql`v.chr_nr`,
  virksomhedstype: sql`(case v.type when ${VIRKSOMHEDSTYPE.VIRKSOMHED} then 'Virksomhed' when ${VIRKSOMHEDSTYPE.LANDBRUG} then 'Landbrug' end)`,
  virksomhedskategori: sql`(case when v.kategori in ('1a', '1b', '2') then v.kategori else 'Ingen' end)`,
  hovedaktivitet: jTekst(basisV, 'hovedaktivitet'),
  virksomhedsgruppe: lookupNavn(DMA('virksomhedsgrupper'), jId(basisV, 'virksomhedsGruppeId')),
  virksomhedId: sql`v.id`,
};
/** The Kategori filter compares the wire values 1a/1b/2_/3_ (spec 001 §5). */
const kategoriFilter = {
  virksomhedskategori: sql`(case v.kategori when '1a' then '1a' when '1b' then '1b' when '2' then '2_' else '3_' end)`,
};
/** Rows keyed by their own table's id (`noegle` and `opdeling` of RapportKilde). */
const efterId = (tabel: string, id: SQL) => ({ noegle: id, opdeling: { tabel, id } });
/** Rows of a company's or farm's records: keyed by the record, filtered by the company's category. */
const virksomhedRaekker = { filterUdtryk: kategoriFilter, ...efterId('registrering', sql`r.id`) };
const dmaAktiv = sql`(case when ${jId(basisV, 'dmaStatusId')} = 1 then 'Aktiv' else 'Inaktiv' end)`;

/** A company's record's date and its year. */
const registreringDato = { aarstal: aarAf(sql`r.dato`), dato: sql`r.dato` };
/** A company's record's case worker, the company and its DMA state. */
const sagOgVirksomhed = { sagsbehandler: sql`s.navn`, ...virksomhed, dmaAktiv };

/** A storage facility's columns (opbevaringslager). */
const lager = {
  betegnelse: sql`r.titel`,
  lagertype: lookupNavn(LANDBRUG('beholdertype'), jId(data, 'beholdertypeId')),
  indhold: lookupNavn(LANDBRUG('opbevaringsindhold'), jId(data, 'indholdId')),
  kapacitet: jTal(data, 'kapacitet'),
  etableringsaar: jId(data, 'etableringsaar'),
  overdaekning: lookupNavn(LANDBRUG('overdaekning'), jId(data, 'overdaekningId')),
  lagerId: sql`r.id`,
};
const lagerAf = (koder: readonly string[], hvor: SQL = sql``) =>
  virksomhedRegistreringer(
    'opbevaringslager',
    sql` and ${jId(data, 'beholdertypeId')} in (${idsAf(LANDBRUG('beholdertype'), koder)})${hvor}`,
  );
/** Containers (beholdere): slurry tanks, lagoons and liquid-manure tanks. */
const BEHOLDER_KODER = ['GYLLETANK', 'GYLLELAGUNE', 'AJLEBEHOLDER'];
const OLIETANK_KODER = ['OLIETANK_OVERJORD', 'OLIETANK_NEDGRAVET'];
const PLADS_KODER = ['MOEDDINGPLADS', 'ENSILAGEPLADS'];
const naesteKontrol = jDato(data, 'naesteKontrol');
const kontrolstatus = sql`(case when ${naesteKontrol} is null then 'Ikke fastsat' when ${naesteKontrol} < ${I_DAG} then 'Overskredet' else 'Kommende' end)`;

/** Records of one kind of the customer's water plants (r), with the plant (a) and case worker (s). */
const vandRegistreringer =
  (art: string, ekstra: SQL = sql``) =>
  (kundeId: number): SQL =>
    sql`from registrering r join virksomhed a on a.id = r.virksomhed_id
      left join bruger s on s.id = r.sagsbehandler_id${ekstra}
      where r.kunde_id = ${kundeId} and a.kunde_id = ${kundeId} and a.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} and r.art = ${sql.raw(`'${art}'`)}
        and not r.slettet and not a.slettet`;

/** The boreholes a permit covers (one row per permit and borehole, the borehole aliased `b`). */
const tilladelseBoringer = sql`
  cross join lateral jsonb_array_elements_text(case when jsonb_typeof(r.data->'boringIds') = 'array'
    then r.data->'boringIds' else '[]'::jsonb end) as bi(id)
  join boring b on b.id = (case when bi.id ~ '^[0-9]{1,9}$' then bi.id::int end) and b.vandanlaeg_id = a.id`;

const tilladelseSlutdato = jDato(data, 'slutdato');
/** The last day a permit is in force (src/contract/vandanlaeg-registreringer.ts tilladelseSlut). */
const tilladelseSidsteDag = sql`(case when ${jBool(data, 'tilbagekaldt')} is true then
    (case when ${jDato(data, 'tilbagekaldtDato')} is null then '0001-01-01'::date
      else least(${tilladelseSlutdato}, ${jDato(data, 'tilbagekaldtDato')} - 1) end)
  else ${tilladelseSlutdato} end)`;
const tilladelse = {
  ...aarMaaned(sql`r.dato`),
  slutAarstal: sql`extract(year from ${tilladelseSlutdato})::int`,
  slutMaaned: sql`extract(month from ${tilladelseSlutdato})::int`,
  startdato: sql`r.dato`,
  slutdato: tilladelseSlutdato,
  gaeldendeTilladelse: sql`(case when ${tilladelseSidsteDag} is null or ${tilladelseSidsteDag} >= ${I_DAG} then 'Gældende' else 'Udløbet' end)`,
  titel: sql`r.titel`,
  tilladelsestype: lookupNavn(VAND('jupitertilladelsetype'), jId(data, 'tilladelsestypeId')),
  vandtype: lookupNavn(VAND('jupitervandtype'), jId(basisA, 'jupiterVandtypeId')),
  indvindingsformaal: lookupNavn(
    VAND('jupiterindvindingsformaal'),
    jId(basisA, 'jupiterIndvindingsformaalId'),
  ),
  tilbagekaldt: sql`coalesce(${jBool(data, 'tilbagekaldt')}, false)`,
  tilbagekaldtDato: jDato(data, 'tilbagekaldtDato'),
  vandmaengdeM3Aar: jTal(data, 'vandmaengdeM3Aar'),
  vandmaengdeM3Time: jTal(data, 'vandmaengdeM3Time'),
  journalnr: jTekst(data, 'journalNr'),
  sagsbehandler: sql`s.navn`,
  tilladelseId: sql`r.id`,
  ...anlaeg,
};

export const KILDER: Record<RapportNavn, RapportKilde> = {
  tilsyn: {
    fra: virksomhedRegistreringer('tilsyn'),
    kolonner: {
      ...registreringDato,
      titel: sql`r.titel`,
      tilsynskategori: lookupNavn(DMA('tilsynsKategorier'), jId(data, 'tilsynskategoriId')),
      tilsynstype: lookupNavn(DMA('tilsynsTyper'), jId(data, 'tilsynstypeId')),
      baggrundForTilsyn: lookupNavn(DMA('tilsynsBaggrunde'), jId(data, 'baggrundForTilsynId')),
      varslet: jBool(data, 'varslet'),
      planlagtStart: jDato(data, 'planlagtStart'),
      planlagtSlut: jDato(data, 'planlagtSlut'),
      filIDMA: sql`coalesce(${jBool(data, 'filIDMA')}, false)`,
      ...sagOgVirksomhed,
      biaktiviteter: jListe(basisV, 'biaktiviteter'),
      ophoertDato: sql`v.ophoert_dato`,
      omfattetAfVOC: sql`coalesce(${jBool(basisV, 'omfattetAfVOC')}, false)`,
      risikoVirksomhed: sql`coalesce(${jBool(basisV, 'risikovirksomhed')}, false)`,
      tilsynId: sql`r.id`,
    },
    ...virksomhedRaekker,
  },
  haandhaevelser: {
    fra: virksomhedRegistreringer('haandhaevelse'),
    kolonner: {
      ...registreringDato,
      frist: jDato(data, 'frist'),
      efterkommetDato: jDato(data, 'efterkommetDato'),
      titel: sql`r.titel`,
      haandhaevelsestype: lookupNavn(DMA('haandhaevelsesTyper'), jId(data, 'haandhaevelsestypeId')),
      haandhaevelsesstatus: lookupNavn(DMA('haandhaevelsesStatusser'), jId(data, 'haandhaevelsesStatusId')),
      ...sagOgVirksomhed,
      haandhaevelseId: sql`r.id`,
    },
    ...virksomhedRaekker,
  },
  afgoerelser: {
    fra: virksomhedRegistreringer('afgoerelse'),
    kolonner: {
      ...registreringDato,
      titel: sql`r.titel`,
      afgoerelsestype: lookupNavn(DMA('dmaDokumenttype'), jId(data, 'dmaDokumenttypeId')),
      afgoerelsesstatus: lookupNavn(DMA('afgoerelsesStatus'), jId(data, 'afgoerelsesStatusId')),
      resultat: lookupNavn(DMA('resultatAfgoerelse'), jId(data, 'resultatAfgoerelseId')),
      offentliggjortDato: jDato(data, 'offentliggjortDato'),
      klagefristDato: jDato(data, 'klagefristDato'),
      journalNr: jTekst(data, 'journalNr'),
      ...sagOgVirksomhed,
      afgoerelseId: sql`r.id`,
    },
    ...virksomhedRaekker,
  },
  beholdere: {
    fra: lagerAf(BEHOLDER_KODER),
    kolonner: { ...lager, ...virksomhed },
    ...virksomhedRaekker,
  },
  beholderkontrol: {
    fra: lagerAf(BEHOLDER_KODER),
    kolonner: {
      senesteKontrol: sql`r.dato`,
      naesteKontrol,
      kontrolAarstal: sql`extract(year from ${naesteKontrol})::int`,
      kontrolstatus,
      ...lager,
      ...virksomhed,
    },
    ...virksomhedRaekker,
  },
  olietank: {
    fra: lagerAf(OLIETANK_KODER),
    kolonner: { ...lager, senesteKontrol: sql`r.dato`, ...virksomhed },
    ...virksomhedRaekker,
  },
  olietanksinspektion: {
    // An inspection is an oil tank's recorded inspection date.
    fra: lagerAf(OLIETANK_KODER, sql` and r.dato is not null`),
    kolonner: {
      aarstal: aarAf(sql`r.dato`),
      inspektionsdato: sql`r.dato`,
      naesteInspektion: naesteKontrol,
      kontrolstatus,
      ...lager,
      ...virksomhed,
    },
    ...virksomhedRaekker,
  },
  pladser: {
    fra: lagerAf(PLADS_KODER),
    kolonner: { ...lager, senesteKontrol: sql`r.dato`, ...virksomhed },
    ...virksomhedRaekker,
  },
  brugerbetaling: {
    fra: virksomhedRegistreringer('brugerbetaling'),
    kolonner: {
      ...registreringDato,
      beskrivelse: sql`r.titel`,
      kategori: navnAf(
        [
          ...tidsregistreringsKategorier(1),
          ...tidsregistreringsKategorier(2).filter(
            (i) => !tidsregistreringsKategorier(1).some((j) => j.id === i.id),
          ),
        ],
        jId(data, 'kategoriId'),
      ),
      gebyrtype: jTekst(data, 'gebyrtype'),
      timer: jTal(data, 'timer'),
      beloeb: jTal(data, 'beloeb'),
      faktureret: sql`coalesce(${jBool(data, 'faktureret')}, false)`,
      sagsbehandler: sql`s.navn`,
      ...virksomhed,
      brugerbetalingId: sql`r.id`,
    },
    ...virksomhedRaekker,
  },
  vandanlaegkontaktpersoner: {
    // A removed contact (slettet) is Inaktiv: the model keeps no start or end date of a contact.
    fra: (kundeId) =>
      sql`from kontaktperson k join virksomhed a on a.id = k.virksomhed_id
        where k.kunde_id = ${kundeId} and a.kunde_id = ${kundeId} and a.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} and not a.slettet`,
    kolonner: {
      navn: sql`k.navn`,
      email: sql`k.email`,
      telefon: sql`k.telefon`,
      kontaktType: sql`k.rolle`,
      jupiterId: sql`k.jupiter_kontaktperson_id`,
      kontaktTypeAktiv: sql`(case when k.slettet then 'Inaktiv' else 'Aktiv' end)`,
      anlaegsnavn: anlaeg.anlaegsnavn,
      anlaegsadresse: anlaeg.anlaegsadresse,
      anlaegsnr: anlaeg.anlaegsnr,
      // The roles the person holds at the plant: the plant's contacts of the same name and state.
      antalRoller: sql`(select count(*)::int from kontaktperson k2 where k2.virksomhed_id = k.virksomhed_id
        and k2.slettet = k.slettet and lower(k2.navn) = lower(k.navn))`,
    },
    ...efterId('kontaktperson', sql`k.id`),
  },
  vandtilladelse: {
    fra: vandRegistreringer('VandanlaegTilladelse'),
    kolonner: {
      ...tilladelse,
      dguNumre: sql`(select string_agg(b.dgu_nr, ', ' order by b.dgu_nr) from boring b
        where b.vandanlaeg_id = a.id and jsonb_typeof(r.data->'boringIds') = 'array'
          and r.data->'boringIds' @> to_jsonb(b.id))`,
    },
    ...efterId('registrering', sql`r.id`),
  },
  vandtilladelseboring: {
    fra: vandRegistreringer('VandanlaegTilladelse', tilladelseBoringer),
    kolonner: { ...tilladelse, dguNr: sql`b.dgu_nr`, boringsnavn: sql`b.navn` },
    noegle: sql`(r.id::bigint * 2147483648 + b.id)`,
    opdeling: { tabel: 'registrering', id: sql`r.id` },
  },
  boringtilladelse: {
    fra: vandRegistreringer('VandanlaegTilladelse', tilladelseBoringer),
    kolonner: {
      ...tilladelse,
      anlaegStartdato: jDato(basisA, 'startdato'),
      anlaegSlutdato: jDato(basisA, 'slutdato'),
      virksomhedsnavn: sql`a.navn`,
      virksomhedsAdresse: sql`a.adresse`,
      cvrnr: sql`a.cvr_nr`,
      pnr: sql`a.p_nr`,
      primaerVirksomhedstype: lookupNavnKode(
        VAND('jupitervirksomhedstype'),
        jTekst(basisA, 'primaerVirksomhedstype'),
      ),
      oevrigeVirksomhedstyper: jListe(basisA, 'oevrigeVandanlaegVirksomhedstyper', (x) =>
        lookupNavnKode(VAND('jupitervirksomhedstype'), x),
      ),
      anlaegsart: lookupNavn(VAND('jupiteranlaegsart'), jId(basisA, 'jupiterAnlaegsartId')),
      jupiterAktivStatus: lookupNavn(VAND('jupiteraktivstatus'), jId(basisA, 'jupiterAktivStatusId')),
      dgUnr: sql`b.dgu_nr`,
    },
    noegle: sql`(r.id::bigint * 2147483648 + b.id)`,
    opdeling: { tabel: 'registrering', id: sql`r.id` },
  },
  vandtilsyn: {
    fra: vandRegistreringer('VandanlaegTilsyn'),
    kolonner: {
      // Year and month of the inspection: when it was done, else when it is planned.
      ...aarMaaned(sql`coalesce(r.dato, ${jDato(data, 'planlagtDato')})`),
      udfoertDato: sql`r.dato`,
      planlagtDato: jDato(data, 'planlagtDato'),
      titel: sql`r.titel`,
      tilsynstype: lookupNavn(VAND('vandanlaegtilsynstype'), jId(data, 'tilsynstypeId')),
      udfoertAf: jTekst(data, 'udfoertAf'),
      frist: jDato(data, 'frist'),
      sagsbehandler: sql`s.navn`,
      ...anlaeg,
      tilsynId: sql`r.id`,
    },
    ...efterId('registrering', sql`r.id`),
  },
  vandhaandhaevelse: {
    fra: vandRegistreringer('VandanlaegHaandhaevelse'),
    kolonner: {
      ...aarMaaned(sql`r.dato`),
      startdato: sql`r.dato`,
      deadline: jDato(data, 'frist'),
      haandhaevelsestype: lookupNavn(VAND('vandanlaegHaandhaevelseType'), jId(data, 'haandhaevelsestypeId')),
      titel: sql`r.titel`,
      status: jTekst(data, 'status'),
      efterkommetDato: jDato(data, 'efterkommetDato'),
      sagsbehandler: sql`s.navn`,
      ...anlaeg,
      haandhaevelseId: sql`r.id`,
    },
    ...efterId('registrering', sql`r.id`),
  },
  vandforsyningsfordeling: {
    // One row per supply line of a plant-level quantity.
    fra: anlaegsMaengder(sql`
        cross join lateral jsonb_array_elements(case when jsonb_typeof(m.forsyning) = 'array'
          then m.forsyning else '[]'::jsonb end) with ordinality as f(linje, n)`),
    kolonner: {
      ...maengdePeriode,
      forsyningsartNavn: lookupNavn(
        VAND('jupiterforsyningsart'),
        jId(sql`f.linje`, 'jupiterForsyningsartId'),
      ),
      ...maaler,
      oppumpetMaengde: sql`m.vandmaengde_oppumpet`,
      forsyningsartMaengde: jTal(sql`f.linje`, 'maengde'),
      sumForsyningsartMaengde: jTal(sql`f.linje`, 'maengde'),
      modtagerAntal: jId(sql`f.linje`, 'modtagerAntal'),
      valideringsstatus: valideringsstatus(sql`m.status`),
    },
    noegle: sql`(m.id::bigint * 1000 + f.n)`,
    opdeling: { tabel: 'oppumpet_maengde', id: sql`m.id` },
  },
  vandoppumpet: {
    opsummering: {
      // The yearly summary (migration 0032): a grouped page by plant, year and status reads it.
      fra: (kundeId) =>
        sql`from oppumpet_aar m join virksomhed a on a.id = m.vandanlaeg_id
          where m.kunde_id = ${kundeId} and a.kunde_id = ${kundeId} and a.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} and not a.slettet
            and m.status <> ${FORKASTET} and m.antal > 0`,
      kolonner: {
        aarstal: heltal(sql`m.aar`),
        ...anlaeg,
        jupiterVandType,
        vandmaengdeOppumpet: sql`m.vandmaengde`,
        totalVandmaengdeOppumpet: sql`m.vandmaengde`,
        valideringsstatus: valideringsstatus(sql`m.status`),
      },
      antal: sql`m.antal`,
      noegle: sql`null`,
    },
    fra: anlaegsMaengder(),
    kolonner: {
      ...maengdePeriode,
      jupiterVandType,
      vandmaengdeOppumpet: sql`m.vandmaengde_oppumpet`,
      totalVandmaengdeOppumpet: sql`m.vandmaengde_oppumpet`,
      ...maaler,
      importeret: tabLed.importeret,
      eksporteret: tabLed.eksporteret,
      vandvaerketsEgetForbrug: tabLed.egetForbrug,
      filterskylning: tabLed.filterskylning,
      samletLeveretVandmaengde: tabLed.leveret,
      ledningstab: ledningstabSql(tabLed),
      valideringsstatus: valideringsstatus(sql`m.status`),
    },
    ...efterId('oppumpet_maengde', sql`m.id`),
  },
  boringpejling: {
    fra: (kundeId) =>
      sql`from pejling p join indtag i on i.id = p.indtag_id join boring b on b.id = i.boring_id
        join virksomhed a on a.id = p.vandanlaeg_id
        where p.kunde_id = ${kundeId} and a.kunde_id = ${kundeId} and not a.slettet and p.status <> ${FORKASTET}`,
    kolonner: {
      ...aarMaaned(sql`(p.pejletidspunkt at time zone 'Europe/Copenhagen')`),
      // The local time of day is kept (issue 30); the filter compares the day (filterUdtryk).
      pejletidspunkt: sql`(p.pejletidspunkt at time zone 'Europe/Copenhagen')`,
      ...anlaeg,
      dgunr: sql`b.dgu_nr`,
      indtagsnr: sql`i.indtagsnr`,
      grundvandskote: sql`p.grundvandskote`,
      terraenkote: sql`b.terraenkote`,
      vandstandUnderTerraen: sql`p.vandstand_under_terraen`,
      pejlemetode: sql`p.pejlemetode`,
      pejleSituation: sql`(case p.situation when 0 then 'I ro' when 1 then 'I drift' else 'Ingen situation angivet' end)`,
      valideringsstatus: valideringsstatus(sql`p.status`),
    },
    filterUdtryk: { pejletidspunkt: sql`(p.pejletidspunkt at time zone 'Europe/Copenhagen')::date` },
    ...efterId('pejling', sql`p.id`),
  },
};
