import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NAERVAER_MAKS_NOEGLER, type NaervaerBesked } from '../../src/contract/naervaer';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import { queryRows } from '../../src/server/db/client';
import { DEMO_ADGANGSKODE } from '../../src/server/db/demo-brugere';
import {
  holdStroem,
  type ServerProcess,
  type ToProcesser,
  toProcesser,
  venterPaa,
} from '../helpers/server-prosess';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const pgUrl = inject('pgUrl');

type Stroem = Awaited<ReturnType<typeof holdStroem>>;
const naervaer = (s: Stroem) =>
  s.events.filter((e) => e.event === 'naervaer').map((e) => e.data as NaervaerBesked);
const klar = (s: Stroem) => s.events.some((e) => e.event === 'klar');

const stroemUrl = (base: string, token: string, klient: string, noegler: string) =>
  `${base}/api/naervaer/haendelser?token=${encodeURIComponent(token)}&klient=${klient}&noegler=${encodeURIComponent(noegler)}`;

describe.each(dbTargets())('presence (nærvær) on %s', (target) => {
  let t: TestApp;
  let base: string;
  let vand: string;
  let admin: string;
  let virksomhedTok: string;
  let herningAdmin: string;
  let firma: number;
  let landbrug: number;
  let herningFirma: number;
  const streams: Stroem[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    vand = await t.tokenFor('vand');
    admin = await t.tokenFor('admin');
    virksomhedTok = await t.tokenFor('virksomhed');
    herningAdmin = await t.tokenFor('admin', 657);
    firma = (await t.forsteVirksomhed(await t.kundeId(779), VIRKSOMHEDSTYPE.VIRKSOMHED)).id;
    landbrug = (await t.forsteVirksomhed(await t.kundeId(779), VIRKSOMHEDSTYPE.LANDBRUG)).id;
    herningFirma = (await t.forsteVirksomhed(await t.kundeId(657), VIRKSOMHEDSTYPE.VIRKSOMHED)).id;
  }, 60_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  const aabn = async (token: string, noegler: string, klient = randomUUID()) => {
    const s = await holdStroem(stroemUrl(base, token, klient, noegler));
    streams.push(s);
    expect(s.res.status).toBe(200);
    await venterPaa(() => klar(s), 10_000, "the stream's klar");
    return { s, klient };
  };
  const meld = (token: string, body: unknown) => t.kald('POST', '/api/naervaer', token, body);

  it('an open stream is not an interactive call long work waits for (issue 32)', async () => {
    await aabn(vand, 'validering:pejling');
    await venterPaa(() => t.app.forrang.interaktive === 0, 2000, 'no call in flight');
    expect(t.app.forrang.interaktive).toBe(0);
  });

  it("two validators in one queue: B's arrival greets A, A's cursor reaches B with A's name and initials", async () => {
    const a = await aabn(vand, 'validering:pejling');
    const b = await aabn(admin, 'validering:pejling,validering:anlaeg');
    // A hears B arrive in the queue they share (once: B's other key is not A's).
    await venterPaa(() => naervaer(a.s).some((m) => m.type === 'hallo'), 2000, "B's hallo on A");
    expect(naervaer(a.s)).toEqual([
      {
        type: 'hallo',
        noegle: 'validering:pejling',
        klient: b.klient,
        brugerId: await t.brugerId('admin'),
        navn: 'Anne Admin',
        initialer: 'AA',
        tilstand: null,
      },
    ]);
    const svar = await meld(vand, {
      klient: a.klient,
      noegle: 'validering:pejling',
      tilstand: { type: 'markoer', postId: 17 },
    });
    expect(svar.statusCode).toBe(204);
    await venterPaa(() => naervaer(b.s).some((m) => m.type === 'tilstand'), 2000, "A's cursor on B");
    expect(naervaer(b.s).find((m) => m.type === 'tilstand')).toMatchObject({
      noegle: 'validering:pejling',
      klient: a.klient,
      navn: 'Vera Vandløb',
      initialer: 'VV',
      tilstand: { type: 'markoer', postId: 17 },
    });
    // A never hears its own message; B closing says goodbye to A.
    expect(naervaer(a.s).some((m) => m.klient === a.klient)).toBe(false);
    b.s.close();
    await venterPaa(() => naervaer(a.s).some((m) => m.type === 'farvel'), 2000, "B's farvel on A");
    a.s.close();
  });

  it('editing a record reaches the watchers of that record only, never another customer', async () => {
    const noegle = `virksomhed:${firma}`;
    const leser = await aabn(admin, noegle);
    const andenPost = await aabn(admin, `virksomhed:${landbrug}`);
    const herning = await aabn(herningAdmin, `virksomhed:${herningFirma}`);
    const skriver = randomUUID();
    const r = await meld(virksomhedTok, {
      klient: skriver,
      noegle,
      tilstand: { type: 'redigerer', hvad: 'stamoplysninger' },
    });
    expect(r.statusCode).toBe(204);
    await venterPaa(
      () => naervaer(leser.s).some((m) => m.type === 'tilstand'),
      2000,
      'the editing on the watcher',
    );
    expect(naervaer(leser.s).find((m) => m.type === 'tilstand')).toMatchObject({
      navn: 'Vibeke Virksomhedsen',
      initialer: 'VV',
      tilstand: { type: 'redigerer', hvad: 'stamoplysninger' },
    });
    // A moment for anything misrouted to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(naervaer(andenPost.s)).toEqual([]);
    expect(naervaer(herning.s)).toEqual([]);
    for (const s of [leser, andenPost, herning]) s.s.close();
  });

  it("refuses another customer's record (404), a missing right (403) and bad input (Danish 400), never a 500", async () => {
    const klient = randomUUID();
    // Another customer's record: 404 for the message and for the stream.
    const fremmed = await meld(admin, { klient, noegle: `virksomhed:${herningFirma}`, tilstand: null });
    expect(fremmed.statusCode).toBe(404);
    const fremmedStroem = await fetch(stroemUrl(base, admin, klient, `virksomhed:${herningFirma}`));
    expect(fremmedStroem.status).toBe(404);
    // A reader may watch a company but not be editing it; a company caseworker has no queue.
    const laeser = await t.tokenFor('laeser');
    expect((await meld(laeser, { klient, noegle: `virksomhed:${firma}`, tilstand: null })).statusCode).toBe(
      204,
    );
    const redigerer = { type: 'redigerer', hvad: 'stamoplysninger' };
    expect(
      (await meld(laeser, { klient, noegle: `virksomhed:${firma}`, tilstand: redigerer })).statusCode,
    ).toBe(403);
    expect(
      (await meld(virksomhedTok, { klient, noegle: 'validering:pejling', tilstand: null })).statusCode,
    ).toBe(403);
    // Without a token: 401; with a bad one on the stream: 401.
    expect(
      (await t.kald('POST', '/api/naervaer', undefined, { klient, noegle: 'validering:pejling' })).statusCode,
    ).toBe(401);
    expect((await fetch(stroemUrl(base, 'x', klient, 'validering:pejling'))).status).toBe(401);
    // Bad input answers 400 with Danish messages.
    for (const body of [
      { klient, noegle: 'validering:ukendt', tilstand: null },
      { klient: 'kort', noegle: 'validering:pejling', tilstand: null },
      { klient, noegle: 'validering:pejling', tilstand: { type: 'markoer', postId: -1 } },
      { klient, noegle: 'validering:pejling', tilstand: { type: 'redigerer', hvad: 'x'.repeat(61) } },
      { klient, noegle: 'virksomhed:0', tilstand: null },
    ]) {
      const res = await meld(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().title).toBeTruthy();
      const tekster = Object.values(res.json().errors as Record<string, string[]>).flat();
      expect(tekster.join(' '), JSON.stringify(body)).toMatch(
        /nærvær|klient|tegn|Højst|Ugyldig|mindst|større|Ukendt/i,
      );
    }
    const mange = Array.from({ length: NAERVAER_MAKS_NOEGLER + 1 }, (_, i) => `virksomhed:${i + 1}`).join(
      ',',
    );
    const forMange = await fetch(stroemUrl(base, admin, klient, mange));
    expect(forMange.status).toBe(400);
    expect(((await forMange.json()) as { errors: Record<string, string[]> }).errors.noegler?.[0]).toMatch(
      /nærværsnøgler/,
    );
  });

  it('stores nothing: presence leaves every table as it was', async () => {
    // The row count of every table, before and after.
    const tabeller = async () =>
      Object.fromEntries(
        await Promise.all(
          (
            await queryRows<{ t: string }>(
              t.database.db,
              sql`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
            )
          ).map(async ({ t: navn }) => [
            navn,
            (
              await queryRows<{ n: string }>(
                t.database.db,
                sql.raw(`SELECT count(*)::text AS n FROM "${navn}"`),
              )
            )[0]!.n,
          ]),
        ),
      );
    const foer = await tabeller();
    const a = await aabn(vand, 'validering:pejling');
    for (let i = 1; i <= 20; i++) {
      await meld(admin, {
        klient: randomUUID(),
        noegle: 'validering:pejling',
        tilstand: { type: 'markoer', postId: i },
      });
    }
    a.s.close();
    expect(await tabeller()).toEqual(foer);
  });
});

/**
 * Two server processes on one PostgreSQL database: presence published through A reaches a stream
 * held on B (LISTEN/NOTIFY), and B's arrival reaches A's stream. Runs when the throwaway cluster is there.
 */
describe.runIf(pgUrl)('presence across two server processes on one PostgreSQL', () => {
  let to: ToProcesser;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    to = await toProcesser(pgUrl, 'mw_naervaer');
    ({ a, b } = to);
  }, 120_000);

  afterAll(async () => {
    await to?.stop();
  });

  const logInd = async (server: ServerProcess, username: string) => {
    const r = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_ADGANGSKODE }),
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { data: string }).data;
  };

  it("a validator's arrival and cursor cross from one process to the other within a second", async () => {
    const vand = await logInd(a, 'vand');
    const admin = await logInd(b, 'admin');
    const [ka, kb] = [randomUUID(), randomUUID()];
    // Vera watches the queue through A; Anne arrives through B: A's stream hears B's hallo.
    const paaA = await holdStroem(stroemUrl(a.base, vand, ka, 'validering:pejling'));
    const paaB = await holdStroem(stroemUrl(b.base, admin, kb, 'validering:pejling'));
    try {
      await venterPaa(() => klar(paaA) && klar(paaB), 10_000, 'both streams ready');
      await venterPaa(() => naervaer(paaA).some((m) => m.type === 'hallo'), 5000, "B's hallo on A");
      expect(naervaer(paaA)[0]).toMatchObject({ klient: kb, navn: 'Anne Admin', initialer: 'AA' });
      // Vera's cursor, told to A, reaches Anne's stream on B within the second (the arrival
      // and the goodbye have no such bound: a loaded machine may take longer to open a stream).
      const t0 = Date.now();
      const r = await fetch(`${a.base}/api/naervaer`, {
        method: 'POST',
        headers: { authorization: `Bearer ${vand}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          klient: ka,
          noegle: 'validering:pejling',
          tilstand: { type: 'markoer', postId: 5 },
        }),
      });
      expect(r.status).toBe(204);
      await venterPaa(() => naervaer(paaB).some((m) => m.type === 'tilstand'), 1000, "A's cursor on B");
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(naervaer(paaB).find((m) => m.type === 'tilstand')).toMatchObject({
        klient: ka,
        navn: 'Vera Vandløb',
        initialer: 'VV',
        tilstand: { type: 'markoer', postId: 5 },
      });
      // Anne leaves through B: A hears the goodbye.
      paaB.close();
      await venterPaa(() => naervaer(paaA).some((m) => m.type === 'farvel'), 5000, "B's farvel on A");
    } finally {
      paaA.close();
      paaB.close();
    }
  });
});
