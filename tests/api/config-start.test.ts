import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JWT_SECRET_KRAEVES, KonfigurationsFejl, loadConfig } from '../../src/server/config';

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
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        // Nothing listens here: the start must stop before it tries.
        DATABASE_URL: 'postgres://mw:mw@127.0.0.1:9/ingen',
        PORT: '0',
        DATA_DIR: path.join('/tmp', `mw-config-${randomBytes(4).toString('hex')}`),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Konfigurationen kan ikke bruges');
    expect(output).toContain(JWT_SECRET_KRAEVES);
    expect(output).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
  }, 30_000);
});
