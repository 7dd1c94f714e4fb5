import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@server/db/schema';
import { createSandboxSupplier } from '@server/supplier';
import { enqueue } from '@server/platform/jobs';
import { createMetrics } from '@server/platform/metrics';
import { outboxMailer } from '@server/platform/mail';
import { startApi, type Api } from '@test/support/api';

const METRICS_TOKEN = 'scraper-token-0123456789abcdef';
const supplier = createSandboxSupplier();
let api: Api;
beforeAll(async () => {
  api = await startApi({ metricsToken: METRICS_TOKEN }, { supplier });
});
afterAll(async () => {
  await api.close();
});

/** The metrics as a scraper on another machine reads them, with the token. */
const scrape = async () => {
  const res = await api.call('GET', '/metrics', { apiKey: null, headers: { authorization: `Bearer ${METRICS_TOKEN}` }, remoteAddress: '198.51.100.7' });
  expect(res.status).toBe(200);
  return String(res.body);
};
/** The value of one series, e.g. `escale_sign_in_failures_total{reason="credentials"}`; 0 when absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

const search = (token: string) =>
  api.call('POST', '/api/v1/treep/search?version=v2', {
    token,
    body: { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1, filters: { rail: true, flight: false } },
  });

describe('GET /metrics', () => {
  it('answers the machine itself and a caller with METRICS_TOKEN, in the Prometheus text format; anyone else gets 404', async () => {
    const local = await api.call('GET', '/metrics', { apiKey: null });
    expect(local.status).toBe(200);
    expect(local.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(String(local.body)).toContain('# TYPE escale_http_request_duration_seconds histogram');

    const refusals: { remoteAddress?: string; headers?: Record<string, string> }[] = [
      { remoteAddress: '198.51.100.7' },
      { remoteAddress: '198.51.100.7', headers: { authorization: 'Bearer not-the-metrics-token-at-all' } },
      // A proxy on this machine forwards the world: what it forwards is not the machine itself.
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    ];
    for (const refusal of refusals) {
      const res = await api.call('GET', '/metrics', { apiKey: null, ...refusal });
      expect([res.status, res.body.api_code]).toEqual([404, 100]);
    }
    expect(await scrape()).toContain('escale_jobs_due');
  });

  it('times requests by operation id and status class, and counts refused sign-ins', async () => {
    const before = await scrape();
    const wrong = await api.call('POST', '/api/v1/user/login', { body: { username: 'gus', password: 'not-his-password' } });
    expect(wrong.status).toBe(401);
    await api.login('gus');
    await api.call('GET', '/no/such/page.txt', { apiKey: null });
    const after = await scrape();
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('escale_sign_in_failures_total{reason="credentials"}')).toBe(1);
    expect(delta('escale_http_request_duration_seconds_count{operation="login",status_class="4xx"}')).toBe(1);
    expect(delta('escale_http_request_duration_seconds_count{operation="login",status_class="2xx"}')).toBe(1);
    // Whatever the path, a request that is no operation is `unknown`: the label takes few values.
    expect(delta('escale_http_request_duration_seconds_count{operation="unknown",status_class="4xx"}')).toBe(1);
    expect(after).not.toContain('no/such/page');
  });

  it('times supplier calls by product type, with their timeouts and errors', async () => {
    const token = await api.login('gus');
    const before = await scrape();
    expect((await search(token)).status).toBe(200);
    supplier.setFault('timeout');
    expect((await search(token)).status).toBe(504);
    supplier.setFault('unavailable');
    expect((await search(token)).status).toBe(503);
    supplier.setFault(null);
    const after = await scrape();
    const delta = (outcome: string) =>
      valueOf(after, `escale_supplier_call_duration_seconds_count{product="rail",call="journeys",outcome="${outcome}"}`) -
      valueOf(before, `escale_supplier_call_duration_seconds_count{product="rail",call="journeys",outcome="${outcome}"}`);
    expect([delta('ok'), delta('timeout'), delta('error')]).toEqual([expect.any(Number), 1, 1]);
    expect(delta('ok')).toBeGreaterThanOrEqual(1);
  });

  it('tells the job queue’s depth and lag, the outbox backlog and the database connections', async () => {
    const now = api.clock.now();
    await enqueue(api.db, { kind: 'metrics-test', payload: {}, runAt: new Date(now.getTime() - 90_000) });
    const text = await scrape();
    expect(valueOf(text, 'escale_jobs_due')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'escale_jobs_lag_seconds')).toBeGreaterThanOrEqual(90);
    const pool = [valueOf(text, 'escale_db_pool_connections{state="in_use"}'), valueOf(text, 'escale_db_pool_connections{state="idle"}')] as const;
    if (process.env.TEST_DATABASE_URL) {
      // node-postgres: the connections the pool has opened (at most its 10), in use or idle.
      expect(pool[0] + pool[1]).toBeGreaterThanOrEqual(1);
      expect(pool[0] + pool[1]).toBeLessThanOrEqual(10);
    } else {
      // PGlite: one connection, always held.
      expect(pool).toEqual([1, 0]);
    }
    // Without SMTP the outbox is the developer mailbox: nothing waits to leave it.
    expect(valueOf(text, 'escale_outbox_backlog')).toBe(0);

    // With SMTP, the mails not sent yet.
    const smtp = createMetrics({ db: api.db, clock: api.clock, mailer: { ...outboxMailer, deliver: async () => undefined } });
    const unsent = async () => (await smtp.registry.getSingleMetric('escale_outbox_backlog')!.get()).values[0]!.value;
    const waiting = await unsent();
    await api.db.insert(outbox).values({ to: 'gus@globex.example', subject: 'Test', text: 'Test', html: '<p>Test</p>' });
    expect(await unsent()).toBe(waiting + 1);
  });
});
