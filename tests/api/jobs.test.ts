import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Batch, danForslagSvarSchema, overfoerSvarSchema } from '../../src/contract/fakturering';
import { JOB_AFBRUDT, type Job, jobSchema } from '../../src/contract/jobs';
import { genererSvarSchema, type Planlaegningsperiode } from '../../src/contract/planlaegning';
import { buildApp } from '../../src/server/app';
import { TokenService } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { queryRows } from '../../src/server/db/client';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const SKIVE = 779;
const HERNING = 657;
/** The settlement year the seed has billable work in (1 November 2025 – 1 November 2026). */
const AAR = 2026;

const json = <T = unknown>(r: { body: string }) => JSON.parse(r.body) as T;

/**
 * Long jobs (issue 32, docs/decisions.md 'Long jobs'): the plan generation, the invoice proposals and
 * a batch's transfer start with 202 and the job, run in the server, and are followed with GET job/{id}
 * to their result; a second start while one runs answers a Danish 409 naming it; a job a stopped
 * process left running is failed when the next process starts; another customer's job is 404.
 */
describe.each(dbTargets())('long jobs on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let skive: number;
  let herning: number;

  beforeAll(async () => {
    // Every step's progress written (the 0.2 s throttle off): the part-way test follows the parts.
    t = await createTestApp(target, {}, undefined, { jobFremskridtMs: 0 });
    for (const u of ['admin', 'oekonomi', 'planlaegger', 'vand']) tok[u] = await t.tokenFor(u);
    tok.adminHerning = await t.tokenFor('admin', HERNING);
    skive = await t.kundeId(SKIVE);
    herning = await t.kundeId(HERNING);
  });
  afterAll(async () => t?.close());

  const req = (method: 'GET' | 'POST', url: string, user: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, tok[user], body);
  const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);

  /** Polls GET job/{id} until the job has stopped running; answers every state seen. */
  async function foelg(id: number, user: string): Promise<Job[]> {
    const set: Job[] = [];
    for (let i = 0; i < 600; i++) {
      const r = await req('GET', `job/${id}`, user);
      expect(r.statusCode, r.body).toBe(200);
      const job = jobSchema.parse(json(r));
      set.push(job);
      if (job.status !== 'koerer') return set;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    throw new Error(`job ${id} blev ikke færdigt`);
  }

  async function periode(kundeId: number, user: string): Promise<Planlaegningsperiode> {
    const r = await req('GET', `PlanlaegningsPeriode/planlaegningYears/${kundeId}`, user);
    expect(r.statusCode, r.body).toBe(200);
    const alle = json<Planlaegningsperiode[]>(r);
    return alle.find((p) => p.aar === 2026) ?? alle[0]!;
  }

  it("generates the year's plan as a job: 202 at once, progress, then the synchronous call's answer", async () => {
    const p = await periode(skive, 'planlaegger');
    const start = await req('POST', `planlaegning/${p.id}/generer/job`, 'planlaegger', {
      version: p.version,
    });
    expect(start.statusCode, start.body).toBe(202);
    const job = jobSchema.parse(json(start));
    expect(job).toMatchObject({
      kind: 'planlaegning.generer',
      key: String(p.id),
      status: 'koerer',
      titel: `Generér tilsynsplanen for ${p.aar}`,
      afsluttet: null,
      resultat: null,
      done: 0,
    });
    // The first answer already tells how much there is to do: the companies to read and the write.
    expect(job.total).toBeGreaterThan(1);
    const set = await foelg(job.id, 'planlaegger');
    const slut = set.at(-1)!;
    expect(slut.status, slut.fejl ?? '').toBe('faerdig');
    // The companies read, and the write: done of total, all done at the end.
    expect(slut.total).toBeGreaterThan(1);
    expect(slut.done).toBe(slut.total);
    expect(slut.afsluttet).not.toBeNull();
    expect(slut.startetAf).toBe('Pia Planlægger');
    const resultat = genererSvarSchema.parse(slut.resultat);
    const planlagte = resultat.antal.reduce((s, a) => s + a.basis + a.prioriteret + a.kampagne, 0);
    expect(planlagte).toBeGreaterThan(0);
    // The period carries the job's generation: a new version, and the same plan as the table holds.
    const [n] = await rows<{ n: number | string }>(
      sql`select count(*) as n from planlagt_tilsyn where periode_id = ${p.id}`,
    );
    expect(Number(n!.n)).toBe(planlagte);
    expect(resultat.periode.version).not.toBe(p.version);
    // The synchronous call on the new version plans the same rows.
    const igen = await req('POST', `planlaegning/${p.id}/generer`, 'planlaegger', {
      version: resultat.periode.version,
    });
    expect(igen.statusCode, igen.body).toBe(200);
    expect(genererSvarSchema.parse(json(igen)).antal).toEqual(resultat.antal);
  });

  it('answers a stale version with 409 at the start, and keeps no job of it', async () => {
    const p = await periode(skive, 'planlaegger');
    const foer = await rows<{ n: number | string }>(sql`select count(*) as n from job`);
    const r = await req('POST', `planlaegning/${p.id}/generer/job`, 'planlaegger', {
      version: p.version - 1,
    });
    expect(r.statusCode).toBe(409);
    expect(json<{ message: string }>(r).message).toMatch(
      /^Planlægningsperioden er blevet ændret af en anden/,
    );
    const efter = await rows<{ n: number | string }>(sql`select count(*) as n from job`);
    expect(Number(efter[0]!.n)).toBe(Number(foer[0]!.n));
  });

  it('refuses a second start while the same job runs, in Danish with the running job', async () => {
    const p = await periode(skive, 'planlaegger');
    const brugerId = await t.brugerId('planlaegger');
    // A run of another live process (its heartbeat fresh): the start must not run beside it.
    const [koerende] = await rows<{ id: number }>(
      sql`insert into job (kunde_id, kind, key, titel, ret, started_by)
          values (${skive}, 'planlaegning.generer', ${String(p.id)}, 'Generér tilsynsplanen for 2026',
                  'SAGSBEHANDLER_AARSPLAN', ${brugerId})
          returning id`,
    );
    const r = await req('POST', `planlaegning/${p.id}/generer/job`, 'planlaegger', { version: p.version });
    expect(r.statusCode, r.body).toBe(409);
    expect(json(r)).toEqual({
      status: 409,
      message:
        'Jobbet kører allerede: Generér tilsynsplanen for 2026. Vent, til det er færdigt, før du starter det igen.',
      jobId: Number(koerende!.id),
    });
    // Another customer's generation is not held up by it.
    const ph = await periode(herning, 'adminHerning');
    const h = await req('POST', `planlaegning/${ph.id}/generer/job`, 'adminHerning', { version: ph.version });
    expect(h.statusCode, h.body).toBe(202);
    expect((await foelg(jobSchema.parse(json(h)).id, 'adminHerning')).at(-1)!.status).toBe('faerdig');
    await rows(sql`update job set status = 'faerdig', finished_at = now() where id = ${koerende!.id}`);
    const nu = await req('POST', `planlaegning/${p.id}/generer/job`, 'planlaegger', { version: p.version });
    expect(nu.statusCode, nu.body).toBe(202);
    await foelg(jobSchema.parse(json(nu)).id, 'planlaegger');
  });

  it("answers 404 to another customer's job and 403 to a user without the job's right", async () => {
    const p = await periode(skive, 'admin');
    const start = await req('POST', `planlaegning/${p.id}/generer/job`, 'admin', { version: p.version });
    expect(start.statusCode, start.body).toBe(202);
    const { id } = jobSchema.parse(json(start));
    await foelg(id, 'admin');
    const andenKunde = await req('GET', `job/${id}`, 'adminHerning');
    expect(andenKunde.statusCode).toBe(404);
    expect(json<{ message: string }>(andenKunde).message).toBe('Jobbet blev ikke fundet');
    expect((await req('GET', `job/${id + 100_000}`, 'admin')).statusCode).toBe(404);
    // 'oekonomi' may invoice but not plan.
    const udenRet = await req('GET', `job/${id}`, 'oekonomi');
    expect(udenRet.statusCode).toBe(403);
    expect(json<{ message: string }>(udenRet).message).toMatch(/^Der er ikke de fornødne rettigheder/);
    expect((await req('GET', 'job/abc', 'admin')).statusCode).toBe(400);
  });

  it("makes the year's invoice proposals and transfers the batch as jobs", async () => {
    const start = await req('POST', 'fakturering/forslag/dan/job', 'oekonomi', { aar: AAR });
    expect(start.statusCode, start.body).toBe(202);
    const job = jobSchema.parse(json(start));
    expect(job).toMatchObject({
      kind: 'fakturering.forslag',
      key: String(AAR),
      titel: `Dan fakturaforslag for ${AAR}`,
    });
    // The start counted the customer's companies: the run's steps.
    expect(job.total).toBeGreaterThan(0);
    const slut = (await foelg(job.id, 'oekonomi')).at(-1)!;
    expect(slut.status, slut.fejl ?? '').toBe('faerdig');
    expect(slut.done).toBe(slut.total);
    expect(slut.total).toBe(job.total);
    const forslag = danForslagSvarSchema.parse(slut.resultat);
    expect(forslag.antalForslag).toBeGreaterThan(0);
    // The synchronous call rebuilds exactly the job's drafts.
    const igen = await req('POST', 'fakturering/forslag/dan', 'oekonomi', { aar: AAR });
    expect(igen.statusCode, igen.body).toBe(200);
    expect(danForslagSvarSchema.parse(json(igen))).toMatchObject({
      antalForslag: forslag.antalForslag,
      antalLinjer: forslag.antalLinjer,
      totalOere: forslag.totalOere,
      erstattede: forslag.antalForslag,
    });

    const godkendt = await req('POST', 'fakturering/forslag/godkend', 'oekonomi', { alle: true, aar: AAR });
    expect(godkendt.statusCode, godkendt.body).toBe(201);
    const batch = json<Batch>(godkendt);
    const stale = await req('POST', `fakturering/batches/${batch.id}/overfoer/job`, 'oekonomi', {
      version: batch.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    const o = await req('POST', `fakturering/batches/${batch.id}/overfoer/job`, 'oekonomi', {
      version: batch.version,
    });
    expect(o.statusCode, o.body).toBe(202);
    const oSlut = (await foelg(jobSchema.parse(json(o)).id, 'oekonomi')).at(-1)!;
    expect(oSlut.status, oSlut.fejl ?? '').toBe('faerdig');
    const svar = overfoerSvarSchema.parse(oSlut.resultat);
    expect(svar.overfoert + svar.fejlet).toBe(batch.antal);
    expect(oSlut.total).toBe(batch.antal);
    expect(oSlut.done).toBe(batch.antal);
    const [status] = await rows<{ n: number | string }>(
      sql`select count(*) as n from faktura where batch_id = ${batch.id} and status in ('overfoert', 'fejlet')`,
    );
    expect(Number(status!.n)).toBe(batch.antal);
    // Another customer's batch id answers 404 and leaves no job behind.
    const fremmed = await req('POST', `fakturering/batches/${batch.id}/overfoer/job`, 'adminHerning', {
      version: 1,
    });
    expect(fremmed.statusCode).toBe(404);
    const [tilbage] = await rows<{ n: number | string }>(
      sql`select count(*) as n from job where kunde_id = ${herning} and kind = 'fakturering.overfoer'`,
    );
    expect(Number(tilbage!.n)).toBe(0);
  });

  it('fails a proposal run for a year without rates with the Danish reason', async () => {
    // No rates for 2024 nor 2023 at Skive's seed, but a record to bill in them.
    const firma = await t.forsteVirksomhed(skive, 1);
    await rows(sql`update virksomhed set omfattet_af_brugerbetaling = true where id = ${firma.id}`);
    await rows(
      sql`insert into registrering (kunde_id, virksomhed_id, art, titel, dato, data)
          values (${skive}, ${firma.id}, 'brugerbetaling', 'Tilsyn', '2023-12-01',
                  ${JSON.stringify({ gebyrtype: 'Fast gebyr', beloeb: 100 })}::jsonb)`,
    );
    const start = await req('POST', 'fakturering/forslag/dan/job', 'oekonomi', { aar: 2024 });
    expect(start.statusCode, start.body).toBe(202);
    const slut = (await foelg(jobSchema.parse(json(start)).id, 'oekonomi')).at(-1)!;
    expect(slut.status).toBe('fejlet');
    expect(slut.fejl).toMatch(/2023/);
    expect(slut.resultat).toBeNull();
  });

  it('fails the jobs a stopped process left running when the next process starts', async () => {
    const brugerId = await t.brugerId('admin');
    const indsaet = (key: string, hjerteslag: string) =>
      rows<{ id: number }>(
        sql`insert into job (kunde_id, kind, key, titel, ret, started_by, started_at, hjerteslag, done, total)
            values (${skive}, 'fakturering.forslag', ${key}, 'Dan fakturaforslag', 'OKONOMI_ADMIN', ${brugerId},
                    now() - interval '2 hours', ${sql.raw(hjerteslag)}, 400, 1000)
            returning id`,
      );
    const [doed] = await indsaet('1990', "now() - interval '1 hour'");
    const [frisk] = await indsaet('1991', 'now()');
    // A second process on the same database starts (after a crash of the first, on PGlite).
    const config = loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'true' });
    const app2 = await buildApp({
      db: t.database.db,
      tokens: new TokenService(randomBytes(32), config.tokenTtlSeconds),
      config,
    });
    try {
      const status = async (id: number) =>
        (
          await rows<{ status: string; error: string | null; finished_at: Date | null }>(
            sql`select status, error, finished_at from job where id = ${id}`,
          )
        )[0]!;
      const d = await status(doed!.id);
      expect(d).toMatchObject({ status: 'fejlet', error: JOB_AFBRUDT });
      expect(d.finished_at).not.toBeNull();
      // PGlite has one process per database: every running row was that process's. On PostgreSQL a
      // row with a live heartbeat may be another process's and is left running.
      expect((await status(frisk!.id)).status).toBe(target === 'pglite' ? 'fejlet' : 'koerer');
      const r = await req('GET', `job/${doed!.id}`, 'oekonomi');
      expect(jobSchema.parse(json(r))).toMatchObject({
        status: 'fejlet',
        fejl: 'Jobbet blev afbrudt, fordi serveren blev stoppet, mens det kørte. Start det igen.',
        done: 400,
        total: 1000,
      });
    } finally {
      await app2.close();
      await rows(sql`update job set status = 'fejlet' where id = ${frisk!.id}`);
    }
  });

  it('fails a running job whose heartbeat stopped when it is read or started again', async () => {
    const brugerId = await t.brugerId('admin');
    const [doed] = await rows<{ id: number }>(
      sql`insert into job (kunde_id, kind, key, titel, ret, started_by, hjerteslag)
          values (${skive}, 'fakturering.forslag', ${String(AAR)}, 'Dan fakturaforslag for 2026', 'OKONOMI_ADMIN',
                  ${brugerId}, now() - interval '10 minutes')
          returning id`,
    );
    // The start finds it running, sees its process gone, fails it and starts.
    const start = await req('POST', 'fakturering/forslag/dan/job', 'oekonomi', { aar: AAR });
    expect(start.statusCode, start.body).toBe(202);
    await foelg(jobSchema.parse(json(start)).id, 'oekonomi');
    const d = jobSchema.parse(json(await req('GET', `job/${doed!.id}`, 'oekonomi')));
    expect(d).toMatchObject({ status: 'fejlet', fejl: JOB_AFBRUDT });
  });

  it('lets other calls in between its parts: a poll during the generation sees it part-way', async () => {
    // 12,000 more companies under regular inspection at Herning: three parts of GRUNDLAG_DEL to read.
    const adminId = await t.brugerId('admin');
    await rows(
      sql`insert into virksomhed (kunde_id, type, navn, kategori, etablerings_dato, primaer_sagsbehandler_id, basis)
          select ${herning}, 1, 'Jobtest ' || g, case when g % 3 = 0 then '1a' when g % 3 = 1 then '1b' else '2' end,
                 '2000-01-01', ${adminId},
                 '{"omfattetAfAktivtTilsyn": true, "omfattetAfAktivtTilsynDato": "2000-01-01"}'::jsonb
          from generate_series(1, 12000) g`,
    );
    const p = await periode(herning, 'adminHerning');
    const start = await req('POST', `planlaegning/${p.id}/generer/job`, 'adminHerning', {
      version: p.version,
    });
    expect(start.statusCode, start.body).toBe(202);
    const id = jobSchema.parse(json(start)).id;
    // Polled one after another: on PGlite (one connection, in this thread) each poll waits for the
    // statement or transaction in flight, so a poll answered part-way proves the job let it in between
    // its parts. (Each poll yields one turn of the event loop first: app.inject and PGlite answer on
    // microtasks alone, which would starve the job's own turns, as real sockets never do.)
    const set: Job[] = [];
    const frist = Date.now() + 50_000;
    while (Date.now() < frist) {
      await new Promise((ok) => setImmediate(ok));
      const job = jobSchema.parse(json(await req('GET', `job/${id}`, 'adminHerning')));
      set.push(job);
      if (job.status !== 'koerer') break;
    }
    const slut = set.at(-1)!;
    expect(slut.status, slut.fejl ?? '').toBe('faerdig');
    expect(slut.total).toBeGreaterThan(12_000);
    const undervejs = set.filter((j) => j.status === 'koerer' && j.done > 0 && j.done < j.total - 1);
    if (target === 'pglite')
      expect(undervejs.length, JSON.stringify(set.map((j) => j.done))).toBeGreaterThan(0);
    // Progress only grows.
    const done = set.map((j) => j.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
  }, 90_000);
});
