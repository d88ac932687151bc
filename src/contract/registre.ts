import { z } from 'zod';
import { datoSchema as afgraensetDato, idSchema, rowVersionSchema } from './common';
import { endpoint } from './endpoint';
import { queryBoolean, repeated, sideSchema } from './liste';
import { virksomhedIdQuerySchema } from './lookups';
import { virksomhedsTypeSchema } from './virksomhed-liste';

/**
 * Creating and updating companies and farms from the registers (spec 001 §7): CVR lookup and
 * creation, creation from a DAWA address, update from CVR. Decisions in docs/decisions.md 'Company and farm lists'.
 */

const pNrSchema = z.string().regex(/^\d{10}$/, 'Et P-nummer er 10 cifre');
const brancheKodeSchema = z.string().regex(/^\d{2,6}$/, 'En branchekode er 2–6 cifre');
/** The municipality number (kundeNr, e.g. 779) of the active customer. */
const kommuneIdSchema = z.coerce
  .number({ error: 'Skal være et kommunenummer' })
  .int({ error: 'Skal være et kommunenummer' })
  .min(1, 'Skal være et kommunenummer')
  .max(9999, 'Skal være et kommunenummer');
const datoSchema = afgraensetDato('Datoen skal være en gyldig dato skrevet ÅÅÅÅ-MM-DD');

export const CVR_MAX_SIDE = 200;

/** GET Virksomhed/LookupVirksomhederFraCvr: units [firstStart, lastStart) of the matches. */
export const cvrLookupQuerySchema = z
  .object({
    kommuneId: kommuneIdSchema,
    firstStart: z.coerce.number({ error: 'Skal være et tal' }).int().min(0).max(100_000).default(0),
    lastStart: z.coerce.number({ error: 'Skal være et tal' }).int().min(1).max(100_200).optional(),
    soegeTekst: z.string().trim().max(100, 'Søgeteksten må højst være 100 tegn').optional(),
    tilladPNrUdenforKommune: queryBoolean.default(false),
    tilladPNrDublering: queryBoolean.default(false),
    virksomhedsType: virksomhedsTypeSchema,
    brancheKoder: repeated(brancheKodeSchema, 50),
  })
  .refine((q) => q.lastStart === undefined || q.lastStart > q.firstStart, {
    message: 'lastStart skal være større end firstStart',
    path: ['lastStart'],
  })
  .refine((q) => q.lastStart === undefined || q.lastStart - q.firstStart <= CVR_MAX_SIDE, {
    message: `Højst ${CVR_MAX_SIDE} enheder ad gangen`,
    path: ['lastStart'],
  });

/** A production unit (P-enhed) as the company register answers it. */
export const cvrEnhedSchema = z.object({
  pNr: z.string(),
  cvrNr: z.string(),
  navn: z.string(),
  virksomhedsform: z.string().nullable(),
  vejnavn: z.string(),
  husnummer: z.string(),
  postnummer: z.string(),
  postdistrikt: z.string(),
  adresse: z.string(),
  kommunekode: z.number(),
  kommunenavn: z.string(),
  brancheKode: z.string(),
  brancheNavn: z.string(),
  startDato: z.string(),
  ophoerDato: z.string().nullable(),
  /** The unit lies outside the searched municipality. */
  udenforKommune: z.boolean(),
  /** The P-number is already in the municipality's list (a duplicate). */
  findesIListen: z.boolean(),
  virksomhedId: z.number().nullable(),
});
export type CvrEnhedDto = z.infer<typeof cvrEnhedSchema>;

export const cvrLookupSvarSchema = sideSchema(cvrEnhedSchema).extend({
  /** True when the register stopped at its result cap; narrow the search. */
  begraenset: z.boolean(),
});
export type CvrLookupSvar = z.infer<typeof cvrLookupSvarSchema>;

/** POST Virksomhed/OpretVirksomhedFraCvrData (query parameters as the specification writes them). */
export const opretFraCvrQuerySchema = z.object({
  opretterId: idSchema,
  kommuneId: kommuneIdSchema,
  virksomhedsType: virksomhedsTypeSchema,
  PNRListe: repeated(pNrSchema, 50).refine((l) => l.length > 0, 'Vælg mindst ét P-nummer'),
  /** Create even when a P-number is already in the list (the lookup showed it marked). */
  tilladPNrDublering: queryBoolean.default(false),
});

export const oprettetSchema = z.object({
  id: z.number(),
  type: z.union([z.literal(1), z.literal(2)]),
  navn: z.string(),
  cvrNr: z.string().nullable(),
  pNr: z.string().nullable(),
  adresse: z.string().nullable(),
});
export const opretSvarSchema = z.object({ oprettede: z.array(oprettetSchema) });
export type OpretSvar = z.infer<typeof opretSvarSchema>;

export const DAWA_TYPER = ['adresse', 'adgangsadresse'] as const;

/** POST Virksomhed/OpretVirksomhedFraDawaData */
export const opretFraDawaQuerySchema = z.object({
  Navn: z.string().trim().min(1, 'Navn skal udfyldes').max(200, 'Navnet må højst være 200 tegn'),
  dawaAdresseId: z.string().uuid('Ugyldigt adresse-id'),
  dawaAdresseType: z.enum(DAWA_TYPER, { error: 'dawaAdresseType skal være adresse eller adgangsadresse' }),
  etableringsDato: datoSchema,
  opretterId: idSchema,
  kommuneId: kommuneIdSchema,
  virksomhedsType: virksomhedsTypeSchema,
});

/** GET dawa/adresser?q= : the address search of the manual creation form. */
export const dawaSoegQuerySchema = z.object({
  q: z.string().trim().min(1, 'Skriv en del af adressen').max(100, 'Højst 100 tegn'),
  antal: z.coerce.number().int().min(1).max(50).default(20),
});
export const dawaAdresseSchema = z.object({
  id: z.string(),
  type: z.enum(DAWA_TYPER),
  tekst: z.string(),
  vejnavn: z.string(),
  husnummer: z.string(),
  etage: z.string().nullable(),
  doer: z.string().nullable(),
  postnummer: z.string(),
  postnrnavn: z.string(),
  kommunekode: z.number(),
  x: z.number(),
  y: z.number(),
});
export const dawaAdresseListeSchema = z.array(dawaAdresseSchema);
export type DawaAdresseDto = z.infer<typeof dawaAdresseSchema>;

/** Fields the company register can update (OpdaterCVROplysningerForVirksomhed). */
export const CVR_FELTER = ['navn', 'cvrNr', 'adresse', 'branche', 'etableringsDato', 'ophoertDato'] as const;
export type CvrFelt = (typeof CVR_FELTER)[number];
export const CVR_FELT_LABEL: Record<CvrFelt, string> = {
  navn: 'Navn',
  cvrNr: 'CVR-nummer',
  adresse: 'Adresse',
  branche: 'Branche',
  etableringsDato: 'Startdato',
  ophoertDato: 'Ophørsdato',
};

export const cvrForskelSchema = z.object({
  felt: z.enum(CVR_FELTER),
  label: z.string(),
  nuvaerende: z.string().nullable(),
  register: z.string().nullable(),
});
export type CvrForskel = z.infer<typeof cvrForskelSchema>;

export const opdaterCvrSvarSchema = z.object({
  virksomhedId: z.number(),
  version: z.number(),
  pNr: z.string(),
  forskelle: z.array(cvrForskelSchema),
});
export type OpdaterCvrSvar = z.infer<typeof opdaterCvrSvarSchema>;

export const opdaterValgteBodySchema = z.object({
  version: rowVersionSchema('version mangler'),
  felter: z
    .array(z.enum(CVR_FELTER, { error: 'Ukendt felt' }))
    .min(1, 'Vælg mindst ét felt')
    .max(CVR_FELTER.length),
});
export type OpdaterValgteBody = z.infer<typeof opdaterValgteBodySchema>;

export const opdaterValgteSvarSchema = z.object({
  virksomhedId: z.number(),
  version: z.number(),
  overtaget: z.array(cvrForskelSchema),
});
export type OpdaterValgteSvar = z.infer<typeof opdaterValgteSvarSchema>;

/** GET Virksomhed/LookupVirksomhederFraCvr: the register's units of the municipality, duplicates marked. */
export const soegCvr = endpoint({
  method: 'GET',
  path: '/Virksomhed/LookupVirksomhederFraCvr',
  query: cvrLookupQuerySchema,
  answer: cvrLookupSvarSchema,
});

/** POST Virksomhed/OpretVirksomhedFraCvrData: one company or farm per chosen P-number. */
export const opretFraCvr = endpoint({
  method: 'POST',
  path: '/Virksomhed/OpretVirksomhedFraCvrData',
  query: opretFraCvrQuerySchema,
  answer: opretSvarSchema,
  status: 201,
});

/** GET dawa/adresser?q=: addresses in the active customer's municipality. */
export const soegDawa = endpoint({
  method: 'GET',
  path: '/dawa/adresser',
  query: dawaSoegQuerySchema,
  answer: dawaAdresseListeSchema,
  access: 'SAGSBEHANDLER_VIRKSOMHED||SAGSBEHANDLER_LANDBRUG',
});

/** POST Virksomhed/OpretVirksomhedFraDawaData: a company or farm created by hand at a DAWA address. */
export const opretFraDawa = endpoint({
  method: 'POST',
  path: '/Virksomhed/OpretVirksomhedFraDawaData',
  query: opretFraDawaQuerySchema,
  answer: opretSvarSchema,
  status: 201,
});

/** POST virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=: the differences from the register. */
export const hentCvrForskelle = endpoint({
  method: 'POST',
  path: '/virksomhed/OpdaterCVROplysningerForVirksomhed',
  query: virksomhedIdQuerySchema,
  answer: opdaterCvrSvarSchema,
});

/** POST virksomhed/OpdaterValgteCVROplysningerForVirksomhed?virksomhedid=: takes over the chosen fields. */
export const overtagCvrFelter = endpoint({
  method: 'POST',
  path: '/virksomhed/OpdaterValgteCVROplysningerForVirksomhed',
  query: virksomhedIdQuerySchema,
  body: opdaterValgteBodySchema,
  answer: opdaterValgteSvarSchema,
});
