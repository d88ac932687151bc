import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * A self-signed RSA certificate with its private key, both PEM, valid from `fra` to `til`: for the
 * demo data and the tests (so their dates follow the clock). Keys come from node:crypto; node-forge
 * writes and signs the X.509 structure.
 */
export interface GenereretCertifikat {
  certifikatPem: string;
  noeglePem: string;
}

export function genererCertifikat(opts: {
  cn: string;
  organisation?: string;
  fra: Date;
  til: Date;
  bits?: number;
}): GenereretCertifikat {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: opts.bits ?? 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial (first byte below 0x80), whole bytes.
  cert.serialNumber = `4a${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = opts.fra;
  cert.validity.notAfter = opts.til;
  // UTF8String (forge encodes the value): names like 'Ærø' or with '–' are no PrintableString.
  const utf8 = (name: string, value: string) => ({
    name,
    value,
    // forge reads this as the value's tag (its typings call it a class).
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  });
  const navn = [
    utf8('commonName', opts.cn),
    ...(opts.organisation ? [utf8('organizationName', opts.organisation)] : []),
    { name: 'countryName', value: 'DK' },
  ];
  cert.setSubject(navn);
  cert.setIssuer(navn);
  cert.sign(forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certifikatPem: forge.pki.certificateToPem(cert), noeglePem: privateKey };
}

/** The same certificate and key as a PKCS#12 file (base64) protected by `adgangskode`. */
export function somP12(c: GenereretCertifikat, adgangskode: string): string {
  const p12 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(c.noeglePem),
    [forge.pki.certificateFromPem(c.certifikatPem)],
    adgangskode,
    { algorithm: 'aes256' },
  );
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64');
}
