import { z } from 'zod';
import { datoSchema, isoDateTime } from './common';
import { endpoint } from './endpoint';
import { ROLLER, type Rolle } from './roles';

/**
 * /admin/BrugerAdministration (KOMMUNE_ADMIN): the active customer's users, their roles at this
 * customer, suspension (the TimeOut role with `bruger_kunde.suspenderet_til`) and every change in
 * bruger_admin_log. Always the token's customer: no customer id travels.
 */

/** The roles a municipal administrator may grant: every role but SystemAdmin and TimeOut. */
export const ADMIN_ROLLER = ROLLER.filter((r) => r !== 'SystemAdmin' && r !== 'TimeOut') as Exclude<
  Rolle,
  'SystemAdmin' | 'TimeOut'
>[];
export type AdminRolle = (typeof ADMIN_ROLLER)[number];

/** Danish names of the roles, as the administration page shows them. */
export const ROLLE_NAVNE: Record<Rolle, string> = {
  SystemAdmin: 'Systemadministrator',
  KommuneAdmin: 'Kommuneadministrator',
  OkonomiAdmin: 'Økonomiadministrator',
  SagsbehandlerAdmin: 'Sagsbehandler-administrator',
  SagsbehandlerVirksomhed: 'Sagsbehandler, virksomheder',
  SagsbehandlerLandbrug: 'Sagsbehandler, landbrug',
  SagsbehandlerVandanlaeg: 'Sagsbehandler, vandanlæg',
  SagsbehandlerAarsplan: 'Sagsbehandler, årsplan',
  SagsbehandlerVirksomLaes: 'Læseadgang, virksomheder',
  SagsbehandlerLandbrugLaes: 'Læseadgang, landbrug',
  SagsbehandlerVandanlaegLaes: 'Læseadgang, vandanlæg',
  SagsbehandlerAffald: 'Sagsbehandler, affaldstilsyn',
  TimeOut: 'Suspenderet (TimeOut)',
};

/** The Danish name of a role string; an unknown one as it is. */
export const rolleNavn = (r: string): string => ROLLE_NAVNE[r as Rolle] ?? r;

/**
 * Whether a membership is suspended at `nu`: it holds TimeOut and its end date (if any) has not
 * passed. A TimeOut whose end date has passed no longer suspends (the sign-in and every request
 * check this same rule).
 */
export function erSuspenderet(
  roller: readonly string[],
  suspenderetTil: Date | string | null | undefined,
  nu: Date,
): boolean {
  if (!roller.includes('TimeOut')) return false;
  if (suspenderetTil === null || suspenderetTil === undefined) return true;
  return new Date(suspenderetTil).getTime() > nu.getTime();
}

export const BRUGER_AENDRET_AF_ANDEN =
  'Brugeren er ændret af en anden, siden du hentede den. Hent brugeren igen og gentag din ændring.';

/** One user of the customer as the table shows them. */
export const brugerAdminRaekkeSchema = z.object({
  id: z.number(),
  username: z.string(),
  navn: z.string(),
  email: z.string().nullable(),
  /** The roles held at this customer, without TimeOut (shown as `suspenderet`). */
  roller: z.array(z.string()),
  suspenderet: z.boolean(),
  /** The suspension's end (ISO); null: until restored, or not suspended. */
  suspenderetTil: isoDateTime.nullable(),
  /** When an administrator last changed the user at this customer (ISO); null: never. */
  senestAendret: isoDateTime.nullable(),
  /** The signed-in administrator themself. */
  erDigSelv: z.boolean(),
});
export type BrugerAdminRaekke = z.infer<typeof brugerAdminRaekkeSchema>;

export const BRUGER_HANDLINGER = ['Oprettet', 'RollerAendret', 'Suspenderet', 'Genaktiveret'] as const;
export type BrugerHandling = (typeof BRUGER_HANDLINGER)[number];
export const HANDLING_NAVNE: Record<BrugerHandling, string> = {
  Oprettet: 'Oprettet',
  RollerAendret: 'Roller ændret',
  Suspenderet: 'Suspenderet',
  Genaktiveret: 'Genaktiveret',
};

/** What a log entry records before and after: the roles and the suspension's end. */
export const brugerTilstandSchema = z.object({
  roller: z.array(z.string()),
  suspenderet: z.boolean(),
  suspenderetTil: isoDateTime.nullable(),
});
export type BrugerTilstand = z.infer<typeof brugerTilstandSchema>;

export const brugerHistorikSchema = z.array(
  z.object({
    id: z.number(),
    tidspunkt: isoDateTime,
    handling: z.string(),
    udfoertAf: z.string().nullable(),
    foer: brugerTilstandSchema.nullable(),
    efter: brugerTilstandSchema.nullable(),
  }),
);
export type BrugerHistorik = z.infer<typeof brugerHistorikSchema>;

const rolleListe = z
  .array(z.enum(ROLLER, { error: 'Ukendt rolle' }), { error: 'Skal være en liste af roller' })
  .max(ROLLER.length, 'For mange roller');

export const brugerIdParamsSchema = z.object({
  brugerId: z.coerce
    .number({ error: 'Skal være et tal' })
    .int('Skal være et helt tal')
    .positive('Skal være et positivt tal')
    .max(2_147_483_647, 'Tallet er for stort'),
});

export const hentAdminBrugere = endpoint({
  method: 'GET',
  path: '/brugeradmin/brugere',
  answer: z.array(brugerAdminRaekkeSchema),
  access: 'KOMMUNE_ADMIN',
});

export const hentBrugerHistorik = endpoint({
  method: 'GET',
  path: '/brugeradmin/brugere/:brugerId/historik',
  params: brugerIdParamsSchema,
  answer: brugerHistorikSchema,
  access: 'KOMMUNE_ADMIN',
});

export const gemBrugerRollerBodySchema = z.object({
  roller: rolleListe,
  /** The roles as the administrator read them (without TimeOut): another change meanwhile → 409. */
  forrigeRoller: rolleListe,
});

export const gemBrugerRoller = endpoint({
  method: 'PUT',
  path: '/brugeradmin/brugere/:brugerId/roller',
  params: brugerIdParamsSchema,
  body: gemBrugerRollerBodySchema,
  answer: brugerAdminRaekkeSchema,
  access: 'KOMMUNE_ADMIN',
});

export const suspenderBrugerBodySchema = z.object({
  /** The last day of the suspension (YYYY-MM-DD, to the end of the day); null: until restored. */
  til: datoSchema('Slutdatoen skal være en dato (ÅÅÅÅ-MM-DD)').nullable(),
  forrigeRoller: rolleListe,
});

export const suspenderBruger = endpoint({
  method: 'POST',
  path: '/brugeradmin/brugere/:brugerId/suspender',
  params: brugerIdParamsSchema,
  body: suspenderBrugerBodySchema,
  answer: brugerAdminRaekkeSchema,
  access: 'KOMMUNE_ADMIN',
});

export const genaktiverBruger = endpoint({
  method: 'POST',
  path: '/brugeradmin/brugere/:brugerId/genaktiver',
  params: brugerIdParamsSchema,
  answer: brugerAdminRaekkeSchema,
  access: 'KOMMUNE_ADMIN',
});

export const BRUGERNAVN_MOENSTER = /^[a-z0-9._-]+$/;
export const ADGANGSKODE_MIN = 8;

export const opretBrugerBodySchema = z.object({
  username: z
    .string({ error: 'Brugernavn skal udfyldes' })
    .trim()
    .toLowerCase()
    .min(2, 'Brugernavnet skal være mindst 2 tegn')
    .max(60, 'Brugernavnet må højst være 60 tegn')
    .regex(
      BRUGERNAVN_MOENSTER,
      'Brugernavnet må kun indeholde små bogstaver a-z, tal, punktum, bindestreg og _',
    ),
  navn: z
    .string({ error: 'Navn skal udfyldes' })
    .trim()
    .min(1, 'Navn skal udfyldes')
    .max(200, 'Navnet må højst være 200 tegn'),
  email: z
    .string({ error: 'E-mail skal udfyldes' })
    .trim()
    .max(200, 'E-mailadressen må højst være 200 tegn')
    .pipe(z.email('Ugyldig e-mailadresse')),
  adgangskode: z
    .string({ error: 'Adgangskode skal udfyldes' })
    .min(ADGANGSKODE_MIN, `Adgangskoden skal være mindst ${ADGANGSKODE_MIN} tegn`)
    .max(200, 'Adgangskoden må højst være 200 tegn'),
  roller: rolleListe,
});
export type OpretBrugerBody = z.input<typeof opretBrugerBodySchema>;

export const opretBruger = endpoint({
  method: 'POST',
  path: '/brugeradmin/brugere',
  body: opretBrugerBodySchema,
  answer: brugerAdminRaekkeSchema,
  status: 201,
  access: 'KOMMUNE_ADMIN',
});
