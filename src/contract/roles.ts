import { z } from 'zod';

/** Role values of the server's enumeration (spec 000 §6), as carried in the token's `roles` claim. */
export const ROLLER = [
  'SystemAdmin',
  'KommuneAdmin',
  'OkonomiAdmin',
  'SagsbehandlerAdmin',
  'SagsbehandlerVirksomhed',
  'SagsbehandlerLandbrug',
  'SagsbehandlerVandanlaeg',
  'SagsbehandlerAarsplan',
  'SagsbehandlerVirksomLaes',
  'SagsbehandlerLandbrugLaes',
  'SagsbehandlerVandanlaegLaes',
  'SagsbehandlerAffald',
  'TimeOut',
] as const;
export type Rolle = (typeof ROLLER)[number];
export const rolleSchema = z.enum(ROLLER);

/** Every role but TimeOut (a suspended account): the roles of the demo administrator. */
export const ALLE_ROLLER_UDEN_TIMEOUT: readonly Rolle[] = ROLLER.filter((r) => r !== 'TimeOut');

/** Resource names used by route and action checks (spec 000 §6). */
export const RESSOURCER = [
  'SYSTEM_ADMIN',
  'KOMMUNE_ADMIN',
  'OKONOMI_ADMIN',
  'SAGSBEHANDLER_ADMIN',
  'SAGSBEHANDLER_VIRKSOMHED',
  'SAGSBEHANDLER_LANDBRUG',
  'SAGSBEHANDLER_VANDANLAEG',
  'SAGSBEHANDLER_AARSPLAN',
  'SAGSBEHANDLER_AFFALD',
  'SAGSBEHANDLER_VIRKSOMHED_LAES',
  'SAGSBEHANDLER_LANDBRUG_LAES',
  'SAGSBEHANDLER_VANDANLAEG_LAES',
] as const;
export type Ressource = (typeof RESSOURCER)[number];

/**
 * Which resources a role grants. A write right implies its read right; TimeOut grants nothing
 * (a suspended account: sign-in is refused). Recorded in docs/decisions.md.
 */
export const RESSOURCER_FOR_ROLLE: Record<Rolle, readonly Ressource[]> = {
  SystemAdmin: ['SYSTEM_ADMIN'],
  KommuneAdmin: ['KOMMUNE_ADMIN'],
  OkonomiAdmin: ['OKONOMI_ADMIN'],
  SagsbehandlerAdmin: ['SAGSBEHANDLER_ADMIN'],
  SagsbehandlerVirksomhed: ['SAGSBEHANDLER_VIRKSOMHED', 'SAGSBEHANDLER_VIRKSOMHED_LAES'],
  SagsbehandlerLandbrug: ['SAGSBEHANDLER_LANDBRUG', 'SAGSBEHANDLER_LANDBRUG_LAES'],
  SagsbehandlerVandanlaeg: ['SAGSBEHANDLER_VANDANLAEG', 'SAGSBEHANDLER_VANDANLAEG_LAES'],
  SagsbehandlerAarsplan: ['SAGSBEHANDLER_AARSPLAN'],
  SagsbehandlerVirksomLaes: ['SAGSBEHANDLER_VIRKSOMHED_LAES'],
  SagsbehandlerLandbrugLaes: ['SAGSBEHANDLER_LANDBRUG_LAES'],
  SagsbehandlerVandanlaegLaes: ['SAGSBEHANDLER_VANDANLAEG_LAES'],
  SagsbehandlerAffald: ['SAGSBEHANDLER_AFFALD'],
  TimeOut: [],
};

/** The set of resources a list of roles grants. Unknown role strings grant nothing. */
export function ressourcerFor(roller: readonly string[]): Set<Ressource> {
  const result = new Set<Ressource>();
  for (const rolle of roller) {
    const granted = RESSOURCER_FOR_ROLLE[rolle as Rolle];
    if (granted) for (const r of granted) result.add(r);
  }
  return result;
}

/**
 * Checks an access rule as the route table writes it: resource names joined by '||' (any one
 * suffices). An empty rule allows everyone.
 */
export function harAdgang(ressourcer: ReadonlySet<Ressource>, regel: string): boolean {
  const alternativer = regel
    .split('||')
    .map((s) => s.trim())
    .filter(Boolean);
  if (alternativer.length === 0) return true;
  return alternativer.some((a) => ressourcer.has(a as Ressource));
}

/** Company types (spec 001 §3) and the rights needed to read and to edit each. */
export const VIRKSOMHEDSTYPE = { ALLE: 0, VIRKSOMHED: 1, LANDBRUG: 2, VANDANLAEG: 3 } as const;
export type Virksomhedstype = 1 | 2 | 3;

export const LAESERET: Record<Virksomhedstype, Ressource> = {
  1: 'SAGSBEHANDLER_VIRKSOMHED_LAES',
  2: 'SAGSBEHANDLER_LANDBRUG_LAES',
  3: 'SAGSBEHANDLER_VANDANLAEG_LAES',
};
export const SKRIVERET: Record<Virksomhedstype, Ressource> = {
  1: 'SAGSBEHANDLER_VIRKSOMHED',
  2: 'SAGSBEHANDLER_LANDBRUG',
  3: 'SAGSBEHANDLER_VANDANLAEG',
};

/** The water plants' read and write rights, which every water-plant call names. */
export const VAND_LAES = LAESERET[VIRKSOMHEDSTYPE.VANDANLAEG];
export const VAND_RET = SKRIVERET[VIRKSOMHEDSTYPE.VANDANLAEG];

/** The three caseworker rights that show the notification bell (spec 000 §6). */
export const SAGSBEHANDLER_RETTIGHEDER: readonly Ressource[] = [
  'SAGSBEHANDLER_LANDBRUG',
  'SAGSBEHANDLER_VANDANLAEG',
  'SAGSBEHANDLER_VIRKSOMHED',
];
