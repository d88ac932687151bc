/**
 * The life of an invoice and of its batch, one table each (issue 33 point 3). The server's SQL
 * conditions (`status in (…)` of every update), the filters of the client's lists and its enabled
 * buttons and commands all read these tables; nobody restates a status string. Unit test:
 * tests/unit/faktura-status.test.ts (every act × every status).
 *
 * An invoice: forslag → godkendt (in a batch) → overfoert | fejlet (↺ retried) → krediteret;
 * godkendt/fejlet → forslag when its batch is cancelled before the economy system took anything.
 * A credit note (art 'kredit') is born godkendt in its own batch and is transferred like an invoice.
 */

export const FAKTURA_STATUSSER = ['forslag', 'godkendt', 'overfoert', 'fejlet', 'krediteret'] as const;
export type FakturaStatus = (typeof FAKTURA_STATUSSER)[number];

export const FAKTURA_STATUS_TEKST: Record<FakturaStatus, string> = {
  forslag: 'Forslag',
  godkendt: 'Godkendt',
  overfoert: 'Overført',
  fejlet: 'Fejlet',
  krediteret: 'Krediteret',
};

/**
 * What can be done to an invoice: approve (into a batch), cancel its batch before transfer, a transfer
 * that the economy system took or refused (or did not answer), credit a transferred invoice.
 */
export const FAKTURA_HANDLINGER = ['godkend', 'annuller', 'overfoer', 'overfoerFejlet', 'krediter'] as const;
export type FakturaHandling = (typeof FAKTURA_HANDLINGER)[number];

/** The transitions: from each status, the acts allowed and the status each leads to. */
export const FAKTURA_OVERGANGE: Readonly<
  Record<FakturaStatus, Readonly<Partial<Record<FakturaHandling, FakturaStatus>>>>
> = {
  forslag: { godkend: 'godkendt' },
  godkendt: { overfoer: 'overfoert', overfoerFejlet: 'fejlet', annuller: 'forslag' },
  // A failed transfer is retried; cancelling it is allowed while the economy system holds nothing
  // (the server refuses when an attempt may have reached it).
  fejlet: { overfoer: 'overfoert', overfoerFejlet: 'fejlet', annuller: 'forslag' },
  // A transferred invoice is never changed or cancelled: only credited (with a credit note).
  overfoert: { krediter: 'krediteret' },
  krediteret: {},
};

/** Whether an invoice in `status` may undergo `handling`. */
export const kanUdfoere = (status: FakturaStatus, handling: FakturaHandling): boolean =>
  FAKTURA_OVERGANGE[status][handling] !== undefined;

/** The status after `handling`, or null when it is not allowed. */
export const naesteStatus = (status: FakturaStatus, handling: FakturaHandling): FakturaStatus | null =>
  FAKTURA_OVERGANGE[status][handling] ?? null;

/** The statuses from which `handling` is allowed, in table order (the server's `status in (…)`). */
export const statusserFor = (handling: FakturaHandling): FakturaStatus[] =>
  FAKTURA_STATUSSER.filter((s) => kanUdfoere(s, handling));

/**
 * The one status `handling` leads to (from every status that allows it; the unit test holds that there
 * is exactly one), for the server's `set status = …`.
 */
export function resultatAf(handling: FakturaHandling): FakturaStatus {
  for (const s of FAKTURA_STATUSSER) {
    const til = FAKTURA_OVERGANGE[s][handling];
    if (til) return til;
  }
  throw new Error(`Ingen status tillader ${handling}`);
}

/** The status a proposal is born in, and the only one approval starts from. */
export const FAKTURA_START: FakturaStatus = 'forslag';

/** The status a credit note is born in: approved, in its own batch, awaiting transfer. */
export const KREDITNOTA_START: FakturaStatus = resultatAf('godkend');

/**
 * The statuses of an invoice the economy system holds (transferred, and transferred then credited):
 * the year's invoiced sum and a batch's 'overført' count these.
 */
export const FAKTURA_I_OEKONOMI: readonly FakturaStatus[] = [resultatAf('overfoer'), resultatAf('krediter')];

/**
 * The statuses of a credit note that count against the year's invoiced sum: from its approval on (a
 * credit note is never cancelled, so approved and failed count as well as transferred).
 */
export const KREDITNOTA_TAELLER: readonly FakturaStatus[] = [
  ...statusserFor('overfoer'),
  resultatAf('overfoer'),
];

/** The statuses in the order of the invoice's life (the list's sort by status), not alphabetically. */
export const FAKTURA_LIVSORDEN: readonly FakturaStatus[] = [
  'forslag',
  'godkendt',
  'fejlet',
  'overfoert',
  'krediteret',
];

// ---------------------------------------------------------------- the batch

/**
 * A batch's status follows from its invoices (`batchStatusAf`): 'godkendt' (awaiting transfer),
 * 'fejlet' (sent, none taken: awaiting a transfer that goes through), 'overfoert', 'delvist' (some
 * transferred, some failed), 'annulleret', 'krediteret'.
 */
export const BATCH_STATUSSER = [
  'godkendt',
  'fejlet',
  'overfoert',
  'delvist',
  'annulleret',
  'krediteret',
] as const;
export type BatchStatus = (typeof BATCH_STATUSSER)[number];

export const BATCH_STATUS_TEKST: Record<BatchStatus, string> = {
  godkendt: 'Afventer overførsel',
  fejlet: 'Overførsel fejlet',
  overfoert: 'Overført',
  delvist: 'Delvist overført',
  annulleret: 'Annulleret',
  krediteret: 'Krediteret',
};

export const BATCH_HANDLINGER = ['overfoer', 'annuller', 'krediter'] as const;
export type BatchHandling = (typeof BATCH_HANDLINGER)[number];

/**
 * What the lists offer for a batch in each status: a batch none of whose invoices reached the economy
 * system is transferred or cancelled (the list 'Godkendte fakturaforslag'); a batch the economy system
 * holds (some or all of it) is credited (the list 'Fakturaoversigt'), once. A partly transferred batch
 * has its failed invoices retried one by one under 'Fejlede overførsler'.
 */
export const BATCH_OVERGANGE: Readonly<Record<BatchStatus, readonly BatchHandling[]>> = {
  godkendt: ['overfoer', 'annuller'],
  fejlet: ['overfoer', 'annuller'],
  overfoert: ['krediter'],
  delvist: ['krediter'],
  annulleret: [],
  krediteret: [],
};

/** The status a batch is born in (of approved proposals, or of credit notes): awaiting transfer. */
export const BATCH_START: BatchStatus = 'godkendt';

/** Whether a batch in `status` offers `handling`. */
export const batchKanUdfoere = (status: BatchStatus, handling: BatchHandling): boolean =>
  BATCH_OVERGANGE[status].includes(handling);

/** The batch statuses that offer `handling` (a list's status filter). */
export const batchStatusserFor = (handling: BatchHandling): BatchStatus[] =>
  BATCH_STATUSSER.filter((s) => batchKanUdfoere(s, handling));

/**
 * The batches the economy system holds (wholly, partly, or wholly credited since): the overview's list.
 */
export const BATCH_I_OEKONOMI: readonly BatchStatus[] = ['overfoert', 'delvist', 'krediteret'];

/**
 * A batch's status from its invoices' statuses (the server applies the same in SQL, with these lists):
 * none left → annulleret; every one credited → krediteret; every one in the economy system →
 * overfoert; some → delvist; none but some failed → fejlet; none sent yet → godkendt.
 */
export function batchStatusAf(fakturaer: readonly FakturaStatus[]): BatchStatus {
  const n = fakturaer.length;
  if (n === 0) return 'annulleret';
  const iOekonomi = fakturaer.filter((s) => FAKTURA_I_OEKONOMI.includes(s)).length;
  if (fakturaer.every((s) => s === resultatAf('krediter'))) return 'krediteret';
  if (iOekonomi === n) return 'overfoert';
  if (iOekonomi > 0) return 'delvist';
  if (fakturaer.some((s) => s === resultatAf('overfoerFejlet'))) return 'fejlet';
  return 'godkendt';
}
