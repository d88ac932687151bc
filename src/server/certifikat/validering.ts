import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { formatDato } from '../../contract/format';
import { CERTIFIKAT_FOR_STOR, CERTIFIKAT_P12_MAKS } from '../../contract/jupiter-certifikat';
import { HttpError } from '../http/errors';

/**
 * Reads and checks an uploaded Jupiter certificate with node:crypto: PEM only, parseable, not
 * expired, and the private key must belong to it (`checkPrivateKey`). A PKCS#12 file is unpacked
 * with node-forge first. Every refusal is a Danish 400 on the field it concerns; no message quotes
 * the key.
 */

/** What a certificate says about itself (shown in the list, kept in its row). */
export interface CertifikatFakta {
  subjekt: string;
  udsteder: string;
  serienummer: string;
  fingeraftryk: string;
  gyldigFra: Date;
  gyldigTil: Date;
}

export interface LaestCertifikat extends CertifikatFakta {
  /** The certificate as stored: the PEM blocks of the upload (leaf first). */
  certifikatPem: string;
  /** The private key as unencrypted PKCS#8 PEM: only ever handed to the encryption. */
  noeglePkcs8: string;
}

const fejl = (field: string, message: string) =>
  new HttpError(400, message, { title: message, status: 400, errors: { [field]: [message] } });

const CERT_BLOK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const NOEGLE_BLOK = /-----BEGIN ((?:RSA |EC |ENCRYPTED )?PRIVATE KEY)-----[\s\S]+?-----END \1-----/;

/** 'CN=x\nO=y' as one line: 'CN=x, O=y'. */
const enLinje = (dn: string) =>
  dn
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');

function laesCertifikat(pem: string): { x509: X509Certificate; pem: string } {
  const blokke = pem.match(CERT_BLOK);
  if (!blokke) throw fejl('certifikatPem', 'Certifikatet er ikke i PEM-format (-----BEGIN CERTIFICATE-----)');
  try {
    return { x509: new X509Certificate(blokke[0]), pem: `${blokke.join('\n')}\n` };
  } catch {
    throw fejl('certifikatPem', 'Certifikatet kan ikke læses: filen er ikke et gyldigt X.509-certifikat');
  }
}

function laesNoegle(pem: string, adgangskode: string | undefined): KeyObject {
  const blok = NOEGLE_BLOK.exec(pem);
  if (!blok) throw fejl('noeglePem', 'Den private nøgle er ikke i PEM-format (-----BEGIN PRIVATE KEY-----)');
  const krypteret = blok[1] === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,ENCRYPTED/.test(blok[0]);
  if (krypteret && !adgangskode)
    throw fejl('adgangskode', 'Den private nøgle er krypteret: angiv dens adgangskode');
  try {
    return createPrivateKey(krypteret ? { key: blok[0], passphrase: adgangskode } : blok[0]);
  } catch {
    throw krypteret
      ? fejl('adgangskode', 'Forkert adgangskode til den private nøgle, eller nøglen kan ikke læses')
      : fejl('noeglePem', 'Den private nøgle kan ikke læses');
  }
}

/** The certificates and the key of a PKCS#12 file, as PEM. */
function udpakP12(
  base64: string,
  adgangskode: string | undefined,
): { certifikatPem: string; noeglePem: string } {
  const der = Buffer.from(base64, 'base64');
  if (der.length === 0) throw fejl('p12Base64', 'PKCS#12-filen er tom');
  if (der.length > CERTIFIKAT_P12_MAKS) throw fejl('p12Base64', CERTIFIKAT_FOR_STOR);
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString('binary')), adgangskode ?? '');
  } catch {
    throw fejl(
      'adgangskode',
      'PKCS#12-filen kan ikke åbnes: forkert adgangskode, eller filen er ikke en .p12/.pfx',
    );
  }
  const poser = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const certs = poser(forge.pki.oids.certBag ?? '')
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const noegler = [...poser(forge.pki.oids.pkcs8ShroudedKeyBag ?? ''), ...poser(forge.pki.oids.keyBag ?? '')]
    .map((b) => b.key)
    .filter((k): k is forge.pki.rsa.PrivateKey => !!k);
  if (certs.length === 0) throw fejl('p12Base64', 'PKCS#12-filen indeholder intet certifikat');
  if (noegler.length === 0) throw fejl('p12Base64', 'PKCS#12-filen indeholder ingen privat nøgle');
  // The leaf first: the certificate whose public key matches the private key is found below.
  const noeglePem = forge.pki.privateKeyToPem(noegler[0]!);
  const noegle = createPrivateKey(noeglePem);
  const leaf =
    certs.find((c) => {
      try {
        return new X509Certificate(forge.pki.certificateToPem(c)).checkPrivateKey(noegle);
      } catch {
        return false;
      }
    }) ?? certs[0]!;
  const oevrige = certs.filter((c) => c !== leaf);
  return {
    certifikatPem: [leaf, ...oevrige].map((c) => forge.pki.certificateToPem(c)).join(''),
    noeglePem,
  };
}

export function laesUpload(
  body: { certifikatPem?: string; noeglePem?: string; p12Base64?: string; adgangskode?: string },
  nu: Date,
): LaestCertifikat {
  const kilde = body.p12Base64
    ? udpakP12(body.p12Base64, body.adgangskode)
    : { certifikatPem: body.certifikatPem ?? '', noeglePem: body.noeglePem ?? '' };
  const { x509, pem } = laesCertifikat(kilde.certifikatPem);
  const noegle = laesNoegle(kilde.noeglePem, body.p12Base64 ? undefined : body.adgangskode);
  if (!x509.checkPrivateKey(noegle))
    throw fejl('noeglePem', 'Den private nøgle passer ikke til certifikatet');
  const gyldigFra = new Date(x509.validFrom);
  const gyldigTil = new Date(x509.validTo);
  if (Number.isNaN(gyldigFra.getTime()) || Number.isNaN(gyldigTil.getTime()))
    throw fejl('certifikatPem', 'Certifikatets gyldighedsperiode kan ikke læses');
  if (gyldigTil.getTime() <= nu.getTime())
    throw fejl('certifikatPem', `Certifikatet er udløbet (gyldigt til ${formatDato(gyldigTil)})`);
  return {
    subjekt: enLinje(x509.subject),
    udsteder: enLinje(x509.issuer),
    serienummer: x509.serialNumber.toUpperCase(),
    fingeraftryk: x509.fingerprint256,
    gyldigFra,
    gyldigTil,
    certifikatPem: pem,
    noeglePkcs8: noegle.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
