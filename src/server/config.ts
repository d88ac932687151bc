import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which proxies Fastify trusts for X-Forwarded-For: none, or the proxies' addresses/CIDRs. A number
 * of hops is refused: Fastify 5 no longer honours it, as it cannot tell the proxy from a client that
 * reaches the server directly with a forged header.
 */
export type TrustProxy = false | string[];

const TRUST_PROXY_FEJL =
  'TRUST_PROXY skal være false eller en kommasepareret liste af proxyernes adresser/CIDR (fx 10.0.0.1,172.16.0.0/12 eller loopback); et antal hop kan ikke bruges';
/** Names proxy-addr (Fastify's trustProxy) knows besides addresses. */
const PROXY_NAVNE = new Set(['loopback', 'linklocal', 'uniquelocal']);

function gyldigProxyAdresse(value: string): boolean {
  if (PROXY_NAVNE.has(value)) return true;
  const [adresse = '', praefiks, ...rest] = value.split('/');
  const version = isIP(adresse);
  if (!version || rest.length > 0) return false;
  if (praefiks === undefined) return true;
  if (!/^\d{1,3}$/.test(praefiks)) return false;
  return Number(praefiks) <= (version === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY: '' / 'false' / 'off' / '0' is off, else a list of addresses; undefined when invalid. */
export function parseTrustProxy(raw: string): TrustProxy | undefined {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'off' || value === '0') return false;
  const liste = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return liste.length > 0 && liste.every(gyldigProxyAdresse) ? liste : undefined;
}

/** Server configuration from the environment, validated once at start. */
const envSchema = z
  .object({
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
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((raw, ctx) => {
        const parsed = parseTrustProxy(raw);
        if (parsed === undefined) {
          ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FEJL });
          return z.NEVER;
        }
        return parsed;
      }),
    APP_REVISION: z.string().optional(),
    LOG_LEVEL: z.string().default('info'),
    /** How long a call to the national SAT system may take before it counts as unanswered. */
    SAT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** The SAT simulator's start mode: ok, fejl (rejects) or timeout (never answers). */
    SAT_SIMULATOR: z.enum(['ok', 'fejl', 'timeout']).default('ok'),
    /** How long a call to the economy system may take before it counts as unanswered. */
    OEKONOMI_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** The economy-system simulator's start mode: ok, fejl (refuses) or timeout (never answers). */
    OEKONOMI_SIMULATOR: z.enum(['ok', 'fejl', 'timeout']).default('ok'),
    /** How long a call to DMA may take before it counts as unanswered. */
    DMA_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** The DMA simulator's start mode: ok, fejl (rejects) or timeout (never answers). */
    DMA_SIMULATOR: z.enum(['ok', 'fejl', 'timeout']).default('ok'),
    /** 32 bytes, base64: encrypts the Jupiter certificate's private key; derived from the JWT secret when unset. */
    CERTIFIKAT_NOEGLE: z
      .string()
      .optional()
      .refine((v) => !v || Buffer.from(v, 'base64').length === 32, {
        message: 'CERTIFIKAT_NOEGLE skal være 32 byte, base64-kodet (fx openssl rand -base64 32)',
      }),
  })
  .superRefine((e, ctx) => {
    // Several processes on one PostgreSQL must sign with one secret: a secret generated per process
    // would make each refuse the others' tokens behind a balancer.
    if (e.DATABASE_URL && !e.JWT_SECRET)
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: JWT_SECRET_KRAEVES });
  });

export const JWT_SECRET_KRAEVES =
  'JWT_SECRET skal sættes, når DATABASE_URL er sat: alle processer på samme database skal signere tokens med den samme hemmelighed (mindst 32 tegn)';

/** A configuration that cannot be used: every problem in one Danish message, for the start to print. */
export class KonfigurationsFejl extends Error {}

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
  /** Sign-in attempts per minute, per address and per username, across every sign-in route. */
  loginRateLimitPerMinute: number;
  /** Fastify's trustProxy: which X-Forwarded-For entry is the client's address. Off by default. */
  trustProxy: TrustProxy;
  revision: string | undefined;
  logLevel: string;
  /** Milliseconds a SAT call may take (SAT_TIMEOUT_MS, default 10 000). */
  satTimeoutMs: number;
  /** The SAT simulator's start mode (SAT_SIMULATOR). */
  satSimulator: 'ok' | 'fejl' | 'timeout';
  /** Milliseconds a call to the economy system may take (OEKONOMI_TIMEOUT_MS, default 10 000). */
  oekonomiTimeoutMs: number;
  /** The economy-system simulator's start mode (OEKONOMI_SIMULATOR). */
  oekonomiSimulator: 'ok' | 'fejl' | 'timeout';
  /** Milliseconds a call to DMA may take (DMA_TIMEOUT_MS, default 10 000). */
  dmaTimeoutMs: number;
  /** The DMA simulator's start mode (DMA_SIMULATOR). */
  dmaSimulator: 'ok' | 'fejl' | 'timeout';
  /** CERTIFIKAT_NOEGLE: the key (32 bytes) that encrypts the Jupiter certificate's private key, if set. */
  certifikatNoegle: Buffer | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success)
    throw new KonfigurationsFejl(
      `Konfigurationen kan ikke bruges:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  const e = parsed.data;
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
    trustProxy: e.TRUST_PROXY,
    revision: e.APP_REVISION,
    logLevel: e.LOG_LEVEL,
    satTimeoutMs: e.SAT_TIMEOUT_MS,
    satSimulator: e.SAT_SIMULATOR,
    oekonomiTimeoutMs: e.OEKONOMI_TIMEOUT_MS,
    oekonomiSimulator: e.OEKONOMI_SIMULATOR,
    dmaTimeoutMs: e.DMA_TIMEOUT_MS,
    dmaSimulator: e.DMA_SIMULATOR,
    certifikatNoegle: e.CERTIFIKAT_NOEGLE ? Buffer.from(e.CERTIFIKAT_NOEGLE, 'base64') : undefined,
  };
}
