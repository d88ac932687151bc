import { afterAll, beforeAll } from 'vitest';
import type { BrugerSettings } from '../../src/contract/session';
import { type SatServer, startSatServer } from './sat-server';
import { skjultePaneler } from './vandanlaeg-komponent';

/**
 * A SatServer for the tests of one file: started as `username` before all of them (beforeAll, after
 * the hooks registered before this call) and closed after all. The answer stands for the started
 * server; reading it before the start throws.
 */
export function satServerTilFilen(
  username: string,
  opts: { env?: Record<string, string>; timeout?: number } = {},
): SatServer {
  let s: SatServer | undefined;
  beforeAll(async () => {
    s = await startSatServer(username, opts.env);
  }, opts.timeout);
  afterAll(async () => s?.close());
  const startet = () => {
    if (!s) throw new Error('the SAT server is not started yet');
    return s;
  };
  return {
    get app() {
      return startet().app;
    },
    get database() {
      return startet().database;
    },
    get sat() {
      return startet().sat;
    },
    get brugerId() {
      return startet().brugerId;
    },
    get kundeId() {
      return startet().kundeId;
    },
    get kald() {
      return startet().kald;
    },
    api: (method, path, body) => startet().api(method, path, body),
    kobl: () => startet().kobl(),
    close: () => startet().close(),
  };
}

/** The session of a view rendered as the server's user `username` (its id and customer). */
export const somSatBruger = (s: SatServer, username: string) => ({
  username,
  user: { userId: String(s.brugerId), customerId: s.kundeId },
});

/** As somSatBruger, with the settings of the server's customer: side panels hidden unless `over` opens one. */
export const somSatBrugerUdenPaneler = (
  s: SatServer,
  username: string,
  over: Partial<BrugerSettings> = {},
) => ({
  ...somSatBruger(s, username),
  brugerSettings: skjultePaneler({ activeKundeId: s.kundeId, ...over }),
});
