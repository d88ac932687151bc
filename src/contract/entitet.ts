import { LAESERET, type Ressource, SKRIVERET, VIRKSOMHEDSTYPE, type Virksomhedstype } from './roles';
import type { Favorit } from './session';

/**
 * The entity kinds of the product (spec 000 §1, spec 001 §3): one descriptor per kind, so that
 * client and server ask it instead of testing `type === 2`. The type strings are the spec's
 * (virksomhed, landbrug, vandanlaeg, satvirksomhed).
 */
export const ENTITET_ARTER = ['virksomhed', 'landbrug', 'vandanlaeg', 'satvirksomhed'] as const;
export type EntitetArt = (typeof ENTITET_ARTER)[number];

/** Names of the lucide icons the client draws for each kind (the client maps a name to its component). */
export type EntitetIkon = 'Building2' | 'Tractor' | 'Droplet' | 'Recycle';

export type FavoritType = Favorit['virksomhedType'];

/** `virksomhed.type` of a SAT company's row (see EntitetDescriptor.raekkeType). */
export const SAT_RAEKKETYPE = 4;

/**
 * What a record's frame says while it cannot show the record: not found (404), no read right (403),
 * or another failure (src/app/records/ramme-ejer.tsx).
 */
export interface VenteTekster {
  ikkeFundet: string;
  findesIkke: string;
  ingenLaeseret: string;
  kunneIkkeHentes: string;
}

/** Companies and farms are loaded by one call before their type is known: one set of texts. */
const VIRKSOMHED_TEKSTER: VenteTekster = {
  ikkeFundet: 'Virksomheden blev ikke fundet',
  findesIkke: 'Den findes ikke hos den aktive kunde, eller den er slettet.',
  ingenLaeseret: 'Du har ikke læseret til denne type virksomhed.',
  kunneIkkeHentes: 'Virksomheden kunne ikke hentes',
};

export interface EntitetDescriptor {
  art: EntitetArt;
  /** The number in the company type enumeration (spec 001 §3); SAT companies have none. */
  type: Virksomhedstype | null;
  /**
   * The value of `virksomhed.type` for rows of this kind. SAT companies are kept in the company
   * table too (so that the log, ad hoc tasks and records hang on them as on any company), with row
   * type 4: not in the spec's enumeration, never accepted or answered as a company type.
   */
  raekkeType: number;
  /** The list route and first segment of every detail route, e.g. '/landbrug'. */
  sti: string;
  /** The tab a detail path opens when none is named. */
  standardFane: string;
  ikon: EntitetIkon;
  laeseret: Ressource;
  skriveret: Ressource;
  /** Capitalised, as a title or group heading: 'Landbrug', 'Virksomheder'. */
  titelEntal: string;
  titelFlertal: string;
  /** Lower case, inside a sentence: 'virksomhed', 'virksomheder'. */
  ordEntal: string;
  ordFlertal: string;
  /** The favourite's `virksomhedType` value (spec 001 §3); SAT companies cannot be favourites. */
  favoritType: FavoritType | null;
  /** Whether the kind carries a CHR number (farms: CHR column, CHR in the header, dyrehold tab). */
  harChrNr: boolean;
  /** The frame's texts while one of the kind cannot be shown. */
  venteTekster: VenteTekster;
}

/**
 * A kind kept in the company table under its type number (1, 2, 3): the type is its row type, its
 * rights are the type's, and a detail path opens on the master data.
 */
const typetEntitet = (
  type: Virksomhedstype,
  {
    art,
    sti,
    ikon,
    ...tekster
  }: Omit<EntitetDescriptor, 'type' | 'raekkeType' | 'standardFane' | 'laeseret' | 'skriveret'>,
): EntitetDescriptor => ({
  art,
  type,
  raekkeType: type,
  sti,
  standardFane: 'stamoplysninger',
  ikon,
  laeseret: LAESERET[type],
  skriveret: SKRIVERET[type],
  ...tekster,
});

export const ENTITETER: Readonly<Record<EntitetArt, EntitetDescriptor>> = {
  virksomhed: typetEntitet(VIRKSOMHEDSTYPE.VIRKSOMHED, {
    art: 'virksomhed',
    sti: '/virksomheder',
    ikon: 'Building2',
    titelEntal: 'Virksomhed',
    titelFlertal: 'Virksomheder',
    ordEntal: 'virksomhed',
    ordFlertal: 'virksomheder',
    favoritType: 'Virksomhed',
    harChrNr: false,
    venteTekster: VIRKSOMHED_TEKSTER,
  }),
  landbrug: typetEntitet(VIRKSOMHEDSTYPE.LANDBRUG, {
    art: 'landbrug',
    sti: '/landbrug',
    ikon: 'Tractor',
    titelEntal: 'Landbrug',
    titelFlertal: 'Landbrug',
    ordEntal: 'landbrug',
    ordFlertal: 'landbrug',
    favoritType: 'Landbrug',
    harChrNr: true,
    venteTekster: VIRKSOMHED_TEKSTER,
  }),
  vandanlaeg: typetEntitet(VIRKSOMHEDSTYPE.VANDANLAEG, {
    art: 'vandanlaeg',
    sti: '/vandanlaeg',
    ikon: 'Droplet',
    titelEntal: 'Vandanlæg',
    titelFlertal: 'Vandanlæg',
    ordEntal: 'vandanlæg',
    ordFlertal: 'vandanlæg',
    favoritType: 'Vandanlaeg',
    harChrNr: false,
    venteTekster: {
      ikkeFundet: 'Vandanlægget blev ikke fundet',
      findesIkke: 'Det findes ikke hos den aktive kunde, eller det er slettet.',
      ingenLaeseret: 'Du har ikke læseret til vandanlæg.',
      kunneIkkeHentes: 'Vandanlægget kunne ikke hentes',
    },
  }),
  satvirksomhed: {
    art: 'satvirksomhed',
    type: null,
    raekkeType: SAT_RAEKKETYPE,
    sti: '/affaldstilsyn',
    standardFane: 'affaldstilsyn',
    ikon: 'Recycle',
    laeseret: 'SAGSBEHANDLER_AFFALD',
    skriveret: 'SAGSBEHANDLER_AFFALD',
    titelEntal: 'SAT-virksomhed',
    titelFlertal: 'SAT-virksomheder',
    ordEntal: 'SAT-virksomhed',
    ordFlertal: 'SAT-virksomheder',
    favoritType: null,
    harChrNr: false,
    venteTekster: {
      ikkeFundet: 'SAT-virksomheden blev ikke fundet',
      findesIkke: 'Den findes ikke hos den aktive kunde, eller den er slettet.',
      ingenLaeseret: 'Du har ikke adgang til affaldstilsyn (kræver rollen Sagsbehandler affald).',
      kunneIkkeHentes: 'SAT-virksomheden kunne ikke hentes',
    },
  },
};

/** The kinds kept in the company table and edited through the company API (type 1 and 2). */
export type VirksomhedEllerLandbrug = 1 | 2;
export const VIRKSOMHED_OG_LANDBRUG: readonly VirksomhedEllerLandbrug[] = [
  VIRKSOMHEDSTYPE.VIRKSOMHED,
  VIRKSOMHEDSTYPE.LANDBRUG,
];
export const erVirksomhedEllerLandbrug = (type: number): type is VirksomhedEllerLandbrug =>
  type === VIRKSOMHEDSTYPE.VIRKSOMHED || type === VIRKSOMHEDSTYPE.LANDBRUG;

/** The kinds that have a type number (those kept in the company table), in type order. */
export const TYPEDE_ENTITETER = ENTITET_ARTER.map((a) => ENTITETER[a]).filter(
  (e): e is EntitetDescriptor & { type: Virksomhedstype } => e.type !== null,
);

/** The descriptor of a row of the company table by its `type` column (1, 2, 3 or the SAT row type 4). */
export function fromRaekkeType(type: number): EntitetDescriptor | undefined {
  return ENTITET_ARTER.map((a) => ENTITETER[a]).find((e) => e.raekkeType === type);
}

/** The descriptor of a company type number (1, 2, 3); undefined for ALLE (0) or an unknown number. */
export function fromType(type: number): EntitetDescriptor | undefined {
  return TYPEDE_ENTITETER.find((e) => e.type === type);
}

/**
 * The descriptor of the first type number of the company API, which serves only companies and
 * farms: a farm is a farm, everything else is shown as a company (as the client always did).
 */
export const virksomhedEllerLandbrug = (type: number): EntitetDescriptor =>
  type === VIRKSOMHEDSTYPE.LANDBRUG ? ENTITETER.landbrug : ENTITETER.virksomhed;

/** The descriptor of a path ('/landbrug/12/tilsyn', a route pattern, or just 'landbrug'), by its first segment. */
export function byPath(path: string): EntitetDescriptor | undefined {
  const segment = path.replace(/^\/+/, '').split(/[/?#]/)[0]?.toLowerCase();
  if (!segment) return undefined;
  return ENTITET_ARTER.map((a) => ENTITETER[a]).find((e) => e.sti === `/${segment}`);
}

/** The descriptor of a favourite's `virksomhedType`. */
export function byFavoritType(favoritType: FavoritType): EntitetDescriptor {
  const e = ENTITET_ARTER.map((a) => ENTITETER[a]).find((x) => x.favoritType === favoritType);
  if (!e) throw new Error(`Ukendt favorittype: ${favoritType}`);
  return e;
}

/** A detail path: `/landbrug/12/stamoplysninger`; the kind's default tab when none is named. */
export function detailPath(entitet: EntitetDescriptor, id: number | string, fane?: string): string {
  return `${entitet.sti}/${id}/${fane ?? entitet.standardFane}`;
}
