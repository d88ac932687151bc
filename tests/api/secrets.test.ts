import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { needsRehash } from 'argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher, DUMMY_HASH, hashPassword, type PasswordHasher } from '../../src/server/auth/password';
import { loadOrCreateSecret } from '../../src/server/auth/tokens';
import { restrictUmask, secureDataDir } from '../../src/server/data-dir';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { OutboxMailer } from '../../src/server/integrations/mail';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/** A log destination that keeps every JSON line pino writes. */
function captureLog() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    records: () =>
      lines.map((l) => JSON.parse(l) as { level: number; msg: string } & Record<string, unknown>),
  };
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(dbTargets())('what the log keeps out, on %s', (target) => {
  let t: TestApp;
  const log = captureLog();
  const HEMMELIG_TEKST = 'hemmelig-parameter-7f3a';
  const HEMMELIG_HASH = '$argon2id$v=19$m=65536,t=3,p=4$hemmelighash';

  beforeAll(async () => {
    t = await createTestApp(target, { LOG_LEVEL: 'debug' }, undefined, { logger: log.stream });
    // Two failing statements with parameters, answered by the real error handler: one PostgreSQL
    // quotes the value of (invalid input syntax), one it does not (division by zero).
    t.app.get('/test/sql-fejl/tal', { config: { public: true } }, async () =>
      queryRows(t.database.db, sql`select ${HEMMELIG_TEKST}::int as n`),
    );
    t.app.get('/test/sql-fejl/division', { config: { public: true } }, async () =>
      queryRows(t.database.db, sql`select ${HEMMELIG_HASH}::text as h, 1 / 0 as n`),
    );
  });
  afterAll(async () => t?.close());

  it('never writes the one-time sign-on id or a token in a query string', async () => {
    const signOn = await t.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: FORM,
      payload: 'username=laeser&password=demo',
    });
    expect(signOn.statusCode).toBe(302);
    const location = signOn.headers.location as string;
    const stsId = new URL(location, 'http://x').searchParams.get('userid');
    expect(stsId).toMatch(/^[0-9a-f-]{36}$/);

    // The browser follows the redirect; the client then exchanges the id.
    await t.app.inject({ method: 'GET', url: location });
    await t.app.inject({ method: 'GET', url: `/stslogin?UserId=${stsId}&stsId=${stsId}` });
    const exchange = await t.app.inject({ method: 'POST', url: '/api/login/sts', payload: { stsId } });
    expect(exchange.statusCode).toBe(200);
    const token = exchange.json().data as string;
    await t.app.inject({
      method: 'GET',
      url: `/api/Bruger/HentOpsaetning?token=${token}&access_token=adgang-123&refreshToken=frisk-456&side=synlig`,
    });

    const text = log.lines.join('');
    expect(text).not.toContain(stsId);
    expect(text).not.toContain(token);
    expect(text).not.toContain('adgang-123');
    expect(text).not.toContain('frisk-456');
    // The request lines are still there, with the values hidden and the rest of the url intact.
    const urls = log
      .records()
      .map((r) => (r.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(urls).toContain('/stslogin?userid=[skjult]');
    expect(urls).toContain('/stslogin?UserId=[skjult]&stsId=[skjult]');
    expect(urls).toContain(
      '/api/Bruger/HentOpsaetning?token=[skjult]&access_token=[skjult]&refreshToken=[skjult]&side=synlig',
    );
  });

  it("logs a failing statement's SQL at error level and its parameters at debug level only", async () => {
    for (const url of ['/test/sql-fejl/tal', '/test/sql-fejl/division']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(500);
      expect(r.json().FejlBesked).toBeTruthy();
    }
    const records = log.records();
    const atInfoOrAbove = records.filter((r) => r.level >= 30).map((r) => JSON.stringify(r));
    for (const line of atInfoOrAbove) {
      expect(line).not.toContain(HEMMELIG_TEKST);
      expect(line).not.toContain('hemmelighash');
    }
    const errors = records.filter((r) => r.level === 50).map((r) => JSON.stringify(r));
    expect(errors.some((l) => l.includes('select $1::int as n') && l.includes('22P02'))).toBe(true);
    expect(errors.some((l) => l.includes('select $1::text as h, 1 / 0 as n') && l.includes('22012'))).toBe(
      true,
    );
    // The parameters are not lost: a debug line carries them.
    const debug = records.filter((r) => r.level === 20).map((r) => JSON.stringify(r));
    expect(debug.some((l) => l.includes(HEMMELIG_TEKST))).toBe(true);
    expect(debug.some((l) => l.includes('hemmelighash'))).toBe(true);
  });
});

describe.each(dbTargets())(
  'sign-in verifies a password hash for known and unknown users alike, on %s',
  (target) => {
    let t: TestApp;
    const verified: string[] = [];
    const countingHasher: PasswordHasher = {
      verify: (hash, password) => {
        verified.push(hash);
        return argon2Hasher.verify(hash, password);
      },
    };
    beforeAll(async () => {
      t = await createTestApp(target, {}, undefined, { passwordHasher: countingHasher });
    });
    afterAll(async () => t?.close());

    const attempts = [
      {
        navn: 'POST /api/login',
        send: (username: string) =>
          t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'forkert' } }),
      },
      {
        navn: 'the sign-on form',
        send: (username: string) =>
          t.app.inject({
            method: 'POST',
            url: '/sso/login',
            headers: FORM,
            payload: `username=${username}&password=forkert`,
          }),
      },
    ];
    for (const { navn, send } of attempts) {
      it(`${navn}: an unknown user is verified against the dummy hash, a known one against theirs`, async () => {
        verified.length = 0;
        const unknown = await send('findes-ikke');
        expect(unknown.statusCode).toBe(401);
        expect(verified).toEqual([DUMMY_HASH]);

        verified.length = 0;
        const known = await send('vand');
        expect(known.statusCode).toBe(401);
        expect(verified).toHaveLength(1);
        expect(verified[0]).not.toBe(DUMMY_HASH);
        expect(verified[0]).toMatch(/^\$argon2id\$/);
        expect(unknown.body).toBe(known.body);
      });
    }

    it('the dummy hash costs what a new password hash costs', async () => {
      // needsRehash is false when a hash has the library's default cost, which new passwords get.
      expect(needsRehash(DUMMY_HASH)).toBe(false);
      const fresh = await hashPassword('en ny adgangskode');
      expect(needsRehash(fresh)).toBe(false);
      const params = (h: string) => h.split('$')[3]!.split(',').sort();
      expect(params(DUMMY_HASH)).toEqual(params(fresh));
      expect(await argon2Hasher.verify(DUMMY_HASH, 'ikke-en-bruger')).toBe(false);
    });
  },
);

/** Every folder and file under dir with its permission bits, as 'relative path: mode' (octal). */
async function modes(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const visit = async (p: string) => {
    const info = await lstat(p);
    out.set(path.relative(dir, p) || '.', (info.mode & 0o777).toString(8));
    if (info.isDirectory()) for (const name of await readdir(p)) await visit(path.join(p, name));
  };
  await visit(dir);
  return out;
}

function expectOwnerOnly(found: Map<string, string>, dirs: Set<string>) {
  const wrong = [...found].filter(([p, m]) => m !== (dirs.has(p) ? '700' : '600'));
  expect(wrong).toEqual([]);
}

async function dirsUnder(dir: string): Promise<Set<string>> {
  const out = new Set<string>(['.']);
  const visit = async (p: string) => {
    for (const e of await readdir(p, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      out.add(path.relative(dir, path.join(p, e.name)));
      await visit(path.join(p, e.name));
    }
  };
  await visit(dir);
  return out;
}

describe('the data folder is the owner’s only', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'mw-secrets-'));
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it('a new PGlite database: folders 0700 and files 0600, also after reopening', async () => {
    const dir = path.join(root, 'pglite');
    const first = await openDatabase({ dataDir: dir });
    await first.close();
    const found = await modes(dir);
    expect(found.size).toBeGreaterThan(100);
    expectOwnerOnly(found, await dirsUnder(dir));

    const again = await openDatabase({ dataDir: dir });
    await again.close();
    expectOwnerOnly(await modes(dir), await dirsUnder(dir));
    // Two openings of a new database (migrations included) took 10.5 s in CI on two busy workers.
  }, 120_000);

  it('files PostgreSQL creates while the server runs are owner-only under the restricted umask', async () => {
    const dir = path.join(root, 'pglite-koerende');
    const before = process.umask();
    restrictUmask();
    try {
      const database = await openDatabase({ dataDir: dir });
      // New relations are new files, written after the start-up check.
      await database.db.execute(sql`create table mw_ny_tabel (x int primary key, tekst text)`);
      await database.db.execute(
        sql`insert into mw_ny_tabel select g, repeat('x', 3000) from generate_series(1, 50) g`,
      );
      await database.db.execute(sql`checkpoint`);
      expectOwnerOnly(await modes(dir), await dirsUnder(dir));
      await database.close();
    } finally {
      process.umask(before);
    }
  }, 120_000);

  it('an existing folder left readable by others is narrowed at start', async () => {
    const dir = path.join(root, 'gammel');
    await mkdir(path.join(dir, 'outbox'), { recursive: true, mode: 0o755 });
    await writeFile(path.join(dir, 'jwt-secret'), 'x'.repeat(64), { mode: 0o644 });
    await writeFile(path.join(dir, 'outbox', 'a.eml'), 'Subject: x', { mode: 0o666 });
    const result = await secureDataDir(dir, () => {});
    expect(result.fixed).toBe(4);
    expect(result.exposed).toEqual([]);
    expect(Object.fromEntries(await modes(dir))).toEqual({
      '.': '700',
      'jwt-secret': '600',
      outbox: '700',
      'outbox/a.eml': '600',
    });
  });

  it('warns, with paths and no contents, about what it cannot narrow, and leaves it alone', async () => {
    const dir = path.join(root, 'med-link');
    const outside = path.join(root, 'udenfor.txt');
    await mkdir(dir, { mode: 0o700 });
    await writeFile(outside, 'hemmeligt-indhold', { mode: 0o644 });
    await symlink(outside, path.join(dir, 'link'));
    const warnings: string[] = [];
    const result = await secureDataDir(dir, (m) => warnings.push(m));
    expect(result.exposed).toEqual([path.join(dir, 'link')]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(path.join(dir, 'link'));
    expect(warnings[0]).not.toContain('hemmeligt-indhold');
    expect(((await lstat(outside)).mode & 0o777).toString(8)).toBe('644');
  });

  it('the JWT secret: created 0600 in a 0700 folder; an existing one narrowed and kept', async () => {
    const dir = path.join(root, 'jwt');
    const created = await loadOrCreateSecret(undefined, dir);
    expect(Object.fromEntries(await modes(dir))).toEqual({ '.': '700', 'jwt-secret': '600' });

    const old = path.join(root, 'jwt-gammel');
    await mkdir(old, { mode: 0o755 });
    await writeFile(path.join(old, 'jwt-secret'), 's'.repeat(48), { mode: 0o644 });
    const kept = await loadOrCreateSecret(undefined, old);
    expect(new TextDecoder().decode(kept)).toBe('s'.repeat(48));
    expect(Object.fromEntries(await modes(old))).toEqual({ '.': '700', 'jwt-secret': '600' });
    expect(created.length).toBeGreaterThan(32);
  });

  it('the outbox: folder 0700, each mail 0600', async () => {
    const dir = path.join(root, 'post', 'outbox');
    const mail = await new OutboxMailer(dir).send({ til: ['a@b.dk'], emne: 'Emne', tekst: 'Tekst' });
    const found = Object.fromEntries(await modes(dir));
    expect(found).toEqual({ '.': '700', [`${mail.id}.eml`]: '600', [`${mail.id}.json`]: '600' });
    expect(await readFile(path.join(dir, `${mail.id}.json`), 'utf8')).toContain('Emne');
  });
});
