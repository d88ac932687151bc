import { z } from 'zod';

/** Server configuration from the environment, validated once at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET skal være mindst 32 tegn').optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 3600),
  /** Base URL of the external sign-on service; the built-in one under /sso when unset. */
  SSO_URL: z.string().default('/sso'),
  DEMO_MODE: z.enum(['true', 'false']).optional(),
  NODE_ENV: z.string().default('development'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  APP_REVISION: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  ssoUrl: string;
  demoMode: boolean;
  production: boolean;
  loginRateLimitPerMinute: number;
  revision: string | undefined;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const production = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    ssoUrl: e.SSO_URL.replace(/\/$/, ''),
    demoMode: e.DEMO_MODE ? e.DEMO_MODE === 'true' : !production,
    production,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    revision: e.APP_REVISION,
    logLevel: e.LOG_LEVEL,
  };
}
