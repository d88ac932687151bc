import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFIKATION_TYPER } from '../../src/contract/session';
import { genererCertifikat } from '../../src/server/certifikat/generer';
import { queryRows } from '../../src/server/db/client';
import { certifikatFornyetTekst, producerNotifikationer } from '../../src/server/frister/notifikationer';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The certificate's notifications agree on its expiry date (issue 30): the day a case worker's
 * calendar (Denmark) has, also when the certificate ends late in the evening UTC (already the next day
 * in Denmark), the same in the producer's '… udløber den …' and the 'fornyet og gyldigt til …' text,
 * and the same the certificate page shows.
 */

const DAG = 24 * 3600 * 1000;
const danskDato = (d: Date) => {
  const [aar, maaned, dag] = d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' }).split('-');
  return `${dag}-${maaned}-${aar}`;
};

describe('certificate notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('name the expiry day of Denmark, one date in every text', async () => {
    // Expires at 23:30 UTC, 20 days on: in Denmark already the next day.
    const til = new Date(Date.now() + 20 * DAG);
    til.setUTCHours(23, 30, 0, 0);
    const dansk = danskDato(til);
    expect(dansk).not.toBe(danskDato(new Date(til.getTime() - 2 * 3600 * 1000)));
    const cert = genererCertifikat({
      cn: 'Skive Kommune Jupiter',
      organisation: 'Skive Kommune',
      fra: new Date(Date.now() - DAG),
      til,
    });
    const r = await t.kald('POST', '/api/jupitercertifikat', await t.tokenFor('kommuneadmin'), cert);
    expect(r.statusCode, r.body).toBe(201);

    const skive = await t.kundeId(779);
    await producerNotifikationer(t.database.db, skive, new Date());
    const rows = await queryRows<{ beskrivelse: string; noegle: string | null }>(
      t.database.db,
      sql`select beskrivelse, noegle from notifikation
          where kunde_id = ${skive} and type = ${NOTIFIKATION_TYPER.JupiterCertificateRenewalInfo}
            and noegle like 'certifikat:%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.beskrivelse).toContain(`udløber den ${dansk} `);
    expect(certifikatFornyetTekst(til)).toBe(`Jupiter-certifikatet er fornyet og gyldigt til ${dansk}.`);
    // Every date any certificate notification of the customer names is that day.
    const alle = await queryRows<{ beskrivelse: string }>(
      t.database.db,
      sql`select beskrivelse from notifikation
          where kunde_id = ${skive} and type = ${NOTIFIKATION_TYPER.JupiterCertificateRenewalInfo}`,
    );
    for (const n of alle)
      for (const d of n.beskrivelse.match(/\d\d-\d\d-\d{4}/g) ?? []) expect(d).toBe(dansk);
  });
});
