import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { createSandboxSupplier } from '@server/supplier';
import { BREAKER_COOL_DOWN_MS, BREAKER_FAULTS_HINT } from './breaker';

/** A supplier 300 ms away: a timeout costs the caller that long; an open breaker answers at once. */
const LATENCY_MS = 300;
const supplier = createSandboxSupplier({ latencyMs: LATENCY_MS });
let api: Api;
beforeAll(async () => {
  api = await startApi({}, { supplier });
});
afterAll(() => api.close());

const body = {
  origin: 'city:paris',
  destination: 'city:lyon',
  datetime: '2026-11-23T07:00',
  represents: 'departure',
  nb_travelers: 1,
  filters: { rail: true, flight: false },
};
const timedSearch = async () => {
  const started = performance.now();
  const res = await api.call('POST', '/api/v1/treep/search?version=v2', { body });
  return { status: res.status, apiCode: res.body.api_code as number | undefined, ms: performance.now() - started };
};

describe('a supplier that keeps failing trips its circuit breaker', () => {
  it('after a few timeouts, searches are answered at once with 503 SUPPLIER_UNAVAILABLE (111); after the supplier is back and the cool-down, they succeed', async () => {
    supplier.setFault('timeout');
    const answers: Awaited<ReturnType<typeof timedSearch>>[] = [];
    try {
      for (let i = 0; i < 10; i++) answers.push(await timedSearch());
    } finally {
      supplier.setFault(null);
    }
    // The first ones waited for the supplier and timed out (504, 110)…
    expect(answers[0]).toMatchObject({ status: 504, apiCode: 110 });
    expect(answers[0]!.ms).toBeGreaterThanOrEqual(LATENCY_MS - 20);
    // …then, within the breaker's threshold, every answer is 503 (111) without waiting for the supplier.
    const firstFast = answers.findIndex((a) => a.apiCode === 111);
    expect(firstFast).toBeGreaterThan(0);
    expect(firstFast).toBeLessThanOrEqual(BREAKER_FAULTS_HINT);
    for (const fast of answers.slice(firstFast)) {
      expect(fast).toMatchObject({ status: 503, apiCode: 111 });
      expect(fast.ms).toBeLessThan(LATENCY_MS / 2);
    }

    // The supplier answers again, but the breaker waits for its cool-down: still refused at once.
    expect(await timedSearch()).toMatchObject({ status: 503, apiCode: 111 });
    api.clock.advance(BREAKER_COOL_DOWN_MS);
    // Half-open: a trial call goes through, succeeds, and closes the breaker for the calls after it.
    expect((await timedSearch()).status).toBe(200);
    expect((await timedSearch()).status).toBe(200);
  });
});
