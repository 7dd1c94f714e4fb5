import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createSandboxSupplier } from './index';
import { SupplierError, type TripQuery } from './types';
import { installErrorHandler } from '../platform/errors';

const supplier = createSandboxSupplier();
const query = (): TripQuery => ({
  origin: supplier.places.byId('city:paris', 'fr')!,
  destination: supplier.places.byId('city:lyon', 'fr')!,
  datetime: '2026-12-01T08:00',
  represents: 'departure',
  passengers: 1,
  customer: { companyId: null, corporateCarriers: [], negotiatedChains: [] },
  lang: 'fr',
  withReturn: false,
  now: new Date('2026-11-22T09:00:00Z'),
});

describe('the sandbox supplier as a remote service', () => {
  it('answers after the configured latency', async () => {
    const slow = createSandboxSupplier({ latencyMs: 120 });
    const t = performance.now();
    const journeys = await slow.rail.journeys(query());
    expect(performance.now() - t).toBeGreaterThanOrEqual(110);
    expect(journeys.length).toBeGreaterThan(0);
  });

  it('can be made to time out or fail, and recovers', async () => {
    const faulty = createSandboxSupplier();
    faulty.setFault('timeout');
    await expect(faulty.rail.journeys(query())).rejects.toMatchObject({ kind: 'timeout' });
    faulty.setFault('unavailable');
    await expect(faulty.flight.itineraries(query())).rejects.toMatchObject({ kind: 'unavailable' });
    faulty.setFault(null);
    expect((await faulty.rail.journeys(query())).length).toBeGreaterThan(0);
  });
});

describe('supplier failures on the API', () => {
  it.each([
    ['invalid-place', 400, 39],
    ['invalid-request', 400, 17],
    ['timeout', 504, 110],
    ['unavailable', 503, 111],
  ] as const)('maps %s to HTTP %i and api_code %i, without internals', async (kind, status, code) => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/x', async () => {
      throw new SupplierError(kind, 'secret internal detail');
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ api_code: code });
    expect(res.body).not.toContain('secret internal detail');
  });
});
