import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Config } from './config';

let cached: { version: string; svnVersion: string } | undefined;

/** Package version and source-control revision (APP_REVISION, else the git commit, else 'ukendt'). */
export function appVersion(config: Pick<Config, 'revision'>): { version: string; svnVersion: string } {
  if (cached) return cached;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  let revision = config.revision;
  if (!revision) {
    try {
      revision = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .toString()
        .trim();
    } catch {
      revision = 'ukendt';
    }
  }
  cached = { version: pkg.version, svnVersion: revision };
  return cached;
}
