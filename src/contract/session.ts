import { z } from 'zod';
import { INT4_MAX, idSchema, kundeIdParamsSchema } from './common';
import { endpoint } from './endpoint';
import { sammenlignDansk } from './sortering';

/** Claims the server signs into every session token (spec 000 §3). roles/modules are JSON lists as text. */
export const tokenClaimsSchema = z.object({
  username: z.string(),
  userId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  municipalityNumber: z.string(),
  roles: z.string(),
  modules: z.string(),
  exp: z.number().optional(),
  iat: z.number().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** The roles and modules claims are JSON lists held as text; anything else reads as empty. */
export function parseTextList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'Brugernavn skal udfyldes').max(100),
  password: z.string().min(1, 'Adgangskode skal udfyldes').max(200),
});
export const tokenResponseSchema = z.object({ data: z.string() });

export const stsLoginBodySchema = z.object({
  stsId: z.string().trim().min(1, 'Log-ind-id mangler').max(200),
});
export const stsLoginResponseSchema = z.union([
  z.object({ success: z.literal(true), data: z.string() }),
  z.object({ success: z.literal(false), error: z.string() }),
]);

export const versionSchema = z.object({ version: z.string(), svnVersion: z.string() });

/** One per-table settings entry kept in brugerSettings.mwTablesUserSettings. */
export const tableSettingsSchema = z
  .object({
    tableName: z.string().min(1).max(200),
    visibleColumns: z.array(z.string().max(200)).max(200).optional(),
    sortByColumn: z.string().max(200).nullable().optional(),
    sortDirection: z.enum(['ASC', 'DESC']).optional(),
    pageSize: z.number().int().positive().max(10_000).optional(),
  })
  .passthrough();

/** brugerSettings (spec 000 §3). Unknown keys (for example the saved workspace layout) are kept. */
export const brugerSettingsSchema = z
  .object({
    activeKundeId: z.number().int().positive().max(INT4_MAX).nullable(),
    hideTimeline: z.boolean(),
    hideLogs: z.boolean(),
    hideAdHocOpgaver: z.boolean(),
    hidePlanlaegningGraphs: z.boolean(),
    hidePlanlaegningUserInfo: z.boolean(),
    visFavoritAdresser: z.boolean(),
    oversigtOverIndberetningerAar: z.number().int().min(1755).max(9999),
    mwTablesUserSettings: z.array(tableSettingsSchema).max(500),
  })
  .passthrough();
export type BrugerSettings = z.infer<typeof brugerSettingsSchema>;

export function defaultBrugerSettings(now = new Date()): BrugerSettings {
  return {
    activeKundeId: null,
    hideTimeline: false,
    hideLogs: true,
    hideAdHocOpgaver: true,
    hidePlanlaegningGraphs: true,
    hidePlanlaegningUserInfo: false,
    visFavoritAdresser: false,
    oversigtOverIndberetningerAar: now.getFullYear(),
    mwTablesUserSettings: [],
  };
}

export const FAVORIT_TYPER = ['Virksomhed', 'Landbrug', 'Vandanlaeg'] as const;
export const favoritSchema = z.object({
  virksomhedId: z.number().int().positive().max(INT4_MAX),
  virksomhedType: z.enum(FAVORIT_TYPER),
  displayName: z.string().max(500),
});
export type Favorit = z.infer<typeof favoritSchema>;

export const kundeSettingsSchema = z.object({ favorites: z.array(favoritSchema).max(1000) }).passthrough();
export type KundeSettings = z.infer<typeof kundeSettingsSchema>;

/** Favourites are kept sorted by displayName, case-insensitively, in Danish order (spec 000 §3). */
export function sortFavoritter(favorites: readonly Favorit[]): Favorit[] {
  return [...favorites].sort((a, b) => sammenlignDansk(a.displayName, b.displayName));
}

/** Entity ids are integers in JSON; token claims carry them as text (JWT convention). */
/** Body and answer of the settings calls: opsaetning is JSON text. */
export const opsaetningResponseSchema = z.object({ opsaetning: z.string() });
export const gemOpsaetningBodySchema = z.object({ opsaetning: z.string().max(1_000_000) });
export const gemKundeOpsaetningBodySchema = z.object({
  kundeId: z.number().int().positive().max(INT4_MAX),
  opsaetning: z.string().max(1_000_000),
});

export const kundeListeSchema = z.array(z.object({ kundeId: z.number(), kundeNavn: z.string() }));

export const NOTIFIKATION_TYPER = {
  DMAStatusInfo: 1,
  JupiterStatusInfo: 2,
  JupiterCertificateRenewalInfo: 3,
} as const;
export const notifikationSchema = z.object({
  id: z.number(),
  notifikationType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  oprettetDatoTid: z.string(),
  beskrivelse: z.string(),
  /** Additions (issue 15): read by this user, and the route it opens (else the type's page). */
  laest: z.boolean().optional(),
  link: z.string().nullable().optional(),
});
export const notifikationListeSchema = z.array(notifikationSchema);

// The session's endpoints: sign-in, the user's settings, customers and notifications.

/** POST login: a token for username and password (public; 401 with a Danish message otherwise). */
export const logInd = endpoint({
  method: 'POST',
  path: '/login',
  body: loginBodySchema,
  answer: tokenResponseSchema,
  public: true,
});

/** POST login/sts: exchanges a one-time STS id for a token (public; 401 answers `{ success: false, error }`). */
export const logIndSts = endpoint({
  method: 'POST',
  path: '/login/sts',
  body: stsLoginBodySchema,
  answer: stsLoginResponseSchema,
  public: true,
});

/** GET login/Version: the build's version (public). */
export const hentVersion = endpoint({
  method: 'GET',
  path: '/login/Version',
  answer: versionSchema,
  public: true,
});

/** GET login/ChangeMunicipality?municipalityId=: a token for another of the user's customers. */
export const skiftKommune = endpoint({
  method: 'GET',
  path: '/login/ChangeMunicipality',
  query: z.object({ municipalityId: idSchema }),
  answer: tokenResponseSchema,
});

/** GET test/ping: the process answers (liveness; public). */
export const ping = endpoint({
  method: 'GET',
  path: '/test/ping',
  answer: z.object({ pong: z.literal(true), tid: z.string() }),
  public: true,
});

/** GET Bruger/HentOpsaetning: the user's settings as JSON text, defaults filled in. */
export const hentBrugerOpsaetning = endpoint({
  method: 'GET',
  path: '/Bruger/HentOpsaetning',
  answer: opsaetningResponseSchema,
});

/** PUT Bruger/GemOpsaetning: saves the user's settings. */
export const gemBrugerOpsaetning = endpoint({
  method: 'PUT',
  path: '/Bruger/GemOpsaetning',
  body: gemOpsaetningBodySchema,
  status: 204,
});

/** GET Bruger/HentKundeOpsaetning/{kundeId}: the user's settings for the customer (favourites). */
export const hentKundeOpsaetning = endpoint({
  method: 'GET',
  path: '/Bruger/HentKundeOpsaetning/:kundeId',
  params: kundeIdParamsSchema,
  answer: opsaetningResponseSchema,
});

/** PUT Bruger/GemKundeOpsaetning: saves the user's settings for the customer. */
export const gemKundeOpsaetning = endpoint({
  method: 'PUT',
  path: '/Bruger/GemKundeOpsaetning',
  body: gemKundeOpsaetningBodySchema,
  status: 204,
});

/** GET bruger/GetAvailableMunicipalitiesForUser: the customers the user can switch to. */
export const hentBrugerensKunder = endpoint({
  method: 'GET',
  path: '/bruger/GetAvailableMunicipalitiesForUser',
  answer: kundeListeSchema,
});

/** GET notification/list: the notifications the user's rights show. */
export const hentNotifikationer = endpoint({
  method: 'GET',
  path: '/notification/list',
  answer: notifikationListeSchema,
});
