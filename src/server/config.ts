import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Production mode: NODE_ENV=production, or a DATABASE_URL without DEMO=1. It needs PUBLIC_URL and
   * SMTP_URL, and has no developer helpers (/dev/mailbox, the test clock). Otherwise demo mode.
   */
  production: boolean;
  /** Origin of e-mailed links; null in demo mode without PUBLIC_URL: the address the server listens on. */
  publicUrl: string | null;
  /** Proxies (addresses, CIDR ranges) whose X-Forwarded-For/-Proto/-Host are believed; empty: none. */
  trustProxy: string[];
  /** Host name → Api-Key of the agency the web app served on that host belongs to. */
  agencyHosts: Record<string, string>;
  defaultApiKey: string;
  distDir: string;
  logLevel: string;
  session: { idleMinutes: number; absoluteHours: number };
  tokens: { activationHours: number; resetMinutes: number; loginMinutes: number };
  /** Failed sign-ins allowed in the window per (username, client address), and per client address whatever the username. */
  loginLimits: { windowMinutes: number; perPair: number; perAddress: number };
  /** Requests per minute and address on the calls that send e-mail or create accounts. */
  mailingRateLimit: number;
  /** Trip searches (and their pages) per minute and address without a session: each one is stored. */
  anonymousSearchRateLimit: number;
  /** Simulated answer time of the sandbox supplier, to show loading states. */
  supplierLatencyMs: number;
  /** The share (0–1) of the sandbox supplier's calls that fail at random (SUPPLIER_FAULT_RATE, a percentage; demo mode only: the soak's faults). */
  supplierFaultRate: number;
  /** A file the sandbox supplier appends its bookings, options, cancellations and exchanges to (SUPPLIER_LEDGER; demo mode only: the soak's check). */
  supplierLedger: string | null;
  /** How long an Idempotency-Key left pending by a dead process blocks its retries (≤ 10 s; a twin of a live call waits about as long). */
  idempotencyLeaseMs: number;
  /** Ticketing of a booked travel: booked → pending_ticketing after start, → issued after issue more. */
  ticketing: { startMs: number; issueMs: number };
  /**
   * A MapLibre style (e.g. a Protomaps or OpenFreeMap one) the maps use instead of the offline basemap
   * the server draws from Natural Earth; its origin is allowed to the browser's fetches (CSP).
   */
  mapStyleUrl: string | null;
  /** The bearer token that opens GET /metrics from another machine (the machine itself needs none); null: loopback only. */
  metricsToken: string | null;
  /** A clock the journeys move (`POST /dev/clock`, loopback only) to reach timers such as an approval's half time. */
  testClock: boolean;
};

/** A configuration the server cannot start with; its message is one line naming the variables. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An empty variable (`PORT=`) counts as unset, as in most deployment tools. */
const unset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());

/** A whole number in [min, max], written in decimal digits (no 1e3, no 0x10, no 12.5). */
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) => {
  const error = max === Number.MAX_SAFE_INTEGER ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,16}$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
};

const urlWith = (schemes: string[], error: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return schemes.includes(url.protocol) && url.host !== '';
        } catch {
          return false;
        }
      },
      { error },
    );

/** proxy-addr's names for reserved ranges, as Fastify's trustProxy accepts them. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address or a CIDR range (203.0.113.0/24, 2001:db8::/32). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** TRUST_PROXY="10.0.0.1, 10.1.0.0/16" */
const proxyList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine((entries) => entries.every((entry) => PROXY_RANGES.includes(entry) || isAddressOrRange(entry)), {
    error: `must be a comma-separated list of IP addresses or CIDR ranges (or ${PROXY_RANGES.join(', ')})`,
  });

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Without AGENCY_HOSTS: the second demo agency (db/seed.ts) on its own name; browsers resolve *.localhost to this machine. */
export const DEMO_AGENCY_HOSTS: Readonly<Record<string, string>> = { 'alpine.localhost': 'alpine-agency-key' };

/** AGENCY_HOSTS="travel.acme.example=acme-key,voyages.example=other-key" (it replaces the demo's mapping). */
function parseHosts(value: string | undefined): Record<string, string> {
  if (value === undefined) return { ...DEMO_AGENCY_HOSTS };
  const hosts: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [host, key] = pair.split('=').map((s) => s.trim());
    if (host && key) hosts[host.toLowerCase()] = key;
  }
  return hosts;
}

/** Production unless told otherwise: NODE_ENV=production, or a real database (DATABASE_URL) without DEMO=1. */
const isProduction = (env: { NODE_ENV?: string; DATABASE_URL?: string; DEMO?: string }) =>
  env.NODE_ENV === 'production' || (env.DATABASE_URL !== undefined && env.DEMO !== '1');

/** The environment variables the server reads, as they must be written. */
const envSchema = z
  .object({
    NODE_ENV: optional(z.string()),
    // 0 asks the system for a free port (the crash test does).
    PORT: optional(whole(0, 65_535)),
    HOST: optional(z.string()),
    DATA_DIR: optional(z.string()),
    DATABASE_URL: optional(urlWith(['postgres:', 'postgresql:'], 'must be a postgres:// URL')),
    SMTP_URL: optional(urlWith(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL')),
    MAIL_FROM: optional(z.string()),
    PUBLIC_URL: optional(urlWith(['http:', 'https:'], 'must be an http:// or https:// URL')),
    TRUST_PROXY: optional(proxyList),
    DEMO: optional(z.enum(['0', '1'], { error: 'must be 0 or 1' })),
    AGENCY_HOSTS: optional(z.string()),
    DEFAULT_API_KEY: optional(z.string()),
    DIST_DIR: optional(z.string()),
    LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
    SESSION_IDLE_MINUTES: optional(whole(1)),
    SESSION_ABSOLUTE_HOURS: optional(whole(1)),
    MAILING_RATE_LIMIT: optional(whole(1)),
    ANONYMOUS_SEARCH_RATE_LIMIT: optional(whole(1)),
    SUPPLIER_LATENCY_MS: optional(whole(0)),
    SUPPLIER_FAULT_RATE: optional(whole(0, 100)),
    SUPPLIER_LEDGER: optional(z.string()),
    // A retry after a crash waits up to one lease: at most 10 s.
    IDEMPOTENCY_LEASE_MS: optional(whole(100, 10_000)),
    TICKETING_START_MS: optional(whole(0)),
    TICKETING_ISSUE_MS: optional(whole(0)),
    TEST_CLOCK: optional(z.enum(['0', '1'], { error: 'must be 0 or 1' })),
    MAP_STYLE_URL: optional(urlWith(['http:', 'https:'], 'must be an http:// or https:// URL')),
    // Sent as `Authorization: Bearer …` by the scraper: long enough not to be guessed, in the header's alphabet.
    METRICS_TOKEN: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9._~+/=-]{24,200}$/, { error: 'must be 24 to 200 letters, digits or ._~+/=- (e.g. openssl rand -hex 32)' }),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DEMO === '1') ctx.addIssue({ code: 'custom', path: ['DEMO'], message: 'cannot be 1 when NODE_ENV=production' });
    if (!isProduction(env)) return;
    // Production mails links to real people: never built from a request, never kept in a mailbox.
    const why = env.NODE_ENV === 'production' ? 'NODE_ENV=production' : 'a DATABASE_URL without DEMO=1';
    if (env.PUBLIC_URL === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: `is required in production mode (${why}): the http:// or https:// origin of e-mailed links`,
      });
    if (env.SMTP_URL === undefined)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: `is required in production mode (${why}): production has no developer mailbox` });
    if (env.TEST_CLOCK === '1')
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: `cannot be 1 in production mode (${why}): the clock must be the real one` });
    // Fault injection and the supplier's ledger are the soak's (bench/soak.ts), never a real deployment's.
    if (env.SUPPLIER_FAULT_RATE !== undefined && env.SUPPLIER_FAULT_RATE > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['SUPPLIER_FAULT_RATE'],
        message: `cannot be set in production mode (${why}): it makes supplier calls fail on purpose`,
      });
    if (env.SUPPLIER_LEDGER !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['SUPPLIER_LEDGER'],
        message: `cannot be set in production mode (${why}): it is the sandbox supplier's record for the soak`,
      });
  });

/**
 * The server's configuration from the environment (README "Configuration"), with its defaults.
 * Throws a ConfigError naming every variable that is malformed or missing, in one line.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  const env = parsed.data;
  return {
    port: env.PORT ?? 3000,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? 'Escale <no-reply@escale.example>',
    production: isProduction(env),
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') ?? null,
    trustProxy: env.TRUST_PROXY ?? [],
    agencyHosts: parseHosts(env.AGENCY_HOSTS),
    defaultApiKey: env.DEFAULT_API_KEY ?? 'demo-agency-key',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    session: { idleMinutes: env.SESSION_IDLE_MINUTES ?? 8 * 60, absoluteHours: env.SESSION_ABSOLUTE_HOURS ?? 7 * 24 },
    tokens: { activationHours: 48, resetMinutes: 60, loginMinutes: 5 },
    loginLimits: { windowMinutes: 15, perPair: 5, perAddress: 30 },
    mailingRateLimit: env.MAILING_RATE_LIMIT ?? 20,
    anonymousSearchRateLimit: env.ANONYMOUS_SEARCH_RATE_LIMIT ?? 30,
    supplierLatencyMs: env.SUPPLIER_LATENCY_MS ?? 0,
    supplierFaultRate: (env.SUPPLIER_FAULT_RATE ?? 0) / 100,
    supplierLedger: env.SUPPLIER_LEDGER ?? null,
    idempotencyLeaseMs: env.IDEMPOTENCY_LEASE_MS ?? 10_000,
    ticketing: { startMs: env.TICKETING_START_MS ?? 30_000, issueMs: env.TICKETING_ISSUE_MS ?? 3 * 60_000 },
    testClock: env.TEST_CLOCK === '1',
    mapStyleUrl: env.MAP_STYLE_URL ?? null,
    metricsToken: env.METRICS_TOKEN ?? null,
  };
}
