// Keeps package-lock.json acceptable to `npm ci` where the registry lacks some platform binaries.
//
// The npm registry reachable here has only the Linux builds of a few packages' optional platform
// binaries (e.g. @biomejs/cli-win32-x64 answers 404), so npm writes no lock entry for the others,
// and `npm ci` then refuses the lock as out of sync. This adds an entry for each missing optional
// platform package, with its os/cpu/libc, so npm skips it on this platform without fetching it.
// Idempotent; runs after every `npm install` (postinstall).
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
let lock;
try {
  lock = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  process.exit(0);
}
const packages = lock.packages ?? {};
const PLATFORM = /(android|darwin|linux|win32|freebsd)-(arm64|x64|ia32|arm)(?:-(musl|gnu|msvc))?$/;
let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const where = `${key ? `${key}/` : ''}node_modules/${name}`;
    if (packages[where] || packages[`node_modules/${name}`]) continue;
    const m = PLATFORM.exec(name);
    if (!m) continue;
    const [, os, cpu, libc] = m;
    packages[`node_modules/${name}`] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      ...(os === 'linux' ? { libc: [libc === 'musl' ? 'musl' : 'glibc'] } : {}),
    };
    added++;
  }
}
if (added > 0) {
  const [root, ...rest] = Object.entries(packages);
  lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`lock-platforms: ${added} optional platform packages noted in package-lock.json`);
}
