import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';

/**
 * /admin/JupiterCertifikat (KOMMUNE_ADMIN): the certificate the customer's system uses towards
 * Jupiter. Upload a PEM certificate with its PEM private key (or a PKCS#12 file with its password);
 * the server checks them with node:crypto and stores the key encrypted. No answer ever carries the
 * private key.
 */

/** Days before expiry at which the page warns and notification type 3 is raised. */
export const CERTIFIKAT_VARSEL_DAGE = [60, 30, 7] as const;

/** The largest PEM text (certificate or key) accepted, in characters. */
export const CERTIFIKAT_PEM_MAKS = 64 * 1024;
/** The largest PKCS#12 file accepted, in bytes (base64 is 4/3 of it). */
export const CERTIFIKAT_P12_MAKS = 64 * 1024;
export const CERTIFIKAT_FOR_STOR = 'Filen er for stor (højst 64 KB)';

export type CertifikatNiveau = 'ok' | 'advarsel60' | 'advarsel30' | 'advarsel7' | 'udloebet';

/**
 * The warning level of a certificate that has `dageTilbage` whole days left: 'udloebet' when it has
 * expired, else the tightest of 60/30/7 days it is within, else 'ok'.
 */
export function certifikatNiveau(dageTilbage: number, udloebet: boolean): CertifikatNiveau {
  if (udloebet || dageTilbage < 0) return 'udloebet';
  if (dageTilbage <= 7) return 'advarsel7';
  if (dageTilbage <= 30) return 'advarsel30';
  if (dageTilbage <= 60) return 'advarsel60';
  return 'ok';
}

/** The page's text for a level. */
export function certifikatAdvarsel(niveau: CertifikatNiveau, dageTilbage: number): string | null {
  if (niveau === 'udloebet') return 'Udløbet';
  if (niveau === 'ok') return null;
  const dage = dageTilbage === 1 ? '1 dag' : `${dageTilbage} dage`;
  return `Certifikatet udløber om ${dage}. Upload et nyt certifikat, før det udløber.`;
}

export const certifikatSchema = z.object({
  id: z.number(),
  subjekt: z.string(),
  udsteder: z.string(),
  serienummer: z.string(),
  /** SHA-256 fingerprint, colon-separated hex. */
  fingeraftryk: z.string(),
  gyldigFra: isoDateTime,
  gyldigTil: isoDateTime,
  aktiv: z.boolean(),
  oprettet: isoDateTime,
  oprettetAf: z.string().nullable(),
  /** Whole days from now to gyldigTil (negative when expired). */
  dageTilbage: z.number(),
  udloebet: z.boolean(),
  niveau: z.enum(['ok', 'advarsel60', 'advarsel30', 'advarsel7', 'udloebet']),
});
export type Certifikat = z.infer<typeof certifikatSchema>;

export const certifikatOversigtSchema = z.object({
  aktivt: certifikatSchema.nullable(),
  /** Earlier certificates, newest first. */
  historik: z.array(certifikatSchema),
});
export type CertifikatOversigt = z.infer<typeof certifikatOversigtSchema>;

export const hentJupiterCertifikat = endpoint({
  method: 'GET',
  path: '/jupitercertifikat',
  answer: certifikatOversigtSchema,
  access: 'KOMMUNE_ADMIN',
});

const tekst = (navn: string, maks: number) =>
  z
    .string({ error: `${navn} skal være tekst` })
    .max(maks, CERTIFIKAT_FOR_STOR)
    .optional();

export const uploadCertifikatBodySchema = z
  .object({
    /** The certificate, PEM (-----BEGIN CERTIFICATE-----). */
    certifikatPem: tekst('Certifikatet', CERTIFIKAT_PEM_MAKS),
    /** Its private key, PEM (PKCS#8, PKCS#1 or SEC1; encrypted with `adgangskode`). */
    noeglePem: tekst('Nøglen', CERTIFIKAT_PEM_MAKS),
    /** Instead of the two above: a PKCS#12 file (.p12/.pfx), base64. */
    p12Base64: tekst('PKCS#12-filen', Math.ceil((CERTIFIKAT_P12_MAKS * 4) / 3) + 4),
    /** The password of the PKCS#12 file or of an encrypted PEM key. */
    adgangskode: tekst('Adgangskoden', 1000),
  })
  .superRefine((b, ctx) => {
    if (b.p12Base64) return;
    if (!b.certifikatPem?.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['certifikatPem'],
        message: 'Vælg certifikatet (PEM) eller en PKCS#12-fil',
      });
    if (!b.noeglePem?.trim())
      ctx.addIssue({ code: 'custom', path: ['noeglePem'], message: 'Vælg den private nøgle (PEM)' });
  });
export type UploadCertifikatBody = z.input<typeof uploadCertifikatBodySchema>;

export const uploadJupiterCertifikat = endpoint({
  method: 'POST',
  path: '/jupitercertifikat',
  body: uploadCertifikatBodySchema,
  answer: certifikatSchema,
  status: 201,
  access: 'KOMMUNE_ADMIN',
});
