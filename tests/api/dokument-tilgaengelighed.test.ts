import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byggeDemoSkabelon } from '../../src/server/dokument/demo-skabelon';
import { SKABELON_BOMBE, SKABELON_FOR_DYB, skabelonForMangeNavne } from '../../src/server/dokument/docx';
import { SKABELON_FOR_KOMPLEKS } from '../../src/server/dokument/docx-pulje';
import { bombe, dybIndlejring, mangeBogmaerker, stortDokument } from '../helpers/docx-angreb';
import { startPing } from '../helpers/ping-maaler';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Untrusted files never block the server (issue 31): while an attack template is uploaded to a
 * listening server, GET /api/test/ping is polled every 20 ms from another thread and no ping may take
 * longer than 250 ms. The target is 100 ms, met on a quiet machine; 250 ms leaves room for the
 * two cores this suite shares with other work (the scan itself keeps one busy). Before the templates
 * went to a worker, the scan blocked every request for seconds (the 12,000 bookmarks for a minute).
 * PGlite only: the thread is the subject, not the database.
 */

const GRAENSE_MS = 250;

interface Svar {
  status: number;
  body: { felter?: unknown[]; forhaandsvisning?: string[]; errors?: { fil?: string[] } };
}

describe('template uploads never block the server (issue 31)', () => {
  let t: TestApp;
  /** A second app whose template workers get 1 s per job (a test-only budget). */
  let kort: TestApp;
  const base: Record<string, string> = {};
  let token: string;
  let kortToken: string;
  let skive: number;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    kort = await createTestApp('pglite', {}, undefined, { docx: { tidMs: 1000, hukommelseMb: 1024 } });
    base.t = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base.kort = await kort.app.listen({ port: 0, host: '127.0.0.1' });
    token = await t.tokenFor('kommuneadmin');
    kortToken = await kort.tokenFor('kommuneadmin');
    skive = await t.kundeId(779);
  });
  afterAll(async () => {
    await t?.close();
    await kort?.close();
  });

  /** Uploads `fil` for a scan through the listening server while pinging it; answers both. */
  async function scanUnderPing(hvilken: 't' | 'kort', navn: string, fil: Uint8Array) {
    const form = new FormData();
    form.set('dokumentType', 'tilsyn');
    form.set('fil', new Blob([new Uint8Array(fil)]), 'Skabelon.docx');
    const ping = await startPing(`${base[hvilken]}/api/test/ping`);
    const r = await fetch(`${base[hvilken]}/api/dokumentskabelon/scan/${skive}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hvilken === 't' ? token : kortToken}` },
      body: form,
    });
    const svar: Svar = { status: r.status, body: await r.json() };
    const tider = await ping.stop();
    const maks = Math.max(...tider);
    console.log(`${navn}: ${r.status}, ${tider.length} ping, længste ${maks.toFixed(0)} ms`);
    // The first ping answered before the upload; the last one was in flight when it was answered.
    expect(tider.length).toBeGreaterThanOrEqual(1);
    expect(maks).toBeLessThan(GRAENSE_MS);
    return svar;
  }

  it('refuses 12,000 bookmarks by the cap (400), answering pings meanwhile', async () => {
    const r = await scanUnderPing('t', '12.000 bogmærker', mangeBogmaerker(12_000));
    expect(r.status).toBe(400);
    expect(r.body.errors?.fil).toEqual([skabelonForMangeNavne(12_000)]);
  });

  it('scans 1,000 bookmarks (the cap) with a preview, answering pings meanwhile', async () => {
    const r = await scanUnderPing('t', '1.000 bogmærker', mangeBogmaerker(1000));
    expect(r.status).toBe(200);
    expect(r.body.felter).toHaveLength(1000);
    expect(r.body.forhaandsvisning).toEqual(['Hansen Maskinfabrik ApS'.repeat(1000)]);
  });

  it('refuses an entry that claims 1 KB and inflates to 2 GB (400), answering pings meanwhile', async () => {
    const r = await scanUnderPing('t', '2 GB-del', await bombe(2));
    expect(r.status).toBe(400);
    expect(r.body.errors?.fil).toEqual([SKABELON_BOMBE]);
  });

  it('refuses 50,000-deep nesting with a Danish 400 (it answered 500), answering pings meanwhile', async () => {
    const r = await scanUnderPing('t', '50.000 niveauer', dybIndlejring(50_000));
    expect(r.status).toBe(400);
    expect(r.body.errors?.fil).toEqual([SKABELON_FOR_DYB]);
  });

  it('refuses a template past the time budget (400, worker replaced) and scans the next one', async () => {
    const r = await scanUnderPing('kort', '40.000 afsnit på 1 s', stortDokument(40_000));
    expect(r.status).toBe(400);
    expect(r.body.errors?.fil).toEqual([SKABELON_FOR_KOMPLEKS]);
    const naeste = await scanUnderPing('kort', 'demoskabelonen bagefter', byggeDemoSkabelon());
    expect(naeste.status).toBe(200);
    expect(naeste.body.forhaandsvisning).toContain('Virksomhed_Navn: Hansen Maskinfabrik ApS');
  });
});
