import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genererCertifikat, somP12 } from '../../src/server/certifikat/generer';
import { certifikatKrypteringsNoegle, dekrypterNoegle } from '../../src/server/certifikat/krypto';
import { loadConfig } from '../../src/server/config';
import { jupiterCertifikat } from '../../src/server/db/schema';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/** /admin/JupiterCertifikat: upload, checks, encryption at rest, history (issue 15). */

const DAG = 24 * 3600 * 1000;
const om = (dage: number) => new Date(Date.now() + dage * DAG);

/** The base64 body of a PEM block: what must never appear in an answer or the log. */
const pemKerne = (pem: string) =>
  pem
    .split('\n')
    .filter((l) => l && !l.startsWith('-----'))
    .join('');

describe.each(dbTargets())('Jupiter certificate on %s', (target) => {
  let t: TestApp;
  let admin: string;
  const linjer: string[] = [];
  const svar: string[] = [];
  const god = genererCertifikat({
    cn: 'Skive Kommune Jupiter',
    organisation: 'Skive Kommune',
    fra: om(-1),
    til: om(90),
  });
  const anden = genererCertifikat({ cn: 'Anden', fra: om(-1), til: om(400) });
  const udloebet = genererCertifikat({ cn: 'Gammel', fra: om(-400), til: om(-2) });

  beforeAll(async () => {
    t = await createTestApp(target, { LOG_LEVEL: 'debug' }, undefined, {
      logger: { write: (l: string) => void linjer.push(l) },
    });
    admin = await t.tokenFor('kommuneadmin');
  });
  afterAll(async () => t?.close());

  const upload = async (body: unknown, token = admin) => {
    const res = await t.kald('POST', '/api/jupitercertifikat', token, body);
    svar.push(res.body);
    return res;
  };
  const hent = async (token = admin) => {
    const res = await t.kald('GET', '/api/jupitercertifikat', token);
    svar.push(res.body);
    return res;
  };

  it('has no certificate at first; KOMMUNE_ADMIN only', async () => {
    const res = await hent();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ aktivt: null, historik: [] });
    expect((await hent(await t.tokenFor('virksomhed'))).statusCode).toBe(403);
    expect(
      (
        await upload(
          { certifikatPem: god.certifikatPem, noeglePem: god.noeglePem },
          await t.tokenFor('laeser'),
        )
      ).statusCode,
    ).toBe(403);
  });

  it('takes a good certificate and key, shows its details, stores the key encrypted', async () => {
    const res = await upload({ certifikatPem: god.certifikatPem, noeglePem: god.noeglePem });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      subjekt: 'CN=Skive Kommune Jupiter, O=Skive Kommune, C=DK',
      udsteder: 'CN=Skive Kommune Jupiter, O=Skive Kommune, C=DK',
      aktiv: true,
      udloebet: false,
      dageTilbage: 89,
      niveau: 'ok',
      oprettetAf: 'Karsten Kommunesen',
    });
    expect(c.fingeraftryk).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(c.serienummer).toMatch(/^4A[0-9A-F]{16}$/);
    expect((await hent()).json().aktivt.id).toBe(c.id);

    const [row] = await t.database.db.select().from(jupiterCertifikat).where(eq(jupiterCertifikat.id, c.id));
    expect(row!.noegleKrypteret).not.toContain(pemKerne(god.noeglePem).slice(0, 40));
    expect(row!.noegleKrypteret).toMatch(/^v1:/);
    // The stored key decrypts, with the key derived from the token secret, to the uploaded key.
    const noegle = certifikatKrypteringsNoegle(loadConfig({ NODE_ENV: 'test' }), t.tokens);
    const klar = dekrypterNoegle(noegle, row!.noegleKrypteret, row!.kundeId, row!.fingeraftryk);
    expect(pemKerne(klar)).toBe(pemKerne(god.noeglePem));
    // Bound to its row: another customer's id does not decrypt it.
    expect(() =>
      dekrypterNoegle(noegle, row!.noegleKrypteret, row!.kundeId + 1, row!.fingeraftryk),
    ).toThrow();
  });

  it('refuses a key of another certificate, an expired certificate, not PEM and too large, in Danish', async () => {
    const forkert = await upload({ certifikatPem: god.certifikatPem, noeglePem: anden.noeglePem });
    expect(forkert.statusCode).toBe(400);
    expect(forkert.json().errors).toEqual({ noeglePem: ['Den private nøgle passer ikke til certifikatet'] });

    const gammel = await upload(udloebet);
    expect(gammel.statusCode).toBe(400);
    expect(gammel.json().errors.certifikatPem[0]).toMatch(
      /^Certifikatet er udløbet \(gyldigt til \d\d-\d\d-\d{4}/,
    );

    const ikkePem = await upload({ certifikatPem: pemKerne(god.certifikatPem), noeglePem: god.noeglePem });
    expect(ikkePem.statusCode).toBe(400);
    expect(ikkePem.json().errors.certifikatPem[0]).toMatch(/ikke i PEM-format/);
    const noegleIkkePem = await upload({ certifikatPem: god.certifikatPem, noeglePem: 'hej' });
    expect(noegleIkkePem.statusCode).toBe(400);
    expect(noegleIkkePem.json().errors.noeglePem[0]).toMatch(/ikke i PEM-format/);
    const skrald = await upload({
      certifikatPem: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      noeglePem: god.noeglePem,
    });
    expect(skrald.statusCode).toBe(400);
    expect(skrald.json().errors.certifikatPem[0]).toMatch(/kan ikke læses/);

    const stor = await upload({
      certifikatPem: `${god.certifikatPem}${'x'.repeat(70_000)}`,
      noeglePem: god.noeglePem,
    });
    expect(stor.statusCode).toBe(400);
    expect(stor.json().errors.certifikatPem).toEqual(['Filen er for stor (højst 64 KB)']);

    const mangler = await upload({});
    expect(mangler.statusCode).toBe(400);
    expect(Object.keys(mangler.json().errors).sort()).toEqual(['certifikatPem', 'noeglePem']);
    // The key in a field of the wrong type: refused without echoing it.
    const forkertType = await upload({ certifikatPem: 42, noeglePem: god.noeglePem });
    expect(forkertType.statusCode).toBe(400);
    // Nothing of these was stored.
    expect((await hent()).json().historik).toEqual([]);
  });

  it('replaces: the new one is active, the old kept inactive as history; a PKCS#12 file works', async () => {
    const p12 = somP12(anden, 'p12-kode');
    const forkertKode = await upload({ p12Base64: p12, adgangskode: 'forkert' });
    expect(forkertKode.statusCode).toBe(400);
    expect(forkertKode.json().errors.adgangskode[0]).toMatch(/forkert adgangskode/);
    const res = await upload({ p12Base64: p12, adgangskode: 'p12-kode' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subjekt: 'CN=Anden, C=DK', aktiv: true });
    const oversigt = (await hent()).json();
    expect(oversigt.aktivt.subjekt).toBe('CN=Anden, C=DK');
    expect(oversigt.historik).toHaveLength(1);
    expect(oversigt.historik[0]).toMatchObject({
      subjekt: 'CN=Skive Kommune Jupiter, O=Skive Kommune, C=DK',
      aktiv: false,
    });
    const rows = await t.database.db.select().from(jupiterCertifikat);
    expect(rows.filter((r) => r.aktiv)).toHaveLength(1);
    const igen = await upload({ p12Base64: p12, adgangskode: 'p12-kode' });
    expect(igen.statusCode).toBe(409);
    // Another customer sees none of it.
    const herning = (await hent(await t.tokenFor('admin', 657))).json();
    expect(herning).toEqual({ aktivt: null, historik: [] });
  });

  it('warns at 60, 30 and 7 days and says Udløbet after expiry', async () => {
    const [row] = await t.database.db
      .select()
      .from(jupiterCertifikat)
      .where(eq(jupiterCertifikat.aktiv, true));
    const niveauVed = async (gyldigTil: Date) => {
      await t.database.db
        .update(jupiterCertifikat)
        .set({ gyldigTil })
        .where(eq(jupiterCertifikat.id, row!.id));
      return (await hent()).json().aktivt;
    };
    // Half a day off the boundary: whole days left do not hang on the milliseconds between the test's
    // clock reading and the server's (a CI run once read 45 for 45 days less a few milliseconds).
    expect(await niveauVed(om(44.5))).toMatchObject({ niveau: 'advarsel60', dageTilbage: 44 });
    expect(await niveauVed(om(25))).toMatchObject({ niveau: 'advarsel30' });
    expect(await niveauVed(om(3))).toMatchObject({ niveau: 'advarsel7' });
    expect(await niveauVed(om(-1))).toMatchObject({ niveau: 'udloebet', udloebet: true });
  });

  it('never answers or logs the private key', () => {
    const kerner = [god, anden, udloebet].map((c) => pemKerne(c.noeglePem));
    const stykker = kerner.flatMap((k) => [k.slice(0, 48), k.slice(200, 248), k.slice(-48)]);
    expect(svar.length).toBeGreaterThan(10);
    expect(linjer.length).toBeGreaterThan(10);
    for (const tekst of [...svar, ...linjer]) {
      for (const s of stykker) expect(tekst).not.toContain(s);
      // No key block with a body (the refusal messages name the header only).
      expect(tekst).not.toMatch(/PRIVATE KEY-----(\\n|\n)[A-Za-z0-9+/]{20}/);
    }
  });
});

describe('Jupiter certificate key from CERTIFIKAT_NOEGLE', () => {
  it('encrypts with the configured key when set', async () => {
    const noegle = Buffer.alloc(32, 7).toString('base64');
    const t = await createTestApp('pglite', { CERTIFIKAT_NOEGLE: noegle });
    try {
      const c = genererCertifikat({ cn: 'Konfig', fra: om(-1), til: om(30) });
      const res = await t.kald('POST', '/api/jupitercertifikat', await t.tokenFor('kommuneadmin'), c);
      expect(res.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(jupiterCertifikat);
      expect(
        pemKerne(dekrypterNoegle(Buffer.alloc(32, 7), row!.noegleKrypteret, row!.kundeId, row!.fingeraftryk)),
      ).toBe(pemKerne(c.noeglePem));
      const afledt = certifikatKrypteringsNoegle({ certifikatNoegle: undefined }, t.tokens);
      expect(() => dekrypterNoegle(afledt, row!.noegleKrypteret, row!.kundeId, row!.fingeraftryk)).toThrow();
    } finally {
      await t.close();
    }
  });

  it('refuses a CERTIFIKAT_NOEGLE that is not 32 bytes of base64', () => {
    expect(() => loadConfig({ CERTIFIKAT_NOEGLE: 'for-kort' })).toThrow(
      /CERTIFIKAT_NOEGLE skal være 32 byte/,
    );
  });
});
