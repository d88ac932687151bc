import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, HttpError, type HttpFailure } from '../../src/app/lib/http';
import { SAT_RAEKKETYPE } from '../../src/contract/entitet';
import { queryRows } from '../../src/server/db/client';
import {
  MAKS_NOEGLE_LAENGDE,
  NOEGLE_BRUGT,
  NOEGLE_I_GANG,
  REPLAY_HEADER,
  UGYLDIG_NOEGLE,
} from '../../src/server/http/idempotens';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** Creating calls with an Idempotency-Key: a retry after a lost answer creates nothing twice. */
describe.each(dbTargets())('Idempotency-Key on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let firma: number;
  beforeAll(async () => {
    t = await createTestApp(target);
    for (const u of ['virksomhed', 'admin']) tok[u] = await t.tokenFor(u);
    const skive = await t.kundeId(779);
    firma = (await t.forsteVirksomhed(skive, 1)).id;
  });
  afterAll(async () => t?.close());

  const post = (url: string, body: object | undefined, key?: string, user = 'virksomhed') =>
    t.app.inject({
      method: 'POST',
      url: `/api/${url}`,
      headers: {
        authorization: `Bearer ${tok[user]}`,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      ...(body === undefined ? {} : { payload: body }),
    });

  const antal = async (tabel: 'logbog' | 'ad_hoc_opgave' | 'kontaktperson', notat: string) => {
    const kolonne = tabel === 'kontaktperson' ? sql.raw('navn') : sql.raw('notat');
    const [r] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ${sql.raw(tabel)} WHERE ${kolonne} = ${notat}`,
    );
    return Number(r!.n);
  };
  const gemte = async (key: string) =>
    queryRows<{ status: number | null }>(
      t.database.db,
      sql`SELECT status FROM idempotens_noegle WHERE noegle = ${key}`,
    );

  it('a retry with the same key answers the first answer and creates nothing', async () => {
    const key = randomUUID();
    const body = { virksomhedId: firma, emne: 'Telefon', notat: `Notat ${key}` };
    const first = await post('logbog', body, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAY_HEADER]).toBeUndefined();
    const retry = await post('logbog', body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[REPLAY_HEADER]).toBe('true');
    expect(retry.headers['content-type']).toMatch(/application\/json/);
    expect(json(retry)).toEqual(json(first));
    expect(await antal('logbog', body.notat)).toBe(1);
  });

  it('without a key, every call creates (the key is what makes the retry safe)', async () => {
    const body = { virksomhedId: firma, emne: 'Telefon', notat: `Uden nøgle ${randomUUID()}` };
    expect((await post('logbog', body)).statusCode).toBe(201);
    expect((await post('logbog', body)).statusCode).toBe(201);
    expect(await antal('logbog', body.notat)).toBe(2);
  });

  it('the same key with another body or another call answers 422 and creates nothing more', async () => {
    const key = randomUUID();
    const body = { virksomhedId: firma, emne: 'Telefon', notat: `Første ${key}` };
    expect((await post('logbog', body, key)).statusCode).toBe(201);
    const andenBody = await post('logbog', { ...body, notat: `Anden ${key}` }, key);
    expect(andenBody.statusCode).toBe(422);
    expect(json(andenBody)).toEqual({ status: 422, message: NOEGLE_BRUGT });
    const andetKald = await post('AdHocOpgave', body, key);
    expect(andetKald.statusCode).toBe(422);
    expect(await antal('logbog', `Anden ${key}`)).toBe(0);
    expect(await antal('ad_hoc_opgave', body.notat)).toBe(0);
    expect(await antal('logbog', body.notat)).toBe(1);
  });

  it('duplicates sent at the same time create one record, and all get its answer', async () => {
    const key = randomUUID();
    const body = { virksomhedId: firma, emne: 'Opgave', notat: `Parallel ${key}`, frist: '2026-12-01' };
    const svar = await Promise.all(Array.from({ length: 6 }, () => post('AdHocOpgave', body, key)));
    expect(svar.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(svar.map((r) => json(r).id)).size).toBe(1);
    expect(svar.filter((r) => r.headers[REPLAY_HEADER] === 'true')).toHaveLength(5);
    expect(await antal('ad_hoc_opgave', body.notat)).toBe(1);
  });

  it('keys are per user: the same key of another user is that user’s own', async () => {
    const key = randomUUID();
    const body = { virksomhedId: firma, emne: 'Telefon', notat: `Per bruger ${key}` };
    const a = await post('logbog', body, key, 'virksomhed');
    const b = await post('logbog', body, key, 'admin');
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(json(a).id).not.toBe(json(b).id);
    expect(await antal('logbog', body.notat)).toBe(2);
  });

  it('a failed first call keeps nothing: the retry runs again', async () => {
    const key = randomUUID();
    const body = { virksomhedId: 2_000_000_000, emne: 'Telefon', notat: `Fejl ${key}` };
    expect((await post('logbog', body, key)).statusCode).toBe(404);
    expect(await gemte(key)).toEqual([]);
    // The same key may then carry the corrected request.
    const rettet = await post('logbog', { ...body, virksomhedId: firma }, key);
    expect(rettet.statusCode).toBe(201);
    expect(rettet.headers[REPLAY_HEADER]).toBeUndefined();
  });

  it('a crash before the answer is kept leaves no record: the record and its answer commit together', async () => {
    // The answer's write fails once (as if the process died there): a trigger on the key table,
    // counting with a sequence because a sequence is not rolled back with the transaction.
    const db = t.database.db;
    await db.execute(sql.raw(`CREATE SEQUENCE IF NOT EXISTS idem_nedbrud`));
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION idem_nedbrud() RETURNS trigger AS $$
        BEGIN
          IF NEW.status IS NOT NULL AND nextval('idem_nedbrud') = 1 THEN
            RAISE EXCEPTION 'simuleret nedbrud';
          END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER idem_nedbrud BEFORE UPDATE ON idempotens_noegle
               FOR EACH ROW EXECUTE FUNCTION idem_nedbrud()`),
    );
    try {
      const key = randomUUID();
      const body = { virksomhedId: firma, emne: 'Telefon', notat: `Nedbrud ${key}` };
      const foerste = await post('logbog', body, key);
      expect(foerste.statusCode).toBeGreaterThanOrEqual(500);
      // Nothing committed without its answer, and the key is free for the retry.
      expect(await antal('logbog', body.notat)).toBe(0);
      expect(await gemte(key)).toEqual([]);
      const retry = await post('logbog', body, key);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.headers[REPLAY_HEADER]).toBeUndefined();
      const igen = await post('logbog', body, key);
      expect(igen.headers[REPLAY_HEADER]).toBe('true');
      expect(json(igen)).toEqual(json(retry));
      expect(await antal('logbog', body.notat)).toBe(1);
    } finally {
      await db.execute(sql.raw(`DROP TRIGGER idem_nedbrud ON idempotens_noegle`));
      await db.execute(sql.raw(`DROP FUNCTION idem_nedbrud()`));
      await db.execute(sql.raw(`DROP SEQUENCE idem_nedbrud`));
    }
  });

  it('covers the creating calls with the input in the path or query: contact person and company from CVR', async () => {
    const key = randomUUID();
    const kontakt = { navn: `Kontakt ${key.slice(0, 8)}` };
    const k1 = await post(`virksomhed/${firma}/kontaktperson`, kontakt, key);
    expect(k1.statusCode, k1.body).toBe(201);
    const k2 = await post(`virksomhed/${firma}/kontaktperson`, kontakt, key);
    expect(json(k2)).toEqual(json(k1));
    expect(await antal('kontaktperson', kontakt.navn)).toBe(1);

    const opslag = await t.app.inject({
      method: 'GET',
      url: '/api/Virksomhed/LookupVirksomhederFraCvr?kommuneId=779&virksomhedsType=1&firstStart=0&lastStart=20',
      headers: { authorization: `Bearer ${tok.virksomhed}` },
    });
    const enhed = (json(opslag).items as { pNr: string; findesIListen: boolean }[]).find(
      (e) => !e.findesIListen,
    )!;
    const url = `Virksomhed/OpretVirksomhedFraCvrData?kommuneId=779&virksomhedsType=1&opretterId=${await t.brugerId('virksomhed')}&PNRListe=${enhed.pNr}`;
    const cvrKey = randomUUID();
    const c1 = await post(url, undefined, cvrKey);
    expect(c1.statusCode, c1.body).toBe(201);
    // Without the key this retry would answer 409 (the P-number is in the list now).
    const c2 = await post(url, undefined, cvrKey);
    expect(c2.statusCode).toBe(201);
    expect(json(c2)).toEqual(json(c1));
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      // Companies only: the unit may also be a seeded SAT company (row type 4).
      sql`SELECT count(*)::int AS n FROM virksomhed WHERE p_nr = ${enhed.pNr} AND type <> ${SAT_RAEKKETYPE}`,
    );
    expect(Number(n!.n)).toBe(1);
    // Another query string with the same key is another request.
    expect((await post(`${url}&tilladPNrDublering=true`, undefined, cvrKey)).statusCode).toBe(422);
  });

  it('is ignored on calls that create nothing', async () => {
    const key = randomUUID();
    const r = await post(
      `virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=${firma}`,
      undefined,
      key,
    );
    expect(r.statusCode).toBe(200);
    expect(await gemte(key)).toEqual([]);
  });

  it('a retry while the first call still runs waits for it, and answers 409 when it does not finish', async () => {
    const key = randomUUID();
    const body = { virksomhedId: firma, emne: 'Telefon', notat: `I gang ${key}` };
    expect((await post('logbog', body, key)).statusCode).toBe(201);
    // As if the first call had reserved the key and were still running.
    await t.database.db.execute(
      sql`UPDATE idempotens_noegle SET status = NULL, svar = NULL, oprettet = now() WHERE noegle = ${key}`,
    );
    const r = await post('logbog', body, key);
    expect(r.statusCode).toBe(409);
    expect(json(r)).toEqual({ status: 409, message: NOEGLE_I_GANG });
    expect(await antal('logbog', body.notat)).toBe(1);
  });

  it('refuses a malformed key with 400 problem details', async () => {
    const body = { virksomhedId: firma, emne: 'Telefon', notat: `Ugyldig ${randomUUID()}` };
    for (const key of ['x'.repeat(MAKS_NOEGLE_LAENGDE + 1), 'nøgle', 'med mellemrum']) {
      const r = await post('logbog', body, key);
      expect(r.statusCode).toBe(400);
      expect(json(r)).toMatchObject({ status: 400, errors: { 'Idempotency-Key': [UGYLDIG_NOEGLE] } });
    }
    expect((await post('logbog', body, 'x'.repeat(MAKS_NOEGLE_LAENGDE))).statusCode).toBe(201);
    expect(await antal('logbog', body.notat)).toBe(1);
  });

  it('keys expire after 24 hours and are deleted lazily; an abandoned reservation is taken over', async () => {
    const body = { virksomhedId: firma, emne: 'Telefon', notat: `Udløb ${randomUUID()}` };
    const gammel = randomUUID();
    const forladt = randomUUID();
    expect((await post('logbog', body, gammel)).statusCode).toBe(201);
    expect((await post('logbog', { ...body, notat: `${body.notat} b` }, forladt)).statusCode).toBe(201);
    await t.database.db.execute(
      sql`UPDATE idempotens_noegle SET oprettet = now() - interval '25 hours' WHERE noegle = ${gammel}`,
    );
    // A reservation whose call never finished (the process died), ten minutes ago.
    await t.database.db.execute(
      sql`UPDATE idempotens_noegle SET status = NULL, svar = NULL, oprettet = now() - interval '10 minutes'
          WHERE noegle = ${forladt}`,
    );
    // Any keyed call deletes the expired keys.
    expect((await post('logbog', { ...body, notat: `${body.notat} c` }, randomUUID())).statusCode).toBe(201);
    expect(await gemte(gammel)).toEqual([]);
    // The abandoned key can be used again (here: runs the call once more).
    const igen = await post('logbog', { ...body, notat: `${body.notat} b` }, forladt);
    expect(igen.statusCode).toBe(201);
    expect(igen.headers[REPLAY_HEADER]).toBeUndefined();
    expect(await gemte(forladt)).toEqual([{ status: 201 }]);
  });
});

/**
 * The client: a create call whose answer is lost on the way (the connection breaks after the server
 * answered) is sent once more with the same key, and the record exists once. Against the real
 * server, through a proxy that breaks the first connection as the answer arrives.
 */
describe('the HTTP client retries a lost create answer with the same key', () => {
  let t: TestApp;
  let proxy: Server;
  let proxyPort: number;
  const sockets = new Set<Socket>();
  /** How many of the next answers the proxy breaks off. */
  let brydNaeste = 0;
  let token: string;
  let firma: number;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await t.tokenFor('virksomhed');
    const skive = await t.kundeId(779);
    firma = (await t.forsteVirksomhed(skive, 1)).id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const serverPort = (t.app.server.address() as { port: number }).port;
    proxy = createServer((klient) => {
      const server = connect(serverPort, '127.0.0.1');
      for (const s of [klient, server]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      klient.pipe(server);
      server.on('data', (chunk) => {
        // The server has answered (and created the record); the client never sees the answer.
        if (brydNaeste > 0) {
          brydNaeste--;
          klient.destroy();
          server.destroy();
        } else klient.write(chunk);
      });
      server.on('end', () => klient.end());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyPort = (proxy.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => proxy?.close(resolve));
    await t?.close();
  });

  const client = (failures: HttpFailure[]) =>
    createHttpClient({
      baseUrl: `http://127.0.0.1:${proxyPort}/api/`,
      getToken: () => token,
      onTokenExpired: () => {},
      onFailure: (f) => failures.push(f),
    });

  it('creates one note although the first answer was lost', async () => {
    const failures: HttpFailure[] = [];
    const notat = `Tabt svar ${randomUUID()}`;
    brydNaeste = 1;
    const svar = await client(failures).post<{ id: number; notat: string }>('logbog', {
      virksomhedId: firma,
      emne: 'Telefon',
      notat,
    });
    expect(svar.notat).toBe(notat);
    expect(failures).toEqual([]);
    expect(brydNaeste).toBe(0);
    const rows = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM logbog WHERE notat = ${notat}`,
    );
    expect(rows.map((r) => Number(r.id))).toEqual([svar.id]);
  });

  it('sends a fresh key per call: two calls create two notes', async () => {
    const notat = `To kald ${randomUUID()}`;
    const http = client([]);
    await http.post('logbog', { virksomhedId: firma, emne: 'Telefon', notat });
    await http.post('logbog', { virksomhedId: firma, emne: 'Telefon', notat });
    const [r] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM logbog WHERE notat = ${notat}`,
    );
    expect(Number(r!.n)).toBe(2);
  });

  it('gives up after one retry and reports no connection', async () => {
    const failures: HttpFailure[] = [];
    const notat = `Ingen forbindelse ${randomUUID()}`;
    brydNaeste = 2;
    await expect(
      client(failures).post('logbog', { virksomhedId: firma, emne: 'Telefon', notat }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(brydNaeste).toBe(0);
    expect(failures.map((f) => [f.status, f.noResponse])).toEqual([[500, true]]);
    // Both attempts reached the server with the same key: one note.
    const [r] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM logbog WHERE notat = ${notat}`,
    );
    expect(Number(r!.n)).toBe(1);
  });
});
