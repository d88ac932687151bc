import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A throwaway PostgreSQL cluster in a temp folder, for running the API tests on a real server too. */
export interface PgCluster {
  url: string;
  stop(): void;
  /** Stops the server, keeping its data ('immediate' as a crash, 'fast' as an orderly shutdown). */
  stopServer(mode: 'immediate' | 'fast'): void;
  /** Kills the postmaster with SIGKILL (its data stays). */
  killServer(): void;
  /** Starts the stopped (or killed) server again on the same port and data. */
  startServer(): void;
}

function hasBinary(name: string): boolean {
  return spawnSync('which', [name], { stdio: 'ignore' }).status === 0;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts a cluster, or answers undefined when PostgreSQL's binaries are not on this machine. */
export async function startPgCluster(): Promise<PgCluster | undefined> {
  if (process.env.SKIP_POSTGRES_TESTS === '1' || !hasBinary('initdb') || !hasBinary('pg_ctl'))
    return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mw-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: run its tools as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync(
          'su',
          ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args.map((a) => `'${a}'`)].join(' ')],
          {
            stdio: 'pipe',
          },
        )
      : execFileSync(cmd, args, { stdio: 'pipe' });
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      '-w',
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopServer(mode) {
      run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    killServer() {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    },
    startServer: start,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs `fn` with a client on a database of the cluster at `pgUrl` (default: the 'postgres' database). */
export async function medKlient<T>(pgUrl: string, fn: (c: pg.Client) => Promise<T>, database = 'postgres') {
  const c = new pg.Client({ connectionString: databaseUrl(pgUrl, database) });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The URL of another database of the same cluster. */
export const databaseUrl = (pgUrl: string, database: string) => pgUrl.replace(/\/postgres$/, `/${database}`);
