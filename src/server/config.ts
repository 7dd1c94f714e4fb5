import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Production mode hides developer helpers (/dev/mailbox) and logs as JSON. */
  production: boolean;
  /** Public origin used in e-mailed links; falls back to the request's own origin. */
  publicUrl: string | null;
  /** Host name → Api-Key of the agency the web app served on that host belongs to. */
  agencyHosts: Record<string, string>;
  defaultApiKey: string;
  distDir: string;
  logLevel: string;
  session: { idleMinutes: number; absoluteHours: number };
  tokens: { activationHours: number; resetMinutes: number; loginMinutes: number };
  loginLimits: { windowMinutes: number; perAccount: number; perAddress: number };
  /** Requests per minute and address on the calls that send e-mail or create accounts. */
  mailingRateLimit: number;
  /** Simulated answer time of the sandbox supplier, to show loading states. */
  supplierLatencyMs: number;
  /** How long an Idempotency-Key left pending by a dead process blocks its retries. */
  idempotencyLeaseMs: number;
  /** Ticketing of a booked travel: booked → pending_ticketing after start, → issued after issue more. */
  ticketing: { startMs: number; issueMs: number };
};

/** AGENCY_HOSTS="travel.acme.example=acme-key,voyages.example=other-key" */
function parseHosts(value: string | undefined): Record<string, string> {
  const hosts: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [host, key] = pair.split('=').map((s) => s.trim());
    if (host && key) hosts[host.toLowerCase()] = key;
  }
  return hosts;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Escale <no-reply@escale.example>',
    production: env.NODE_ENV === 'production',
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') || null,
    agencyHosts: parseHosts(env.AGENCY_HOSTS),
    defaultApiKey: env.DEFAULT_API_KEY ?? 'demo-agency-key',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    session: { idleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 8 * 60), absoluteHours: Number(env.SESSION_ABSOLUTE_HOURS ?? 7 * 24) },
    tokens: { activationHours: 48, resetMinutes: 60, loginMinutes: 5 },
    loginLimits: { windowMinutes: 15, perAccount: 5, perAddress: 30 },
    mailingRateLimit: Number(env.MAILING_RATE_LIMIT ?? 20),
    supplierLatencyMs: Number(env.SUPPLIER_LATENCY_MS ?? 0),
    idempotencyLeaseMs: Number(env.IDEMPOTENCY_LEASE_MS ?? 60_000),
    ticketing: { startMs: Number(env.TICKETING_START_MS ?? 30_000), issueMs: Number(env.TICKETING_ISSUE_MS ?? 3 * 60_000) },
  };
}
