import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every business row carries kunde_id: queries are always scoped by the customer in the token.
 * Ids are integers; `version` columns guard against lost updates (a stale write answers 409).
 */

/**
 * One sequence numbers every version of every versioned row, so no two records ever share a
 * version: a body meant for record A that reaches record B (a form that kept another record's state,
 * a misrouted request) can never match B's version and answers 409 instead of overwriting.
 * Every insert takes its version from the column default and every update sets `naesteVersion`.
 */
export const recordVersion = pgSequence('record_version', { startWith: 1, maxValue: 2147483647 });
const versionKolonne = () => integer('version').notNull().default(sql`nextval('record_version')`);

export const kunde = pgTable('kunde', {
  id: serial('id').primaryKey(),
  navn: text('navn').notNull(),
  kundeNr: integer('kunde_nr').notNull().unique(),
  /** Customer modules (kundemoduler), e.g. Virksomhed, Landbrug, Vandanlaeg, Affald, Fakturering. */
  moduler: jsonb('moduler').$type<string[]>().notNull().default([]),
  oekonomiIntegration: boolean('oekonomi_integration').notNull().default(false),
});

export const bruger = pgTable('bruger', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  navn: text('navn').notNull(),
  /** navn's Danish sort key (dansk_sortering, drizzle/0007): lists of users and case workers sort by it. */
  navnSortering: text('navn_sortering').generatedAlwaysAs(sql`dansk_sortering("navn")`),
  email: text('email'),
  passwordHash: text('password_hash').notNull(),
  opsaetning: text('opsaetning'),
  oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's membership of a customer, with the roles held there. */
export const brugerKunde = pgTable(
  'bruger_kunde',
  {
    brugerId: integer('bruger_id')
      .notNull()
      .references(() => bruger.id, { onDelete: 'cascade' }),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id, { onDelete: 'cascade' }),
    roller: jsonb('roller').$type<string[]>().notNull(),
    /** Per-user, per-customer settings (favourites): JSON text as the API carries it. */
    kundeOpsaetning: text('kunde_opsaetning'),
    /** Suspended (TimeOut, /admin/BrugerAdministration) until this moment; null = active. */
    suspenderetTil: timestamp('suspenderet_til', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.brugerId, t.kundeId] })],
);

/** One-time sign-on ids issued by the built-in sign-on service. */
export const stsBillet = pgTable('sts_billet', {
  id: text('id').primaryKey(),
  brugerId: integer('bruger_id')
    .notNull()
    .references(() => bruger.id, { onDelete: 'cascade' }),
  udloeber: timestamp('udloeber', { withTimezone: true }).notNull(),
  brugt: timestamp('brugt', { withTimezone: true }),
});

/**
 * Companies, farms and water plants share one table (company type 1, 2, 3 as the spec enumerates):
 * logs, tasks, favourites and search treat them alike. Type-specific basis fields live in `basis`.
 */
/**
 * The company list's sort index pair of a text in Danish order (its stored sort key, then the text):
 * one per direction, as empty values come last in both; each ends with what the list's text filter
 * reads (slettet, soegetekst), so a broad search walks it index-only (issue 16).
 */
function dansksorteretIndeksPar(
  kolonne: string,
  noegle: SQL,
  tekst: SQL,
  t: {
    kundeId: AnyPgColumn;
    type: AnyPgColumn;
    id: AnyPgColumn;
    slettet: AnyPgColumn;
    soegetekst: AnyPgColumn;
  },
) {
  return [
    index(`virksomhed_kunde_type_${kolonne}_idx`).on(
      t.kundeId,
      t.type,
      sql`${noegle} collate "C"`,
      sql`${tekst} collate "C"`,
      t.id,
      t.slettet,
      t.soegetekst,
    ),
    index(`virksomhed_kunde_type_${kolonne}_desc_idx`).on(
      t.kundeId,
      t.type,
      sql`${noegle} collate "C" desc nulls last`,
      sql`${tekst} collate "C" desc nulls last`,
      sql`${t.id} desc`,
      t.slettet,
      t.soegetekst,
    ),
  ];
}

export const virksomhed = pgTable(
  'virksomhed',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    type: smallint('type').notNull(),
    navn: text('navn').notNull(),
    cvrNr: text('cvr_nr'),
    pNr: text('p_nr'),
    chrNr: text('chr_nr'),
    jupiterId: text('jupiter_id'),
    anlaegsnr: text('anlaegsnr'),
    vejnavn: text('vejnavn'),
    husnummer: text('husnummer'),
    postnummer: text('postnummer'),
    postdistrikt: text('postdistrikt'),
    adresse: text('adresse'),
    dawaAdresseId: text('dawa_adresse_id'),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    brancheKode: text('branche_kode'),
    brancheNavn: text('branche_navn'),
    kategori: text('kategori'),
    omfattetAfBrugerbetaling: boolean('omfattet_af_brugerbetaling').notNull().default(false),
    primaerSagsbehandlerId: integer('primaer_sagsbehandler_id').references(() => bruger.id),
    etableringsDato: date('etablerings_dato'),
    ophoertDato: date('ophoert_dato'),
    slettet: boolean('slettet').notNull().default(false),
    basis: jsonb('basis').$type<Record<string, unknown>>().notNull().default({}),
    version: versionKolonne(),
    opdateret: timestamp('opdateret', { withTimezone: true }).notNull().defaultNow(),
    // Danish sort keys of the texts the lists and validation queues sort by (dansk_sortering,
    // drizzle/0007), stored so that sorting many rows reads them instead of computing each.
    navnSortering: text('navn_sortering').generatedAlwaysAs(sql`dansk_sortering("navn")`),
    adresseSortering: text('adresse_sortering').generatedAlwaysAs(sql`dansk_sortering("adresse")`),
    postdistriktSortering: text('postdistrikt_sortering').generatedAlwaysAs(
      sql`dansk_sortering("postdistrikt")`,
    ),
    brancheNavnSortering: text('branche_navn_sortering').generatedAlwaysAs(
      sql`dansk_sortering("branche_navn")`,
    ),
    // The company list's text filter in one lower-cased text (name, U+0001, address), kept in its
    // sort indexes: a broad search walks an index in sort order and tests each entry with a plain
    // LIKE, without reading the table (issue 16). ILIKE on the two columns costs ~20× more a row.
    soegetekst: text('soegetekst').generatedAlwaysAs(
      sql`lower("navn") || chr(1) || lower(coalesce("adresse", ''))`,
    ),
  },
  (t) => [
    // The list sorted by name pages straight from this index, in both directions.
    index('virksomhed_kunde_type_navn_sortering_idx').on(
      t.kundeId,
      t.type,
      sql`${t.navnSortering} collate "C"`,
      sql`${t.navn} collate "C"`,
      t.id,
      t.slettet,
      t.soegetekst,
    ),
    // A broad search sorted by postal code, town or address pages from these in sort order (issue 16);
    // empty values last in both directions, hence one index per direction.
    index('virksomhed_kunde_type_postnummer_idx').on(
      t.kundeId,
      t.type,
      t.postnummer,
      t.id,
      t.slettet,
      t.soegetekst,
    ),
    index('virksomhed_kunde_type_postnummer_desc_idx').on(
      t.kundeId,
      t.type,
      t.postnummer.desc().nullsLast(),
      sql`${t.id} desc`,
      t.slettet,
      t.soegetekst,
    ),
    ...dansksorteretIndeksPar('by', sql`${t.postdistriktSortering}`, sql`${t.postdistrikt}`, t),
    ...dansksorteretIndeksPar('adresse', sql`${t.adresseSortering}`, sql`${t.adresse}`, t),
    index('virksomhed_kunde_cvr_idx').on(t.kundeId, t.cvrNr),
    index('virksomhed_kunde_pnr_idx').on(t.kundeId, t.pNr),
    index('virksomhed_kunde_chr_idx').on(t.kundeId, t.chrNr),
    index('virksomhed_kunde_jupiter_idx').on(t.kundeId, t.jupiterId),
    index('virksomhed_kunde_anlaegsnr_idx').on(t.kundeId, t.anlaegsnr),
    // Name prefix search ('lower(navn) LIKE x%') for the palette and the lists.
    index('virksomhed_kunde_navn_prefix_idx').on(t.kundeId, sql`lower(${t.navn}) text_pattern_ops`),
    // Address prefix search ('lower(adresse) LIKE x%'): the palette finds a street without trigrams.
    index('virksomhed_kunde_adresse_prefix_idx').on(t.kundeId, sql`lower(${t.adresse}) text_pattern_ops`),
    index('virksomhed_navn_trgm_idx').using('gin', sql`${t.navn} gin_trgm_ops`),
    index('virksomhed_adresse_trgm_idx').using('gin', sql`${t.adresse} gin_trgm_ops`),
    // Name or address contains a text, as one condition (the palette).
    index('virksomhed_soegetekst_trgm_idx').using('gin', sql`${t.soegetekst} gin_trgm_ops`),
    // A validation queue's filter on the plant's number (water plants only).
    index('virksomhed_anlaegsnr_trgm_idx')
      .using('gin', sql`${t.anlaegsnr} gin_trgm_ops`)
      .where(sql`${t.anlaegsnr} IS NOT NULL`),
    // A water plant's under-plants (those naming it as over-plant), read each time a plant opens.
    index('virksomhed_overanlaeg_idx')
      .on(t.kundeId, sql`(${t.basis}->>'overanlaegVirksomhedId')`)
      .where(sql`${t.type} = 3`),
  ],
);

export const kontaktperson = pgTable(
  'kontaktperson',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    virksomhedId: integer('virksomhed_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    navn: text('navn').notNull(),
    email: text('email'),
    telefon: text('telefon'),
    rolle: text('rolle'),
    jupiterKontaktpersonId: text('jupiter_kontaktperson_id'),
    slettet: boolean('slettet').notNull().default(false),
    version: versionKolonne(),
  },
  (t) => [index('kontaktperson_virksomhed_idx').on(t.virksomhedId)],
);

/** Boreholes of a water plant (DGU number from Jupiter). */
export const boring = pgTable(
  'boring',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    vandanlaegId: integer('vandanlaeg_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    dguNr: text('dgu_nr').notNull(),
    navn: text('navn'),
    terraenkote: doublePrecision('terraenkote'),
    dybde: doublePrecision('dybde'),
    boreDato: date('bore_dato'),
    version: versionKolonne(),
  },
  (t) => [
    index('boring_vandanlaeg_idx').on(t.vandanlaegId),
    // A validation queue's filter on the borehole's DGU number (migration 0031).
    index('boring_dgu_trgm_idx').using('gin', sql`${t.dguNr} gin_trgm_ops`),
  ],
);

/** Intakes: screened intervals of a borehole. */
export const indtag = pgTable(
  'indtag',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    boringId: integer('boring_id')
      .notNull()
      .references(() => boring.id, { onDelete: 'cascade' }),
    indtagsnr: integer('indtagsnr').notNull(),
    jupiterId: text('jupiter_id'),
    filterTop: doublePrecision('filter_top'),
    filterBund: doublePrecision('filter_bund'),
  },
  (t) => [index('indtag_boring_idx').on(t.boringId)],
);

// Validation status of reported water data: VALIDERING_STATUS in src/contract/validering.ts.

/** Pumped quantities at plant level (indtagId null) or intake level. */
export const oppumpetMaengde = pgTable(
  'oppumpet_maengde',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    vandanlaegId: integer('vandanlaeg_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    indtagId: integer('indtag_id').references(() => indtag.id, { onDelete: 'cascade' }),
    startdato: date('startdato').notNull(),
    slutdato: date('slutdato').notNull(),
    maalerstandStart: doublePrecision('maalerstand_start'),
    maalerstandSlut: doublePrecision('maalerstand_slut'),
    omregningsfaktor: doublePrecision('omregningsfaktor').notNull().default(1),
    grundvand: boolean('grundvand').notNull().default(true),
    overfladevand: boolean('overfladevand').notNull().default(false),
    vandmaengdeOppumpet: doublePrecision('vandmaengde_oppumpet').notNull(),
    vandvaerketsEgetForbrug: doublePrecision('vandvaerkets_eget_forbrug'),
    vandvaerketsEgetForbrugBemaerkning: text('vandvaerkets_eget_forbrug_bemaerkning'),
    filterskylning: doublePrecision('filterskylning'),
    jupiterIndvindingsmetodeId: smallint('jupiter_indvindingsmetode_id'),
    kontrolleret: boolean('kontrolleret'),
    kontrolleretTekst: text('kontrolleret_tekst'),
    /** The meter was replaced during the period: the start reading need not follow the last end. */
    maalerskift: boolean('maalerskift').notNull().default(false),
    forsyning: jsonb('forsyning')
      .$type<{ jupiterForsyningsartId: number; maengde: number; modtagerAntal?: number }[]>()
      .notNull()
      .default([]),
    bemaerkning: text('bemaerkning'),
    indberetter: text('indberetter'),
    indberettetDato: timestamp('indberettet_dato', { withTimezone: true }).notNull().defaultNow(),
    status: smallint('status').notNull().default(0),
    besluttetAfBrugerId: integer('besluttet_af_bruger_id').references(() => bruger.id),
    besluttetDato: timestamp('besluttet_dato', { withTimezone: true }),
    version: versionKolonne(),
  },
  (t) => [
    index('oppumpet_kunde_status_idx').on(t.kundeId, t.status),
    index('oppumpet_anlaeg_idx').on(t.vandanlaegId, t.indtagId, t.startdato),
    // The water reports' year filter: a range of the start date (src/server/rapport/motor.ts aarAf).
    index('oppumpet_kunde_startdato_idx').on(t.kundeId, t.startdato),
    // A plant's latest reported period (the plant list) in one index probe per plant.
    index('oppumpet_anlaeg_slut_idx').on(t.vandanlaegId, t.slutdato),
    // The arms of a queue's free-text filter (migration 0031): the intake and the reporter.
    index('oppumpet_indtag_idx').on(t.indtagId).where(sql`${t.indtagId} IS NOT NULL`),
    index('oppumpet_afventer_indberetter_trgm_idx')
      .using('gin', sql`${t.indberetter} gin_trgm_ops`)
      .where(sql`${t.status} = 0`),
  ],
);

/**
 * The water report's yearly summary of plant-level pumped quantities (migration 0032): per customer,
 * year of the start date, plant and validation status, the count and the sum. Written only by the
 * statement triggers on oppumpet_maengde; read by the report engine (src/server/rapport/motor.ts
 * `opsummering`) for grouped pages it can answer.
 */
export const oppumpetAar = pgTable(
  'oppumpet_aar',
  {
    kundeId: integer('kunde_id').notNull(),
    aar: integer('aar').notNull(),
    vandanlaegId: integer('vandanlaeg_id').notNull(),
    status: smallint('status').notNull(),
    antal: integer('antal').notNull().default(0),
    vandmaengde: numeric('vandmaengde').notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'oppumpet_aar_pk', columns: [t.kundeId, t.aar, t.vandanlaegId, t.status] })],
);

/** Water-level readings in an intake. */
export const pejling = pgTable(
  'pejling',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    vandanlaegId: integer('vandanlaeg_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    indtagId: integer('indtag_id')
      .notNull()
      .references(() => indtag.id, { onDelete: 'cascade' }),
    pejletidspunkt: timestamp('pejletidspunkt', { withTimezone: true }).notNull(),
    /** Depth to water below the measuring point, metres. */
    vandstandUnderTerraen: doublePrecision('vandstand_under_terraen').notNull(),
    grundvandskote: doublePrecision('grundvandskote'),
    situation: smallint('situation'),
    pejlemetode: text('pejlemetode'),
    bemaerkning: text('bemaerkning'),
    status: smallint('status').notNull().default(0),
    besluttetAfBrugerId: integer('besluttet_af_bruger_id').references(() => bruger.id),
    besluttetDato: timestamp('besluttet_dato', { withTimezone: true }),
    version: versionKolonne(),
  },
  (t) => [
    index('pejling_kunde_status_idx').on(t.kundeId, t.status),
    index('pejling_indtag_idx').on(t.indtagId, t.pejletidspunkt),
    // The plant arm of a queue's free-text filter (migration 0031).
    index('pejling_afventer_anlaeg_idx').on(t.vandanlaegId).where(sql`${t.status} = 0`),
  ],
);

/** Subjects (emner) are shared by all customers; phrases belong to a customer. */
export const emne = pgTable('emne', {
  id: serial('id').primaryKey(),
  kode: text('kode').notNull().unique(),
  navn: text('navn').notNull(),
});

export const frase = pgTable(
  'frase',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    emneId: integer('emne_id')
      .notNull()
      .references(() => emne.id),
    titel: text('titel').notNull(),
    tekst: text('tekst').notNull(),
    aktiv: boolean('aktiv').notNull().default(true),
    version: versionKolonne(),
  },
  (t) => [index('frase_kunde_emne_idx').on(t.kundeId, t.emneId)],
);

/** System messages; kunde_id null means every customer. */
export const systemBesked = pgTable('system_besked', {
  id: serial('id').primaryKey(),
  kundeId: integer('kunde_id').references(() => kunde.id),
  titel: text('titel').notNull(),
  tekst: text('tekst').notNull(),
  alvorlighed: text('alvorlighed').notNull().default('info'),
  gyldigFra: timestamp('gyldig_fra', { withTimezone: true }).notNull(),
  gyldigTil: timestamp('gyldig_til', { withTimezone: true }),
});

/** Log book entries of a company or water plant (manual notes and automatic change records). */
export const logbog = pgTable(
  'logbog',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    virksomhedId: integer('virksomhed_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    emne: text('emne').notNull(),
    notat: text('notat').notNull(),
    brugerId: integer('bruger_id').references(() => bruger.id),
    dato: timestamp('dato', { withTimezone: true }).notNull().defaultNow(),
    automatisk: boolean('automatisk').notNull().default(false),
  },
  (t) => [index('logbog_virksomhed_idx').on(t.virksomhedId, t.dato)],
);

export const adHocOpgave = pgTable(
  'ad_hoc_opgave',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    virksomhedId: integer('virksomhed_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    emne: text('emne').notNull(),
    notat: text('notat').notNull(),
    brugerId: integer('bruger_id').references(() => bruger.id),
    dato: timestamp('dato', { withTimezone: true }).notNull().defaultNow(),
    frist: date('frist'),
    udfoert: boolean('udfoert').notNull().default(false),
  },
  (t) => [index('adhoc_virksomhed_idx').on(t.virksomhedId, t.dato)],
);

/** Notifications; bruger_id null means every user of the customer. Types 1, 2, 3 (spec 000 §3). */
export const notifikation = pgTable(
  'notifikation',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    brugerId: integer('bruger_id').references(() => bruger.id),
    type: smallint('type').notNull(),
    oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
    beskrivelse: text('beskrivelse').notNull(),
    /**
     * What the notification is about (e.g. 'dma:2026-11-24', 'certifikat:7:30'): a producer that runs
     * again finds the row by (kunde, type, noegle) instead of adding a second one.
     */
    noegle: text('noegle'),
    /** The route the notification opens (/frister/dmastatus, /frister/jupiterstatus, /admin/JupiterCertifikat). */
    link: text('link'),
  },
  (t) => [
    index('notifikation_kunde_idx').on(t.kundeId, t.oprettet),
    uniqueIndex('notifikation_noegle_idx')
      .on(t.kundeId, t.type, t.noegle)
      .where(sql`${t.noegle} is not null`),
  ],
);

/** Which user has read which notification (the bell's unread count is the rest). */
export const notifikationLaest = pgTable(
  'notifikation_laest',
  {
    notifikationId: integer('notifikation_id')
      .notNull()
      .references(() => notifikation.id, { onDelete: 'cascade' }),
    brugerId: integer('bruger_id')
      .notNull()
      .references(() => bruger.id, { onDelete: 'cascade' }),
    laest: timestamp('laest', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notifikationId, t.brugerId] })],
);

/** Inspection conclusions: a customer's lookup of conclusions an inspection can reach. */
export const tilsynKonklusion = pgTable(
  'tilsyn_konklusion',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    kode: text('kode').notNull(),
    navn: text('navn').notNull(),
    aktiv: boolean('aktiv').notNull().default(true),
  },
  (t) => [uniqueIndex('tilsyn_konklusion_kode_idx').on(t.kundeId, t.kode)],
);

/**
 * The records kept on a company or farm, one table for every kind (tilsyn, haandhaevelse,
 * afgoerelse, risikovurdering, fyringsanlaeg, brugerbetaling, opbevaringslager, dyrehold): each kind's
 * fields are validated by its zod schema in src/contract and kept in `data`; what lists sort and
 * filter by is a column. One CRUD path serves all kinds (recorded in docs/decisions.md).
 */
export const registrering = pgTable(
  'registrering',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    virksomhedId: integer('virksomhed_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    art: text('art').notNull(),
    titel: text('titel').notNull(),
    dato: date('dato'),
    sagsbehandlerId: integer('sagsbehandler_id').references(() => bruger.id),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    slettet: boolean('slettet').notNull().default(false),
    version: versionKolonne(),
    oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
    oprettetAf: integer('oprettet_af').references(() => bruger.id),
    opdateret: timestamp('opdateret', { withTimezone: true }).notNull().defaultNow(),
    opdateretAf: integer('opdateret_af').references(() => bruger.id),
  },
  (t) => [
    index('registrering_virksomhed_art_idx').on(t.virksomhedId, t.art, t.dato),
    index('registrering_kunde_art_idx').on(t.kundeId, t.art, t.dato),
    // A company has at most one live SAT result (spec 001 §3 'satResult').
    uniqueIndex('registrering_satresultat_unik_idx')
      .on(t.virksomhedId)
      .where(sql`${t.art} = 'satresultat' and not ${t.slettet}`),
  ],
);

/** Changes seen in the company register (CVR) for a company, with what the case worker took over. */
export const cvrAendring = pgTable(
  'cvr_aendring',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    virksomhedId: integer('virksomhed_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    felt: text('felt').notNull(),
    gammelVaerdi: text('gammel_vaerdi'),
    nyVaerdi: text('ny_vaerdi'),
    registreret: timestamp('registreret', { withTimezone: true }).notNull().defaultNow(),
    overtaget: boolean('overtaget').notNull().default(false),
    brugerId: integer('bruger_id').references(() => bruger.id),
  },
  (t) => [index('cvr_aendring_virksomhed_idx').on(t.virksomhedId, t.registreret)],
);

/** Water samples (analyses) reported by laboratories, awaiting approval like other water data. */
export const vandproeve = pgTable(
  'vandproeve',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    vandanlaegId: integer('vandanlaeg_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    indtagId: integer('indtag_id').references(() => indtag.id, { onDelete: 'set null' }),
    proevested: text('proevested').notNull(),
    proevetype: text('proevetype').notNull(),
    udtaget: timestamp('udtaget', { withTimezone: true }).notNull(),
    laboratorium: text('laboratorium').notNull(),
    analyser: jsonb('analyser')
      .$type<{ parameter: string; vaerdi: number; enhed: string; graensevaerdi: number | null }[]>()
      .notNull()
      .default([]),
    bemaerkning: text('bemaerkning'),
    status: smallint('status').notNull().default(0),
    besluttetAfBrugerId: integer('besluttet_af_bruger_id').references(() => bruger.id),
    besluttetDato: timestamp('besluttet_dato', { withTimezone: true }),
    version: versionKolonne(),
  },
  (t) => [index('vandproeve_kunde_status_idx').on(t.kundeId, t.status, t.udtaget)],
);

/** Reminder e-mails sent to a water plant's reporters for a reporting year. */
export const mailUdsendelse = pgTable(
  'mail_udsendelse',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    vandanlaegId: integer('vandanlaeg_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    aar: integer('aar').notNull(),
    modtager: text('modtager').notNull(),
    emne: text('emne').notNull(),
    sendt: timestamp('sendt', { withTimezone: true }).notNull().defaultNow(),
    brugerId: integer('bruger_id').references(() => bruger.id),
  },
  (t) => [index('mail_udsendelse_kunde_aar_idx').on(t.kundeId, t.aar, t.vandanlaegId)],
);

/**
 * Precomputed median-test statistics of the approved history (docs/decisions.md 'Validation of water data', the median
 * test): one row per comparison group — art 'anlaeg' | 'indtag' (serie = plant / intake; gruppe1 =
 * period length in months, gruppe2 = start month) or 'pejling' (serie = intake; gruppe1 = situation,
 * -1 for none; gruppe2 = 0). Computed by src/server/validering/median.ts only. A row with
 * gruppe1 = gruppe2 = -1 marks the series as changed (written by triggers on oppumpet_maengde and
 * pejling whenever an approved row is inserted, updated or deleted); its groups are recomputed
 * before the statistics are read, in the transaction that reads or decides.
 */
export const valideringStatistik = pgTable(
  'validering_statistik',
  {
    kundeId: integer('kunde_id').notNull(),
    art: text('art').notNull(),
    serieId: integer('serie_id').notNull(),
    gruppe1: integer('gruppe1').notNull(),
    gruppe2: integer('gruppe2').notNull(),
    median: doublePrecision('median'),
    mad: doublePrecision('mad'),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kundeId, t.art, t.serieId, t.gruppe1, t.gruppe2] }),
    index('validering_statistik_aendret_idx').on(t.kundeId).where(sql`gruppe1 = -1 AND gruppe2 = -1`),
  ],
);

/**
 * The median test's answer over every pending entry, kept per series (docs/decisions.md 'Validation of water data', the
 * median test): art and serie as in validering_statistik; `tekst` holds the answers of the
 * series' pending entries (MedianResultat objects as JSON, comma-separated, by id). A row with
 * aendret = true (and no text) marks the series as changed: written by triggers (migration 0018), whenever
 * a pending or approved row of the series is inserted, updated or deleted. Marked series are
 * recomputed (after their statistics) before the answer is read, in the reading transaction.
 */
export const mediantestSvar = pgTable(
  'mediantest_svar',
  {
    kundeId: integer('kunde_id').notNull(),
    art: text('art').notNull(),
    aendret: boolean('aendret').notNull(),
    serieId: integer('serie_id').notNull(),
    tekst: text('tekst'),
  },
  (t) => [
    primaryKey({ columns: [t.kundeId, t.art, t.aendret, t.serieId] }),
    index('mediantest_svar_aendret_idx').on(t.kundeId, t.art).where(sql`aendret`),
  ],
);

/**
 * Creating calls sent with an `Idempotency-Key` header (src/server/http/idempotens.ts): one row per
 * customer, user and key. Reserved (status NULL) before the call runs, so that a duplicate sent at
 * the same time cannot run too; the first answer (status, body) is kept for 24 hours and answered
 * again to a retry of the same request. `fingeraftryk` is a SHA-256 of method, URL and body.
 */
export const idempotensNoegle = pgTable(
  'idempotens_noegle',
  {
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id, { onDelete: 'cascade' }),
    brugerId: integer('bruger_id')
      .notNull()
      .references(() => bruger.id, { onDelete: 'cascade' }),
    noegle: text('noegle').notNull(),
    metode: text('metode').notNull(),
    sti: text('sti').notNull(),
    fingeraftryk: text('fingeraftryk').notNull(),
    /** Random id of the call holding the reservation; only it may complete or release the row. */
    reservation: text('reservation').notNull(),
    status: smallint('status'),
    svar: text('svar'),
    indholdstype: text('indholdstype'),
    oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kundeId, t.brugerId, t.noegle] }),
    index('idempotens_noegle_oprettet_idx').on(t.oprettet),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Files attached to a record (a water plant's inspection ...): kept in the database, so a backup
 * holds them and every process serves them. `ejerArt` is the record kind, `ejerId` the record;
 * `virksomhedId` the owner row whose rights guard the file.
 */
export const fil = pgTable(
  'fil',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    virksomhedId: integer('virksomhed_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    ejerArt: text('ejer_art').notNull(),
    ejerId: integer('ejer_id').notNull(),
    filnavn: text('filnavn'),
    mimeType: text('mime_type').notNull(),
    stoerrelse: integer('stoerrelse').notNull(),
    indhold: bytea('indhold').notNull(),
    slettet: boolean('slettet').notNull().default(false),
    oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
    oprettetAf: integer('oprettet_af').references(() => bruger.id),
  },
  (t) => [index('fil_ejer_idx').on(t.kundeId, t.ejerArt, t.ejerId)],
);

/**
 * Each report of a water plant to Jupiter and what came back: the plant's Jupiter status is its
 * latest row (spec 001 §3 'Reporting error status').
 */
export const jupiterIndberetning = pgTable(
  'jupiter_indberetning',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    vandanlaegId: integer('vandanlaeg_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    sendt: timestamp('sendt', { withTimezone: true }).notNull().defaultNow(),
    brugerId: integer('bruger_id').references(() => bruger.id),
    /** 'OK' or 'Fejl'. */
    status: text('status').notNull(),
    fejlTypeKode: text('fejl_type_kode'),
    fejlTypeTekst: text('fejl_type_tekst'),
    elementStatus: jsonb('element_status')
      .$type<{ element: string; felt: string | null; status: string; besked: string | null }[]>()
      .notNull()
      .default([]),
  },
  (t) => [index('jupiter_indberetning_anlaeg_idx').on(t.vandanlaegId, t.sendt)],
);

/**
 * A SAT inspection period (affaldstilsyn): the year's list of companies selected for waste
 * inspection, from Miljøstyrelsen or the municipality's own choice.
 */
export const satTilsynsperiode = pgTable(
  'sat_tilsynsperiode',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    navn: text('navn').notNull(),
    aar: integer('aar').notNull(),
    startdato: date('startdato').notNull(),
    slutdato: date('slutdato').notNull(),
  },
  (t) => [index('sat_tilsynsperiode_kunde_idx').on(t.kundeId, t.startdato)],
);

/**
 * The SAT fields of a SAT company. The company itself is a row of `virksomhed` with row type 4
 * (name, CVR, P-number, address, version, log), so its records, log and ad hoc tasks hang on it as
 * on any company; this row adds what the SAT programme knows about it.
 */
export const satVirksomhed = pgTable(
  'sat_virksomhed',
  {
    virksomhedId: integer('virksomhed_id')
      .primaryKey()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    kundeId: integer('kunde_id').notNull(),
    satTilsynsperiodeId: integer('sat_tilsynsperiode_id')
      .notNull()
      .references(() => satTilsynsperiode.id),
    /** Came from Miljøstyrelsen's list of selected companies (its master data are the ministry's). */
    fraSatListe: boolean('fra_sat_liste').notNull().default(false),
    udvalgtDato: date('udvalgt_dato'),
    deadlineDato: date('deadline_dato'),
    risikoscore: doublePrecision('risikoscore'),
    udvaelgelsesmetode: text('udvaelgelsesmetode'),
    /** A farm in the SAT programme: only the result categories DelAfMiljoeTilsyn and Paragraf8. */
    erLandbrug: boolean('er_landbrug').notNull().default(false),
  },
  (t) => [
    index('sat_virksomhed_periode_idx').on(t.kundeId, t.satTilsynsperiodeId),
    index('sat_virksomhed_deadline_idx').on(t.kundeId, t.deadlineDato),
  ],
);

/**
 * SAT fee types (satgebyrtype): an hourly rate or a fixed fee in øre, valid from a date (to a date);
 * the fee of an inspection takes the type valid on the inspection date.
 */
export const satGebyrType = pgTable(
  'sat_gebyr_type',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    navn: text('navn').notNull(),
    /** 'timesats' (øre per hour) or 'fast' (øre per fee). */
    art: text('art').notNull(),
    satsOere: integer('sats_oere').notNull(),
    gyldigFra: date('gyldig_fra').notNull(),
    gyldigTil: date('gyldig_til'),
    aktiv: boolean('aktiv').notNull().default(true),
    version: versionKolonne(),
  },
  (t) => [index('sat_gebyr_type_kunde_idx').on(t.kundeId, t.gyldigFra)],
);

/**
 * Each call to the national SAT system about a result (transfer or removal) and how it went, so
 * every transfer can be traced and a failed one retried.
 */
export const satOverfoersel = pgTable(
  'sat_overfoersel',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    resultatId: integer('resultat_id')
      .notNull()
      .references(() => registrering.id, { onDelete: 'cascade' }),
    /** 'overfoer' or 'slet'. */
    handling: text('handling').notNull(),
    /** 'OK', 'Fejl' or 'Timeout'. */
    status: text('status').notNull(),
    besked: text('besked'),
    satId: text('sat_id'),
    tidspunkt: timestamp('tidspunkt', { withTimezone: true }).notNull().defaultNow(),
    brugerId: integer('bruger_id').references(() => bruger.id),
  },
  (t) => [index('sat_overfoersel_resultat_idx').on(t.resultatId, t.tidspunkt)],
);

// ---------------------------------------------------------------- yearly planning (issue 13)

/**
 * A planning period (one calendar year) of a customer; `genereret`/`genereretAf` record who last
 * generated the plan and when (the generation is one act: nothing is logged per company).
 */
export const planlaegningsperiode = pgTable(
  'planlaegningsperiode',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    aar: integer('aar').notNull(),
    navn: text('navn').notNull(),
    startdato: date('startdato').notNull(),
    slutdato: date('slutdato').notNull(),
    genereret: timestamp('genereret', { withTimezone: true }),
    genereretAf: integer('genereret_af').references(() => bruger.id),
    /** Category 1's yearly share of physical inspections, whole percent (not confirmed; 0022). */
    kategori1AndelPct: smallint('kategori1_andel_pct').notNull().default(40),
    version: versionKolonne(),
  },
  (t) => [uniqueIndex('planlaegningsperiode_kunde_aar_idx').on(t.kundeId, t.aar)],
);

/**
 * A planned inspection of a period: why (begrundelse, in words), the kind, the score it was planned
 * from, its place on the priority list, the planned hours in half hours, and the inspection record
 * that fulfilled it (a regeneration keeps those rows).
 */
export const planlagtTilsyn = pgTable(
  'planlagt_tilsyn',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    periodeId: integer('periode_id')
      .notNull()
      .references(() => planlaegningsperiode.id, { onDelete: 'cascade' }),
    virksomhedId: integer('virksomhed_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    kategori: text('kategori').notNull(),
    /** 'basis', 'prioriteret' or 'kampagne'. */
    tilsynstype: text('tilsynstype').notNull(),
    fysisk: boolean('fysisk').notNull().default(true),
    /**
     * The guide's total risk score (1–5, two decimals) the row was planned from; rows planned before
     * migration 0022 hold it rounded to tenths.
     */
    score: doublePrecision('score'),
    begrundelse: text('begrundelse').notNull(),
    prioritet: integer('prioritet'),
    valgt: boolean('valgt').notNull().default(false),
    /** Planned hours in half hours (8 t = 16). */
    timerHalve: integer('timer_halve').notNull(),
    sagsbehandlerId: integer('sagsbehandler_id').references(() => bruger.id),
    udfoertRegistreringId: integer('udfoert_registrering_id').references(() => registrering.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('planlagt_tilsyn_periode_idx').on(t.periodeId, t.kategori, t.score),
    uniqueIndex('planlagt_tilsyn_periode_virksomhed_idx').on(t.periodeId, t.virksomhedId),
    index('planlagt_tilsyn_sagsbehandler_idx').on(t.periodeId, t.sagsbehandlerId),
  ],
);

/** A case worker's available hours in a period (absent: the default, STANDARD_TIMER_TIL_RAADIGHED). */
export const planlaegningRessource = pgTable(
  'planlaegning_ressource',
  {
    id: serial('id').primaryKey(),
    periodeId: integer('periode_id')
      .notNull()
      .references(() => planlaegningsperiode.id, { onDelete: 'cascade' }),
    brugerId: integer('bruger_id')
      .notNull()
      .references(() => bruger.id),
    /** In half hours. */
    timerTilRaadighedHalve: integer('timer_til_raadighed_halve').notNull(),
    version: versionKolonne(),
  },
  (t) => [uniqueIndex('planlaegning_ressource_periode_bruger_idx').on(t.periodeId, t.brugerId)],
);

/** Economic follow-up of a period (opfoelgningOekonomiData): hours in half hours, money in øre. */
export const opfoelgningOekonomi = pgTable(
  'opfoelgning_oekonomi',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    periodeId: integer('periode_id')
      .notNull()
      .references(() => planlaegningsperiode.id, { onDelete: 'cascade' }),
    tekst: text('tekst').notNull(),
    planlagteTimerHalve: integer('planlagte_timer_halve').notNull(),
    registreredeTimerHalve: integer('registrerede_timer_halve').notNull(),
    faktureredeTimerHalve: integer('fakturerede_timer_halve').notNull(),
    planlagtBeloebOere: bigint('planlagt_beloeb_oere', { mode: 'number' }).notNull(),
    faktureretBeloebOere: bigint('faktureret_beloeb_oere', { mode: 'number' }).notNull(),
    bemaerkning: text('bemaerkning'),
    slettet: boolean('slettet').notNull().default(false),
    version: versionKolonne(),
  },
  (t) => [index('opfoelgning_oekonomi_periode_idx').on(t.periodeId)],
);

// ---------------------------------------------------------------- invoicing user payment (issue 13)

/**
 * The rates of a year: the ministry's hourly rate for work done in the calendar year `aar` (issue 29:
 * work is charged at the rate of the year it was done in), the shares, and where the figures come
 * from. A settlement year's proposals read the rows of its two calendar years.
 */
export const brugerbetalingSats = pgTable(
  'brugerbetaling_sats',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    aar: integer('aar').notNull(),
    timesatsOere: integer('timesats_oere').notNull(),
    fremmedAndelBp: integer('fremmed_andel_bp').notNull(),
    husdyrGodkendelseAndelBp: integer('husdyr_godkendelse_andel_bp').notNull(),
    /** The source of the figures (the ministry's publication), or why they are an assumption. */
    kilde: text('kilde'),
    version: versionKolonne(),
  },
  (t) => [uniqueIndex('brugerbetaling_sats_kunde_aar_idx').on(t.kundeId, t.aar)],
);

/**
 * A batch of invoices approved together (art 'faktura') or of credit notes (art 'kredit');
 * status 'godkendt' (awaiting transfer), 'fejlet' (none taken yet), 'overfoert', 'delvist' (some failed), 'annulleret',
 * 'krediteret'.
 */
export const afregningBatch = pgTable(
  'afregning_batch',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    art: text('art').notNull(),
    status: text('status').notNull(),
    aar: integer('aar').notNull(),
    oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
    oprettetAf: integer('oprettet_af')
      .notNull()
      .references(() => bruger.id),
    overfoert: timestamp('overfoert', { withTimezone: true }),
    kreditererBatchId: integer('krediterer_batch_id'),
    aarsag: text('aarsag'),
    annulleretAf: integer('annulleret_af').references(() => bruger.id),
    annulleret: timestamp('annulleret', { withTimezone: true }),
    version: versionKolonne(),
  },
  (t) => [index('afregning_batch_kunde_idx').on(t.kundeId, t.id)],
);

/**
 * An invoice of one company for one settlement year: a proposal (status 'forslag') until approved,
 * then 'godkendt', 'overfoert', 'fejlet' or 'krediteret'. A credit note is a row of art 'kredit'
 * referencing the invoice it credits. Totals are integer øre.
 */
export const faktura = pgTable(
  'faktura',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    virksomhedId: integer('virksomhed_id')
      .notNull()
      .references(() => virksomhed.id),
    aar: integer('aar').notNull(),
    art: text('art').notNull().default('faktura'),
    status: text('status').notNull(),
    batchId: integer('batch_id').references(() => afregningBatch.id),
    totalOere: bigint('total_oere', { mode: 'number' }).notNull(),
    timerHalve: integer('timer_halve').notNull(),
    antalLinjer: integer('antal_linjer').notNull(),
    kreditererFakturaId: integer('krediterer_faktura_id'),
    fakturanummer: text('fakturanummer'),
    fejl: text('fejl'),
    forsoeg: integer('forsoeg').notNull().default(0),
    oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
    godkendtAf: integer('godkendt_af').references(() => bruger.id),
    godkendt: timestamp('godkendt', { withTimezone: true }),
    overfoert: timestamp('overfoert', { withTimezone: true }),
    version: versionKolonne(),
  },
  (t) => [
    index('faktura_kunde_status_idx').on(t.kundeId, t.status, t.aar),
    index('faktura_batch_idx').on(t.batchId),
    index('faktura_virksomhed_idx').on(t.virksomhedId),
    // One credit note per invoice.
    uniqueIndex('faktura_krediterer_idx').on(t.kreditererFakturaId),
  ],
);

/**
 * One line of an invoice. `aktiv` is true while the line bills its record (the invoice is not
 * credited): a record is on at most one active line, which the partial unique index holds.
 */
export const fakturaLinje = pgTable(
  'faktura_linje',
  {
    id: serial('id').primaryKey(),
    fakturaId: integer('faktura_id')
      .notNull()
      .references(() => faktura.id, { onDelete: 'cascade' }),
    kilde: text('kilde').notNull(),
    registreringId: integer('registrering_id').references(() => registrering.id),
    dato: date('dato').notNull(),
    tekst: text('tekst').notNull(),
    kategori: text('kategori'),
    timerHalve: integer('timer_halve'),
    satsOere: bigint('sats_oere', { mode: 'number' }).notNull(),
    /** The share of the line's kind: 5779 of an outside service, 0 of unjustified complaint work. */
    andelBp: integer('andel_bp').notNull(),
    /** The livestock approval's share on top (8000), on a farm's approval work; else null. */
    husdyrAndelBp: integer('husdyr_andel_bp'),
    beloebOere: bigint('beloeb_oere', { mode: 'number' }).notNull(),
    forklaring: text('forklaring').notNull(),
    kreditererLinjeId: integer('krediterer_linje_id'),
    aktiv: boolean('aktiv').notNull().default(true),
  },
  (t) => [
    index('faktura_linje_faktura_idx').on(t.fakturaId),
    uniqueIndex('faktura_linje_registrering_aktiv_idx')
      .on(t.registreringId)
      .where(sql`${t.aktiv} and ${t.registreringId} is not null`),
  ],
);

/** Each attempt to transfer an invoice to the economy system, and how it went. */
export const oekonomiOverfoersel = pgTable(
  'oekonomi_overfoersel',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    fakturaId: integer('faktura_id')
      .notNull()
      .references(() => faktura.id, { onDelete: 'cascade' }),
    /** 'OK', 'Fejl' or 'Timeout'. */
    status: text('status').notNull(),
    besked: text('besked'),
    fakturanummer: text('fakturanummer'),
    tidspunkt: timestamp('tidspunkt', { withTimezone: true }).notNull().defaultNow(),
    brugerId: integer('bruger_id').references(() => bruger.id),
  },
  (t) => [index('oekonomi_overfoersel_faktura_idx').on(t.fakturaId, t.tidspunkt)],
);

/**
 * The economy system *simulator's* own store (src/server/integrations/oekonomi.ts): the invoices it
 * was sent, one per key, numbered from a sequence, so a restart neither forgets an invoice (a retry
 * would make a second) nor reuses a number. A real economy system keeps this itself.
 */
export const oekonomiSimulatorNr = pgSequence('oekonomi_simulator_nr');
export const oekonomiSimulatorFaktura = pgTable(
  'oekonomi_simulator_faktura',
  {
    kundeNr: integer('kunde_nr').notNull(),
    noegle: text('noegle').notNull(),
    fakturanummer: text('fakturanummer').notNull().unique(),
    input: jsonb('input').$type<unknown>().notNull(),
    oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kundeNr, t.noegle] })],
);

/**
 * Named workspaces (issue 34): a user's saved layouts in one customer, each under a name unique to
 * the user there (case does not count), at most one of them the start layout. The layout is the
 * workspace's URL query as the client writes it (src/contract/arbejdsomraader.ts).
 */
export const arbejdsomraade = pgTable(
  'arbejdsomraade',
  {
    id: serial('id').primaryKey(),
    brugerId: integer('bruger_id')
      .notNull()
      .references(() => bruger.id, { onDelete: 'cascade' }),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id, { onDelete: 'cascade' }),
    navn: text('navn').notNull(),
    /** navn's Danish sort key (dansk_sortering, drizzle/0007): the lists sort by it. */
    navnSortering: text('navn_sortering').generatedAlwaysAs(sql`dansk_sortering("navn")`),
    layout: text('layout').notNull(),
    start: boolean('start').notNull().default(false),
    version: versionKolonne(),
    aendret: timestamp('aendret', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('arbejdsomraade_bruger_kunde_navn_idx').on(t.brugerId, t.kundeId, sql`lower(${t.navn})`),
    uniqueIndex('arbejdsomraade_bruger_kunde_start_idx').on(t.brugerId, t.kundeId).where(sql`${t.start}`),
  ],
);

/**
 * Each report of a company's or farm's data to DMA (Danmarks Miljøportal) and what came back: a
 * record's DMA status is its latest row (issue 15, /frister/dmastatus).
 */
export const dmaIndberetning = pgTable(
  'dma_indberetning',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    virksomhedId: integer('virksomhed_id')
      .notNull()
      .references(() => virksomhed.id, { onDelete: 'cascade' }),
    /** The inspection, enforcement or decision reported; null for the company's master data. */
    registreringId: integer('registrering_id').references(() => registrering.id, { onDelete: 'cascade' }),
    sendt: timestamp('sendt', { withTimezone: true }).notNull().defaultNow(),
    brugerId: integer('bruger_id').references(() => bruger.id),
    /** 'OK' or 'Fejl'. */
    status: text('status').notNull(),
    fejlKode: text('fejl_kode'),
    fejlTekst: text('fejl_tekst'),
  },
  (t) => [
    index('dma_indberetning_virksomhed_idx').on(t.virksomhedId, t.sendt),
    index('dma_indberetning_kunde_idx').on(t.kundeId, t.sendt),
  ],
);

/** Map links per display location (minimaps/forvisningssted, /admin/minimapkoblinger). */
export const minimapKobling = pgTable(
  'minimap_kobling',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    /** Where the link is offered (e.g. 'vandanlaeg', 'virksomhed', 'boring'). */
    visningssted: text('visningssted').notNull(),
    navn: text('navn').notNull(),
    /** URL template with {x} and {y} (EPSG:25832) and optionally {zoom}. */
    url: text('url').notNull(),
    aktiv: boolean('aktiv').notNull().default(true),
    version: versionKolonne(),
  },
  (t) => [index('minimap_kobling_kunde_idx').on(t.kundeId, t.visningssted)],
);

/** The municipality's details used in letters (sender, address, signature, logo). */
export const administrativeOplysninger = pgTable(
  'administrative_oplysninger',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    /** A name for the set (a municipality may write from several departments). */
    navn: text('navn').notNull(),
    afsender: text('afsender').notNull(),
    adresse: text('adresse'),
    postnrBy: text('postnr_by'),
    telefon: text('telefon'),
    email: text('email'),
    web: text('web'),
    underskriftNavn: text('underskrift_navn'),
    underskriftTitel: text('underskrift_titel'),
    logo: bytea('logo'),
    logoMimeType: text('logo_mime_type'),
    /** The set letters use unless another is chosen. */
    standard: boolean('standard').notNull().default(false),
    version: versionKolonne(),
  },
  (t) => [index('administrative_oplysninger_kunde_idx').on(t.kundeId)],
);

/** Uploaded .docx templates per document kind (spec 000 §3 'Document kinds'). */
export const dokumentSkabelon = pgTable(
  'dokument_skabelon',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    dokumentType: text('dokument_type').notNull(),
    navn: text('navn').notNull(),
    filnavn: text('filnavn').notNull(),
    indhold: bytea('indhold').notNull(),
    stoerrelse: integer('stoerrelse').notNull(),
    /** What the upload scan found: bookmarks, merge fields and {tags}, with unknown and duplicate marks. */
    felter: jsonb('felter').$type<unknown>().notNull().default([]),
    aktiv: boolean('aktiv').notNull().default(true),
    version: versionKolonne(),
    oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
    oprettetAf: integer('oprettet_af').references(() => bruger.id),
  },
  (t) => [index('dokument_skabelon_kunde_idx').on(t.kundeId, t.dokumentType)],
);

/** Control-point templates (Kontrolpunkt/templatedata): a named set, e.g. 'Svinebrug'. */
export const kontrolpunktSkabelon = pgTable(
  'kontrolpunkt_skabelon',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    navn: text('navn').notNull(),
    /** Virksomhedstype (1 virksomhed, 2 landbrug, 3 vandanlaeg, 4 SAT) the template is meant for. */
    virksomhedstype: smallint('virksomhedstype').notNull(),
    aktiv: boolean('aktiv').notNull().default(true),
    version: versionKolonne(),
  },
  (t) => [index('kontrolpunkt_skabelon_kunde_idx').on(t.kundeId)],
);

/** The control points of a template, each under a subject (Kontrolpunkt/henttemplateemner). */
export const kontrolpunkt = pgTable(
  'kontrolpunkt',
  {
    id: serial('id').primaryKey(),
    skabelonId: integer('skabelon_id')
      .notNull()
      .references(() => kontrolpunktSkabelon.id, { onDelete: 'cascade' }),
    emneKode: text('emne_kode').notNull(),
    tekst: text('tekst').notNull(),
    sortering: integer('sortering').notNull().default(0),
  },
  (t) => [index('kontrolpunkt_skabelon_idx').on(t.skabelonId, t.sortering)],
);

/** An inspection's answer to a control point. */
export const tilsynKontrolpunkt = pgTable(
  'tilsyn_kontrolpunkt',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    registreringId: integer('registrering_id')
      .notNull()
      .references(() => registrering.id, { onDelete: 'cascade' }),
    kontrolpunktId: integer('kontrolpunkt_id')
      .notNull()
      .references(() => kontrolpunkt.id, { onDelete: 'cascade' }),
    /** 'OK', 'Afvigelse', 'IkkeRelevant' or null (not answered yet). */
    resultat: text('resultat'),
    bemaerkning: text('bemaerkning'),
    version: versionKolonne(),
  },
  (t) => [uniqueIndex('tilsyn_kontrolpunkt_unik_idx').on(t.registreringId, t.kontrolpunktId)],
);

/** Standard texts of an inspection report per subject (TilsynRapport/templatedata, henttemplateemner). */
export const tilsynRapportTekst = pgTable(
  'tilsyn_rapport_tekst',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    emneKode: text('emne_kode').notNull(),
    titel: text('titel').notNull(),
    tekst: text('tekst').notNull(),
    aktiv: boolean('aktiv').notNull().default(true),
    version: versionKolonne(),
  },
  (t) => [index('tilsyn_rapport_tekst_kunde_idx').on(t.kundeId, t.emneKode)],
);

/** Every change made in /admin/BrugerAdministration: who changed whom, when, from what to what. */
export const brugerAdminLog = pgTable(
  'bruger_admin_log',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id').notNull(),
    brugerId: integer('bruger_id')
      .notNull()
      .references(() => bruger.id, { onDelete: 'cascade' }),
    udfoertAf: integer('udfoert_af').references(() => bruger.id),
    tidspunkt: timestamp('tidspunkt', { withTimezone: true }).notNull().defaultNow(),
    handling: text('handling').notNull(),
    foer: jsonb('foer').$type<unknown>(),
    efter: jsonb('efter').$type<unknown>(),
  },
  (t) => [index('bruger_admin_log_kunde_idx').on(t.kundeId, t.tidspunkt)],
);

/** The certificate the customer's system uses towards Jupiter; the private key is stored encrypted. */
export const jupiterCertifikat = pgTable(
  'jupiter_certifikat',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id),
    subjekt: text('subjekt').notNull(),
    udsteder: text('udsteder').notNull(),
    serienummer: text('serienummer').notNull(),
    fingeraftryk: text('fingeraftryk').notNull(),
    gyldigFra: timestamp('gyldig_fra', { withTimezone: true }).notNull(),
    gyldigTil: timestamp('gyldig_til', { withTimezone: true }).notNull(),
    certifikatPem: text('certifikat_pem').notNull(),
    /** AES-256-GCM ciphertext of the private key (iv, tag and data, base64); never returned. */
    noegleKrypteret: text('noegle_krypteret').notNull(),
    aktiv: boolean('aktiv').notNull().default(true),
    oprettet: timestamp('oprettet', { withTimezone: true }).notNull().defaultNow(),
    oprettetAf: integer('oprettet_af').references(() => bruger.id),
  },
  (t) => [index('jupiter_certifikat_kunde_idx').on(t.kundeId, t.aktiv)],
);

/** Sign-in attempts per key (address or username) and window, shared by every server process. */
export const loginForsoeg = pgTable('login_forsoeg', {
  noegle: text('noegle').primaryKey(),
  antal: integer('antal').notNull(),
  nulstilles: timestamp('nulstilles', { withTimezone: true }).notNull(),
});

/**
 * Long jobs (issue 32, src/server/jobs/): one row per run of a plan generation, an invoice proposal
 * run or a batch transfer, with its progress, result or error. At most one run of a kind and key (a
 * period, a year, a batch) is 'koerer' per customer: the partial unique index refuses a second start.
 */
export const job = pgTable(
  'job',
  {
    id: serial('id').primaryKey(),
    kundeId: integer('kunde_id')
      .notNull()
      .references(() => kunde.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** What the run does, in Danish ('Dan fakturaforslag for 2026'), for the 409 and the progress bar. */
    titel: text('titel').notNull(),
    /** The right of the call that started it (an access rule, names joined by '||'); reading it needs the same. */
    ret: text('ret').notNull(),
    status: text('status').$type<'koerer' | 'faerdig' | 'fejlet'>().notNull().default('koerer'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    startedBy: integer('started_by').references(() => bruger.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed while the run lives; a 'koerer' row whose heartbeat stopped was left by a stopped process. */
    hjerteslag: timestamp('hjerteslag', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('job_koerer_idx').on(t.kundeId, t.kind, t.key).where(sql`${t.status} = 'koerer'`),
    index('job_kunde_idx').on(t.kundeId, t.kind, t.key, t.id),
  ],
);
