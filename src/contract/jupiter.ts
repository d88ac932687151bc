import { z } from 'zod';
import { INT4_MAX, idParamsSchema, isoDateTime } from './common';
import { endpoint } from './endpoint';
import { gyldigtCvrEllerCpr } from './felter';
import { CTRLPROGRAM_KODER, ctrlprogramPasser, DGU_UGYLDIG, dguNrGyldigt } from './jupiter-regler';
import { iDanmarkBoks, UDEN_FOR_DANMARK } from './vandanlaeg';

export { FORMAAL_DRIKKEVAND } from './jupiter-regler';

/**
 * Reporting a water plant to the national Jupiter database (GEUS) and what came back (spec 001 §3
 * 'Reporting error status'). Jupiter is simulated locally (src/server/integrations/jupiter.ts).
 *
 * Before sending, 'Jupiter-klar' (`jupiterKlar` below) checks the plant's J-marked fields: the client
 * shows it live from the plant it has, the server runs the same function before it sends.
 */

/** The outcome of a report: accepted, or rejected with an error type. */
export const JUPITER_STATUSSER = ['OK', 'Fejl'] as const;
export type JupiterStatus = (typeof JUPITER_STATUSSER)[number];

/**
 * Jupiter's code lists for the J-marked fields of a plant, the same ids the local lookups serve
 * (src/server/db/seed/lookups.ts JUPITER_*; tests/unit/jupiter-klar.test.ts keeps them equal).
 * CTRLPROGRAM is Jupiter's own list 1–10 (DRWPLANT.CTRLPROGRAM, in force since 1 May 2023).
 */
export const JUPITER_KODER = {
  primaerVirksomhedstype: ['V01', 'V02', 'V10', 'V20', 'V30'],
  jupiterAnlaegsartId: [1, 2, 3, 4, 5],
  jupiterAktivStatusId: [1, 2, 3],
  jupiterVandtypeId: [1, 2],
  jupiterIndvindingsformaalId: [1, 2, 3, 4],
  jupiterCTRLPROGRAMId: CTRLPROGRAM_KODER,
  jupiterKoordinatMetodeId: [1, 2, 3],
  /** Supply categories (forsyningsarter) of a pumped quantity's supply lines. */
  jupiterForsyningsartId: [1, 2, 3, 4, 5],
} as const satisfies Record<string, readonly (number | string)[]>;

/** CTRLPROGRAM (Miljøportal, 2023): the drinking-water control programme of a plant. */
export const JUPITER_CTRLPROGRAM_NAVNE: Record<number, string> = {
  1: 'Almen vandforsyning',
  2: 'Ikke-almen vandforsyning over 10 m³/dag',
  3: 'Ikke-almen, kommerciel eller offentlig aktivitet, under 10 m³/dag',
  4: 'Ikke-almen uden kommerciel eller offentlig aktivitet, under 10 m³/dag',
  5: 'Intet krav (én husstand)',
  6: 'Fødevarevirksomhed',
  7: 'Helt eller delvist undtaget (fødevarevirksomhed)',
  8: "'Ikke drikkevand' – krav om rent vand",
  9: "'Ikke drikkevand' – ingen krav",
  10: 'Anden type',
};

/** The plant's J-marked fields the check covers, with their Danish labels (the form's names). */
export const JUPITER_FELT_LABELS = {
  anlaegsnavn: 'Anlægsnavn',
  primaerVirksomhedstype: 'Primær virksomhedstype',
  oevrigeVandanlaegVirksomhedstyper: 'Øvrige virksomhedstyper',
  jupiterAnlaegsartId: 'Anlægsart',
  jupiterAktivStatusId: 'Aktiv status',
  jupiterVandtypeId: 'Vandtype',
  jupiterIndvindingsformaalId: 'Indvindingsformål',
  jupiterCTRLPROGRAMId: 'Kontrolprogram (CTRLPROGRAM)',
  jupiterKoordinatMetodeId: 'Koordinatmetode',
  koordinat: 'Koordinat',
  ejerNavn: 'Ejers navn',
  ejerCvrCprNr: 'Ejers CVR- eller CPR-nr.',
  ejerAdresse: 'Ejers adresse',
  tilladelser: 'Indvindingstilladelse',
  boringer: 'Boringer (DGU-nr.)',
} as const;
export type JupiterFelt = keyof typeof JUPITER_FELT_LABELS;

/** A permit as Jupiter-klar reads it: in force on the day of the check or not, and its yearly quantity. */
export interface JupiterKlarTilladelse {
  titel: string;
  iKraft: boolean;
  vandmaengdeM3Aar: number | null;
}

/**
 * What the check reads: the plant's basis and its coordinate (EPSG:25832), as the plant answer
 * carries them, and, on the server, its boreholes and live permits (left out, they are not checked:
 * the form has neither).
 */
export interface JupiterKlarInput {
  basis: Readonly<Record<string, unknown>>;
  koordinat?: { x?: number | null; y?: number | null } | null;
  boringer?: readonly { dguNr: string }[];
  tilladelser?: readonly JupiterKlarTilladelse[];
}

/** § 24 d, stk. 1, nr. 1 (vandforsyningsloven): the report carries the permit and its yearly quantity. */
export const INGEN_TILLADELSE =
  'Vandanlægget har ingen gældende indvindingstilladelse: årsindberetningen skal have tilladelsen og den tilladte årlige vandmængde med (vandforsyningsloven § 24 d, stk. 1, nr. 1)';

export const jupiterMangelSchema = z.object({
  felt: z.string(),
  label: z.string(),
  /** 'mangler': required and empty; 'ugyldig': filled in but not accepted by Jupiter. */
  art: z.enum(['mangler', 'ugyldig']),
  besked: z.string(),
});
export type JupiterMangel = z.infer<typeof jupiterMangelSchema>;

export const jupiterKlarSchema = z.object({
  klar: z.boolean(),
  mangler: z.array(jupiterMangelSchema),
});
export type JupiterKlar = z.infer<typeof jupiterKlarSchema>;

/** What a report of the plant would send now: counted, for the question before 'Indberet til Jupiter'. */
export const jupiterIndholdSchema = z.object({
  boringer: z.number(),
  indtag: z.number(),
  /** Approved pumped-quantity periods (plant and intake level). */
  maengder: z.number(),
  /** Permits in force. */
  tilladelser: z.number(),
});
export type JupiterIndhold = z.infer<typeof jupiterIndholdSchema>;

/** GET vandanlaeg/{id}/jupiter/klar's answer: Jupiter-klar, and while the plant is ready what would be sent. */
export const jupiterKlarSvarSchema = jupiterKlarSchema.extend({ indhold: jupiterIndholdSchema.optional() });
export type JupiterKlarSvar = z.infer<typeof jupiterKlarSvarSchema>;

const tom = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const iListe = (liste: readonly (number | string)[], v: unknown) =>
  (typeof v === 'number' || typeof v === 'string') && liste.some((k) => k === v);
const kodeTekst = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));

/**
 * Jupiter-klar: every J-marked field of the plant that is missing or that Jupiter would not accept,
 * each with a Danish message, in the form's order. Required: anlægsnavn, primær virksomhedstype,
 * anlægsart, aktiv status, vandtype, indvindingsformål, a coordinate inside Denmark (`iDanmark`: the
 * server's shape; the form passes nothing and gets the box), a CTRLPROGRAM that fits the company
 * type (./jupiter-regler ctrlprogramPasser), the owner's name, CVR or CPR number and address
 * (vandforsyningsloven § 24 d, stk. 1, nr. 4) and, when given, a permit in force with its yearly
 * quantity (nr. 1) and a well-formed DGU number on every borehole. Every code must be in its list.
 */
export function jupiterKlar(
  plant: JupiterKlarInput,
  iDanmark: (x: number, y: number) => boolean = iDanmarkBoks,
): JupiterKlar {
  const b = plant.basis;
  const mangler: JupiterMangel[] = [];
  const mangel = (felt: JupiterFelt, art: JupiterMangel['art'], besked: string) =>
    mangler.push({ felt, label: JUPITER_FELT_LABELS[felt], art, besked });
  const paakraevet = (felt: JupiterFelt) =>
    mangel(felt, 'mangler', `${JUPITER_FELT_LABELS[felt]} skal udfyldes`);
  const kode = (felt: keyof typeof JUPITER_KODER & JupiterFelt, skal: boolean, v: unknown = b[felt]) => {
    if (tom(v)) {
      if (skal) paakraevet(felt);
      return;
    }
    if (!iListe(JUPITER_KODER[felt], v))
      mangel(
        felt,
        'ugyldig',
        `Koden ${kodeTekst(v)} findes ikke i Jupiters kodeliste for ${JUPITER_FELT_LABELS[felt].toLowerCase()}`,
      );
  };

  if (tom(b.anlaegsnavn)) paakraevet('anlaegsnavn');
  else if (typeof b.anlaegsnavn !== 'string')
    mangel('anlaegsnavn', 'ugyldig', 'Anlægsnavn skal være en tekst');
  kode('primaerVirksomhedstype', true);
  const oevrige = b.oevrigeVandanlaegVirksomhedstyper;
  if (Array.isArray(oevrige)) {
    const ukendte = oevrige.filter((v) => !iListe(JUPITER_KODER.primaerVirksomhedstype, v));
    if (ukendte.length > 0)
      mangel(
        'oevrigeVandanlaegVirksomhedstyper',
        'ugyldig',
        `${ukendte.length === 1 ? 'Koden' : 'Koderne'} ${ukendte.map(kodeTekst).join(', ')} findes ikke i Jupiters kodeliste for virksomhedstyper`,
      );
  }
  kode('jupiterAnlaegsartId', true);
  kode('jupiterAktivStatusId', true);
  kode('jupiterVandtypeId', true);
  kode('jupiterIndvindingsformaalId', true);
  const ctrl = ctrlprogramPasser({
    virksomhedstype: b.primaerVirksomhedstype,
    formaalId: b.jupiterIndvindingsformaalId,
    ctrlprogram: tom(b.jupiterCTRLPROGRAMId) ? null : b.jupiterCTRLPROGRAMId,
  });
  if (ctrl) mangel('jupiterCTRLPROGRAMId', ctrl.art, ctrl.besked);
  kode('jupiterKoordinatMetodeId', false);

  const x = plant.koordinat?.x;
  const y = plant.koordinat?.y;
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
    mangel('koordinat', 'mangler', 'Koordinat (x, y i UTM32 ETRS89) skal udfyldes');
  else if (!iDanmark(x, y))
    mangel('koordinat', 'ugyldig', `${UDEN_FOR_DANMARK}. Kontrollér x og y – er de byttet om?`);

  // The owner (vandforsyningsloven § 24 d, stk. 1, nr. 4).
  if (tom(b.ejerNavn)) paakraevet('ejerNavn');
  if (tom(b.ejerCvrCprNr)) paakraevet('ejerCvrCprNr');
  else if (typeof b.ejerCvrCprNr !== 'string' || !gyldigtCvrEllerCpr(b.ejerCvrCprNr.trim()))
    mangel(
      'ejerCvrCprNr',
      'ugyldig',
      `'${String(b.ejerCvrCprNr)}' er hverken et gyldigt CVR-nummer (8 cifre) eller CPR-nummer (DDMMÅÅ-XXXX)`,
    );
  if (tom(b.ejerAdresse)) paakraevet('ejerAdresse');

  // The permit in force and its yearly quantity (§ 24 d, stk. 1, nr. 1).
  if (plant.tilladelser) {
    const iKraft = plant.tilladelser.filter((t) => t.iKraft);
    if (iKraft.length === 0) mangel('tilladelser', 'mangler', INGEN_TILLADELSE);
    else if (iKraft.every((t) => t.vandmaengdeM3Aar === null))
      mangel(
        'tilladelser',
        'ugyldig',
        `Den gældende tilladelse '${iKraft[0]!.titel}' har ingen tilladt årlig vandmængde (m³/år)`,
      );
  }

  // Every borehole's DGU number.
  const forkerte = (plant.boringer ?? []).filter((x) => !dguNrGyldigt(x.dguNr)).map((x) => `'${x.dguNr}'`);
  if (forkerte.length > 0)
    mangel(
      'boringer',
      'ugyldig',
      `${forkerte.length === 1 ? 'Boringen med DGU-nr.' : 'Boringerne med DGU-nr.'} ${forkerte.join(', ')}: ${DGU_UGYLDIG}`,
    );

  return { klar: mangler.length === 0, mangler };
}

// ---------------------------------------------------------------------------------------------
// Reports and status
// ---------------------------------------------------------------------------------------------

/** One element of a report (the plant, a borehole, an intake, a pumped-quantity period) and Jupiter's verdict. */
export const elementStatusSchema = z.object({
  element: z.string(),
  felt: z.string().nullable(),
  status: z.enum(JUPITER_STATUSSER),
  besked: z.string().nullable(),
});
export type ElementStatus = z.infer<typeof elementStatusSchema>;

/** One report of the plant and its answer (spec 001 §3 'Reporting error status'). */
export const jupiterIndberetningSchema = z.object({
  id: z.number(),
  sendt: isoDateTime,
  brugerId: z.number().nullable(),
  /** The sender's name. */
  bruger: z.string().nullable(),
  jupiterIndberetningsFejlStatus: z.enum(JUPITER_STATUSSER),
  jupiterIndberetningsFejlTypeKode: z.string().nullable(),
  jupiterIndberetningsFejlTypeText: z.string().nullable(),
  elementStatusListe: z.array(elementStatusSchema),
});
export type JupiterIndberetning = z.infer<typeof jupiterIndberetningSchema>;

/** The reports shown: the newest this many. */
export const JUPITER_HISTORIK_MAKS = 50;

export const jupiterStatusSvarSchema = z.object({
  /** The latest report, null when the plant was never reported from here. */
  seneste: jupiterIndberetningSchema.nullable(),
  /** The reports, newest first (at most JUPITER_HISTORIK_MAKS). */
  historik: z.array(jupiterIndberetningSchema),
});
export type JupiterStatusSvar = z.infer<typeof jupiterStatusSvarSchema>;

export const JUPITER_KONFLIKT =
  'Vandanlægget er blevet ændret af en anden, siden du åbnede det. Genindlæs og kontrollér oplysningerne, før du indberetter.';

/**
 * The send's body: the plant's version the user looked at (optional; when given, a newer one on the
 * server answers 409 so that what was checked is what is sent).
 */
export const indberetBodySchema = z
  .object({
    version: z
      .number({ error: 'Ugyldig version' })
      .int('Ugyldig version')
      .positive('Ugyldig version')
      .max(INT4_MAX, 'Ugyldig version')
      .optional(),
  })
  .strict();

export const indberetSvarSchema = z.object({
  indberetning: jupiterIndberetningSchema,
  /** The plant's new version (its jupiterIndberetningStatus changed). */
  version: z.number(),
});
export type IndberetSvar = z.infer<typeof indberetSvarSchema>;

/** GET vandanlaeg/{id}/jupiter/klar: the plant's Jupiter-klar check (read right). */
export const hentJupiterKlar = endpoint({
  method: 'GET',
  path: '/vandanlaeg/:id/jupiter/klar',
  params: idParamsSchema,
  answer: jupiterKlarSvarSchema,
  access: 'SAGSBEHANDLER_VANDANLAEG_LAES',
});

/**
 * POST vandanlaeg/{id}/jupiter/indberet: checks Jupiter-klar (400 with the fields when not ready),
 * sends the plant with its boreholes, intakes and approved pumped quantities, stores the answer and
 * sets the plant's jupiterIndberetningStatus (caseworker right).
 */
export const indberetTilJupiter = endpoint({
  method: 'POST',
  path: '/vandanlaeg/:id/jupiter/indberet',
  params: idParamsSchema,
  body: indberetBodySchema,
  answer: indberetSvarSchema,
  access: 'SAGSBEHANDLER_VANDANLAEG',
});

/** GET vandanlaeg/{id}/jupiter/status: the latest report's status and the history (read right). */
export const hentJupiterStatus = endpoint({
  method: 'GET',
  path: '/vandanlaeg/:id/jupiter/status',
  params: idParamsSchema,
  answer: jupiterStatusSvarSchema,
  access: 'SAGSBEHANDLER_VANDANLAEG_LAES',
});
