import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TokenService } from '../auth/tokens';
import type { Config } from '../config';

/**
 * The Jupiter certificate's private key at rest: AES-256-GCM with a random 96-bit IV per key and the
 * row's customer and fingerprint as additional data (a ciphertext moved to another row does not
 * decrypt). The key: CERTIFIKAT_NOEGLE (32 bytes, base64) when set, else derived from the JWT
 * signing secret with HKDF-SHA256 (docs/decisions.md).
 */

const FORMAT = 'v1';
const HKDF_FORMAAL = 'miljoetilsyn/jupiter-certifikat/v1';

/** The 32-byte key that encrypts the certificates' private keys. */
export function certifikatKrypteringsNoegle(
  config: Pick<Config, 'certifikatNoegle'>,
  tokens: Pick<TokenService, 'afledNoegle'>,
): Buffer {
  return config.certifikatNoegle ?? tokens.afledNoegle(HKDF_FORMAAL, 32);
}

const aad = (kundeId: number, fingeraftryk: string) => Buffer.from(`${kundeId}:${fingeraftryk}`, 'utf8');

/** `v1:iv:tag:data`, each base64. */
export function krypterNoegle(
  noegle: Buffer,
  klartekst: string,
  kundeId: number,
  fingeraftryk: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', noegle, iv);
  cipher.setAAD(aad(kundeId, fingeraftryk));
  const data = Buffer.concat([cipher.update(klartekst, 'utf8'), cipher.final()]);
  return [
    FORMAT,
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    data.toString('base64'),
  ].join(':');
}

/** The private key PEM back; throws when the key, the row or the ciphertext is not the one it was made with. */
export function dekrypterNoegle(
  noegle: Buffer,
  krypteret: string,
  kundeId: number,
  fingeraftryk: string,
): string {
  const [format, iv, tag, data] = krypteret.split(':');
  if (format !== FORMAT || !iv || !tag || data === undefined)
    throw new Error('Ukendt format af krypteret nøgle');
  const decipher = createDecipheriv('aes-256-gcm', noegle, Buffer.from(iv, 'base64'));
  decipher.setAAD(aad(kundeId, fingeraftryk));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
