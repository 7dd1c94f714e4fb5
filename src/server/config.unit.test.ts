import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The one-line message a configuration is refused with. */
const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('configuration defaults', () => {
  it('starts with nothing set: port 3000 on every address, PGlite in ./data, demo mode, no proxy trusted', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: 'Escale <no-reply@escale.example>',
      production: false,
      publicUrl: null,
      trustProxy: [],
      agencyHosts: { 'alpine.localhost': 'alpine-agency-key' },
      defaultApiKey: 'demo-agency-key',
      distDir: path.resolve('./dist'),
      logLevel: 'info',
      session: { idleMinutes: 480, absoluteHours: 168 },
      tokens: { activationHours: 48, resetMinutes: 60, loginMinutes: 5 },
      loginLimits: { windowMinutes: 15, perPair: 5, perAddress: 30 },
      mailingRateLimit: 20,
      anonymousSearchRateLimit: 30,
      supplierLatencyMs: 0,
      supplierFaultRate: 0,
      supplierLedger: null,
      idempotencyLeaseMs: 10_000,
      ticketing: { startMs: 30_000, issueMs: 180_000 },
      testClock: false,
      mapStyleUrl: null,
      metricsToken: null,
    });
  });

  it('accepts port 0 (a free port the system picks)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it('is silent under test, and takes an empty variable as unset', () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '', DATABASE_URL: ' ' });
    expect([config.logLevel, config.port, config.databaseUrl]).toEqual(['silent', 3000, null]);
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/escale',
      DATABASE_URL: 'postgresql://escale:secret@db.internal:5432/escale',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Voyages <noreply@voyages.example>',
      PUBLIC_URL: 'https://voyages.example/',
      TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,2001:db8::/32 ,loopback',
      AGENCY_HOSTS: 'Voyages.Example=key-1, travel.example = key-2',
      DEFAULT_API_KEY: 'key-1',
      LOG_LEVEL: 'warn',
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_HOURS: '12',
      MAILING_RATE_LIMIT: '5',
      ANONYMOUS_SEARCH_RATE_LIMIT: '12',
      SUPPLIER_LATENCY_MS: '800',
      IDEMPOTENCY_LEASE_MS: '5000',
      TICKETING_START_MS: '2000',
      TICKETING_ISSUE_MS: '3000',
      MAP_STYLE_URL: 'https://tiles.openfreemap.org/styles/liberty',
      METRICS_TOKEN: ' 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822c ',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/escale',
      databaseUrl: 'postgresql://escale:secret@db.internal:5432/escale',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Voyages <noreply@voyages.example>',
      production: true,
      publicUrl: 'https://voyages.example',
      trustProxy: ['10.0.0.1', '10.1.0.0/16', '2001:db8::/32', 'loopback'],
      agencyHosts: { 'voyages.example': 'key-1', 'travel.example': 'key-2' },
      defaultApiKey: 'key-1',
      logLevel: 'warn',
      session: { idleMinutes: 30, absoluteHours: 12 },
      mailingRateLimit: 5,
      anonymousSearchRateLimit: 12,
      supplierLatencyMs: 800,
      idempotencyLeaseMs: 5_000,
      ticketing: { startMs: 2000, issueMs: 3000 },
      mapStyleUrl: 'https://tiles.openfreemap.org/styles/liberty',
      metricsToken: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822c',
    });
  });
});

describe('configuration refused at start-up, in one line naming the variable', () => {
  it.each([
    ['not a number', 'abc'],
    ['a number followed by letters', '80abc'],
    ['a decimal', '3000.5'],
    ['negative', '-1'],
    ['above 65535', '65536'],
    ['in exponent notation', '3e3'],
  ])('a PORT %s', (_, port) => {
    expect(refusal({ PORT: port })).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535.');
  });

  it.each(['mysql://db/escale', 'localhost:5432/escale', 'postgres://', 'not a url'])('a DATABASE_URL that is not postgres:// (%s)', (url) => {
    expect(refusal({ DATABASE_URL: url, DEMO: '1' })).toBe('Invalid configuration: DATABASE_URL must be a postgres:// URL.');
  });

  it.each(['ftp://maps.example/style.json', 'javascript:alert(1)', '/map/style.json'])('a MAP_STYLE_URL that is not http(s):// (%s)', (url) => {
    expect(refusal({ MAP_STYLE_URL: url })).toBe('Invalid configuration: MAP_STYLE_URL must be an http:// or https:// URL.');
  });

  it.each(['short', 'a token with spaces in it, long enough', 'x'.repeat(201)])(
    "a METRICS_TOKEN too short, too long or not in a header's alphabet (%s)",
    (token) => {
      expect(refusal({ METRICS_TOKEN: token })).toBe(
        'Invalid configuration: METRICS_TOKEN must be 24 to 200 letters, digits or ._~+/=- (e.g. openssl rand -hex 32).',
      );
    },
  );

  it.each([
    ['SESSION_IDLE_MINUTES', 'eight hours', 'must be a whole number of at least 1'],
    ['SESSION_ABSOLUTE_HOURS', '0', 'must be a whole number of at least 1'],
    ['MAILING_RATE_LIMIT', '1.5', 'must be a whole number of at least 1'],
    ['SUPPLIER_LATENCY_MS', '-800', 'must be a whole number of at least 0'],
    ['IDEMPOTENCY_LEASE_MS', 'NaN', 'must be a whole number from 100 to 10000'],
    ['IDEMPOTENCY_LEASE_MS', '60000', 'must be a whole number from 100 to 10000'],
    ['TICKETING_START_MS', '30s', 'must be a whole number of at least 0'],
    ['TICKETING_ISSUE_MS', 'Infinity', 'must be a whole number of at least 0'],
  ])('a bad number in %s (%s)', (name, value, problem) => {
    expect(refusal({ [name]: value })).toBe(`Invalid configuration: ${name} ${problem}.`);
  });

  it('production without PUBLIC_URL and SMTP_URL, whether NODE_ENV=production or a DATABASE_URL without DEMO=1 says so', () => {
    expect(refusal({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' })).toBe(
      'Invalid configuration: PUBLIC_URL is required in production mode (NODE_ENV=production): the http:// or https:// origin of e-mailed links.',
    );
    expect(refusal({ DATABASE_URL: 'postgres://db/escale', PUBLIC_URL: 'https://voyages.example' })).toBe(
      'Invalid configuration: SMTP_URL is required in production mode (a DATABASE_URL without DEMO=1): production has no developer mailbox.',
    );
  });

  it('DEMO: 0 or 1, and not with NODE_ENV=production', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/escale', DEMO: '1' })).toMatchObject({ production: false, databaseUrl: 'postgres://db/escale' });
    expect(refusal({ DEMO: 'yes' })).toBe('Invalid configuration: DEMO must be 0 or 1.');
    expect(refusal({ NODE_ENV: 'production', DEMO: '1', PUBLIC_URL: 'https://voyages.example', SMTP_URL: 'smtp://mail.example' })).toBe(
      'Invalid configuration: DEMO cannot be 1 when NODE_ENV=production.',
    );
  });

  it('SUPPLIER_FAULT_RATE and SUPPLIER_LEDGER (the soak’s): a percentage and a file in demo mode, refused in production', () => {
    expect(loadConfig({ SUPPLIER_FAULT_RATE: '5', SUPPLIER_LEDGER: '/tmp/ledger.jsonl' })).toMatchObject({
      supplierFaultRate: 0.05,
      supplierLedger: '/tmp/ledger.jsonl',
    });
    expect(refusal({ SUPPLIER_FAULT_RATE: '101' })).toBe('Invalid configuration: SUPPLIER_FAULT_RATE must be a whole number from 0 to 100.');
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://voyages.example', SMTP_URL: 'smtp://mail.example' };
    expect(refusal({ ...production, SUPPLIER_FAULT_RATE: '5' })).toBe(
      'Invalid configuration: SUPPLIER_FAULT_RATE cannot be set in production mode (NODE_ENV=production): it makes supplier calls fail on purpose.',
    );
    expect(refusal({ ...production, SUPPLIER_LEDGER: '/tmp/ledger.jsonl' })).toBe(
      "Invalid configuration: SUPPLIER_LEDGER cannot be set in production mode (NODE_ENV=production): it is the sandbox supplier's record for the soak.",
    );
    expect(loadConfig({ ...production, SUPPLIER_FAULT_RATE: '0' }).supplierFaultRate).toBe(0);
  });

  it('TEST_CLOCK: 0 or 1, and never in production', () => {
    expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(refusal({ TEST_CLOCK: 'yes' })).toBe('Invalid configuration: TEST_CLOCK must be 0 or 1.');
    expect(refusal({ NODE_ENV: 'production', PUBLIC_URL: 'https://voyages.example', SMTP_URL: 'smtp://mail.example', TEST_CLOCK: '1' })).toBe(
      'Invalid configuration: TEST_CLOCK cannot be 1 in production mode (NODE_ENV=production): the clock must be the real one.',
    );
  });

  it.each(['voyages.example', 'ftp://voyages.example', 'https://', 'javascript://voyages.example'])('a PUBLIC_URL that is not an http(s) URL (%s)', (url) => {
    expect(refusal({ PUBLIC_URL: url })).toBe('Invalid configuration: PUBLIC_URL must be an http:// or https:// URL.');
  });

  it.each(['*', '10.0.0.1/33', '10.0.0', 'proxy.internal', '::1/129', '10.0.0.1/8/8'])('a TRUST_PROXY entry that is not an address or range (%s)', (entry) => {
    expect(refusal({ TRUST_PROXY: `127.0.0.1,${entry}` })).toBe(
      'Invalid configuration: TRUST_PROXY must be a comma-separated list of IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal).',
    );
  });

  it('an SMTP_URL that is not smtp:// and a LOG_LEVEL pino does not know', () => {
    expect(refusal({ SMTP_URL: 'mail.example:587' })).toBe('Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL.');
    expect(refusal({ LOG_LEVEL: 'verbose' })).toBe('Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.');
  });

  it('names every bad variable at once, on one line, without their values', () => {
    const message = refusal({ PORT: 'http', DATABASE_URL: 'mysql://root:hunter2@db/escale', NODE_ENV: 'production' });
    expect(message).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535; DATABASE_URL must be a postgres:// URL; PUBLIC_URL is required in production mode (NODE_ENV=production): the http:// or https:// origin of e-mailed links; SMTP_URL is required in production mode (NODE_ENV=production): production has no developer mailbox.',
    );
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('\n');
  });
});
