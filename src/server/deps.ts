import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/client';

/** What route modules need, handed to each by app.ts (no globals, so tests build their own). */
export interface Deps {
  db: Db;
  tokens: TokenService;
  config: Config;
}
