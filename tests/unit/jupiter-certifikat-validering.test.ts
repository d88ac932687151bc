import { createPrivateKey, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certifikatAdvarsel, certifikatNiveau } from '../../src/contract/jupiter-certifikat';
import { genererCertifikat } from '../../src/server/certifikat/generer';
import { dekrypterNoegle, krypterNoegle } from '../../src/server/certifikat/krypto';
import { laesUpload } from '../../src/server/certifikat/validering';
import { HttpError } from '../../src/server/http/errors';

/** The Jupiter certificate's checks, its key's encryption and the warning levels (issue 15). */

const DAG = 24 * 3600 * 1000;
const nu = new Date();
const om = (dage: number) => new Date(nu.getTime() + dage * DAG);
const cert = genererCertifikat({
  cn: 'Ærø Kommune – Jupiter',
  organisation: 'Ærø Kommune',
  fra: om(-1),
  til: om(40),
});

const fejlFelter = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    return (e as HttpError).body?.errors as Record<string, string[]>;
  }
  throw new Error('no error');
};

describe('reading an upload', () => {
  it('reads Danish names (UTF8String) on one line, the serial and the fingerprint', () => {
    const l = laesUpload(cert, nu);
    expect(l.subjekt).toBe('CN=Ærø Kommune – Jupiter, O=Ærø Kommune, C=DK');
    expect(l.udsteder).toBe(l.subjekt);
    expect(l.fingeraftryk).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(l.gyldigTil.getTime()).toBeGreaterThan(om(39).getTime());
    expect(l.noeglePkcs8).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('takes an encrypted key with its password and refuses a wrong one on the password field', () => {
    const krypteret = createPrivateKey(cert.noeglePem)
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'hemmelig' })
      .toString();
    expect(krypteret).toMatch(/ENCRYPTED PRIVATE KEY/);
    const l = laesUpload(
      { certifikatPem: cert.certifikatPem, noeglePem: krypteret, adgangskode: 'hemmelig' },
      nu,
    );
    expect(l.noeglePkcs8).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(
      Object.keys(
        fejlFelter(() => laesUpload({ certifikatPem: cert.certifikatPem, noeglePem: krypteret }, nu)),
      ),
    ).toEqual(['adgangskode']);
    expect(
      Object.keys(
        fejlFelter(() =>
          laesUpload({ certifikatPem: cert.certifikatPem, noeglePem: krypteret, adgangskode: 'forkert' }, nu),
        ),
      ),
    ).toEqual(['adgangskode']);
  });

  it('refuses a certificate that expired, as of the moment given', () => {
    expect(fejlFelter(() => laesUpload(cert, om(41))).certifikatPem?.[0]).toMatch(/^Certifikatet er udløbet/);
  });
});

describe('the key at rest', () => {
  const noegle = randomBytes(32);
  it('decrypts with the same key, customer and fingerprint only', () => {
    const k = krypterNoegle(noegle, 'klartekst', 7, 'AA:BB');
    expect(k).not.toContain('klartekst');
    expect(dekrypterNoegle(noegle, k, 7, 'AA:BB')).toBe('klartekst');
    expect(() => dekrypterNoegle(randomBytes(32), k, 7, 'AA:BB')).toThrow();
    expect(() => dekrypterNoegle(noegle, k, 8, 'AA:BB')).toThrow();
    expect(() => dekrypterNoegle(noegle, k, 7, 'AA:BC')).toThrow();
    const [v, iv, tag, data] = k.split(':');
    const aendret = Buffer.from(data!, 'base64');
    aendret[0]! ^= 1;
    expect(() =>
      dekrypterNoegle(noegle, [v, iv, tag, aendret.toString('base64')].join(':'), 7, 'AA:BB'),
    ).toThrow();
    // A fresh IV each time: the same key twice gives two ciphertexts.
    expect(krypterNoegle(noegle, 'klartekst', 7, 'AA:BB')).not.toBe(k);
  });
});

describe('warning levels', () => {
  it('warns from 60, 30 and 7 days and says Udløbet after', () => {
    expect(certifikatNiveau(61, false)).toBe('ok');
    expect(certifikatNiveau(60, false)).toBe('advarsel60');
    expect(certifikatNiveau(31, false)).toBe('advarsel60');
    expect(certifikatNiveau(30, false)).toBe('advarsel30');
    expect(certifikatNiveau(8, false)).toBe('advarsel30');
    expect(certifikatNiveau(7, false)).toBe('advarsel7');
    expect(certifikatNiveau(0, false)).toBe('advarsel7');
    expect(certifikatNiveau(0, true)).toBe('udloebet');
    expect(certifikatAdvarsel('udloebet', -3)).toBe('Udløbet');
    expect(certifikatAdvarsel('advarsel7', 1)).toMatch(/om 1 dag\./);
    expect(certifikatAdvarsel('ok', 90)).toBeNull();
  });
});
