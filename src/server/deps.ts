import type { PasswordHasher } from './auth/password';
import type { SignInLimit } from './auth/sign-in-limit';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/client';
import type { DocxPulje } from './dokument/docx-pulje';
import type { Integrations } from './integrations';
import type { Forrang } from './jobs/forrang';
import type { JobKoerer } from './jobs/jobs';

/** What route modules need, handed to each by app.ts (no globals, so tests build their own). */
export interface Deps {
  db: Db;
  tokens: TokenService;
  config: Config;
  /** Verifies sign-in passwords (argon2). */
  passwordHasher: PasswordHasher;
  /** The one sign-in limit every sign-in route counts against. */
  signInLimit: SignInLimit;
  /** CVR, DAWA, mail (and the registers to come), each an interface with its simulator. */
  integrations: Integrations;
  /** The worker threads that scan and fill .docx templates (never the request's thread). */
  docx: DocxPulje;
  /** The long jobs of this process (src/server/jobs/): started by calls that answer 202. */
  jobs: JobKoerer;
  /** Interactive calls in flight; long work waits for them between its steps (jobs/forrang.ts). */
  forrang: Forrang;
  /** The time now; tests inject a clock (e.g. the undo window of validation). Default: the system clock. */
  clock?: () => Date;
}
