import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JWT_SECRET_KRAEVES, KonfigurationsFejl, loadConfig } from '../../src/server/config';
import { startServer } from '../helpers/server-prosess';

/**
 * Several processes on one PostgreSQL must sign tokens with one secret (issue 16): with DATABASE_URL
 * set and no JWT_SECRET the start refuses with a clear Danish message instead of generating a secret
 * per process. PGlite (no DATABASE_URL) still generates one into DATA_DIR.
 */
describe('the signing secret with a shared database', () => {
  it('is required when DATABASE_URL is set', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/mw' })).toThrow(KonfigurationsFejl);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/mw' })).toThrow(JWT_SECRET_KRAEVES);
    const secret = randomBytes(32).toString('hex');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/mw', JWT_SECRET: secret }).jwtSecret).toBe(
      secret,
    );
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('stops the server start with the message and exit code 1, before any database is opened', async () => {
    const server = startServer({
      // Nothing listens here: the start must stop before it tries.
      databaseUrl: 'postgres://mw:mw@127.0.0.1:9/ingen',
      port: 0,
      dataDir: path.join('/tmp', `mw-config-${randomBytes(4).toString('hex')}`),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Konfigurationen kan ikke bruges');
    expect(server.output()).toContain(JWT_SECRET_KRAEVES);
    expect(server.output()).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
  }, 30_000);
});
