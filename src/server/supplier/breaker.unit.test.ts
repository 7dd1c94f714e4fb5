import { describe, expect, it } from 'vitest';
import { fixedClock } from '../platform/clock';
import { CircuitBreaker, withCircuitBreakers } from './breaker';
import { createSandboxSupplier } from './index';
import { SupplierError } from './types';

const outage = () => Promise.reject(new SupplierError('timeout', 'no answer'));
const ok = () => Promise.resolve('answer');
const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: unknown) => (err instanceof SupplierError ? `${err.kind}: ${err.message.includes('circuit open') ? 'fast' : 'called'}` : String(err)),
  );

describe('the supplier circuit breaker', () => {
  it('opens after N outages in a row: then answers at once with "unavailable" without calling the supplier', async () => {
    const clock = fixedClock('2026-11-22T09:00:00Z');
    const breaker = new CircuitBreaker(clock, { failures: 3, coolDownMs: 10_000 });
    let calls = 0;
    const failing = () => (calls++, outage());
    for (let i = 0; i < 3; i++) expect(await kindOf(breaker.call(failing))).toBe('timeout: called');
    expect(breaker.current()).toBe('open');
    expect(await kindOf(breaker.call(failing))).toBe('unavailable: fast');
    expect(await kindOf(breaker.call(ok))).toBe('unavailable: fast');
    expect(calls).toBe(3);
  });

  it('a success or an answer that is the caller’s fault resets the count: only outages in a row open it', async () => {
    const breaker = new CircuitBreaker(fixedClock('2026-11-22T09:00:00Z'), { failures: 3 });
    await kindOf(breaker.call(outage));
    await kindOf(breaker.call(outage));
    await breaker.call(ok);
    await kindOf(breaker.call(outage));
    await kindOf(breaker.call(outage));
    await kindOf(breaker.call(() => Promise.reject(new SupplierError('invalid-request'))));
    await kindOf(breaker.call(outage));
    expect(breaker.current()).toBe('closed');
  });

  it('recovers by itself: after the cool-down one trial call goes through; its success closes the breaker', async () => {
    const clock = fixedClock('2026-11-22T09:00:00Z');
    const breaker = new CircuitBreaker(clock, { failures: 2, coolDownMs: 10_000 });
    await kindOf(breaker.call(outage));
    await kindOf(breaker.call(outage));
    clock.advance(9_999);
    expect(await kindOf(breaker.call(ok))).toBe('unavailable: fast');
    clock.advance(1);
    expect(breaker.current()).toBe('half-open');
    let release!: (v: string) => void;
    const trial = breaker.call(() => new Promise<string>((resolve) => (release = resolve)));
    // While the trial runs, the others are still refused at once.
    expect(await kindOf(breaker.call(ok))).toBe('unavailable: fast');
    release('back');
    expect(await trial).toBe('back');
    expect(breaker.current()).toBe('closed');
    expect(await breaker.call(ok)).toBe('answer');
  });

  it('a failed trial opens it for another cool-down', async () => {
    const clock = fixedClock('2026-11-22T09:00:00Z');
    const breaker = new CircuitBreaker(clock, { failures: 2, coolDownMs: 10_000 });
    await kindOf(breaker.call(outage));
    await kindOf(breaker.call(outage));
    clock.advance(10_000);
    expect(await kindOf(breaker.call(outage))).toBe('timeout: called');
    expect(breaker.current()).toBe('open');
    clock.advance(5_000);
    expect(await kindOf(breaker.call(ok))).toBe('unavailable: fast');
    clock.advance(5_000);
    expect(await breaker.call(ok)).toBe('answer');
  });

  it('gives every call a deadline: a supplier that never answers costs the caller callTimeoutMs, then a timeout', async () => {
    const breaker = new CircuitBreaker(fixedClock('2026-11-22T09:00:00Z'), { callTimeoutMs: 50 });
    const started = performance.now();
    expect(await kindOf(breaker.call(() => new Promise(() => undefined)))).toBe('timeout: called');
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('guards each part of the supplier on its own; quotes answer synchronously whatever the breaker', async () => {
    const clock = fixedClock('2026-11-22T09:00:00Z');
    const sandbox = createSandboxSupplier();
    const supplier = withCircuitBreakers(sandbox, { clock, failures: 2 });
    sandbox.setFault('unavailable');
    const query = { lat: 48.8566, lon: 2.3522, radiusKm: 2, checkin: '2026-12-01', checkout: '2026-12-02', rooms: 1, guests: 1 } as const;
    const customer = { companyId: null, corporateCarriers: [], negotiatedChains: [] };
    const hotels = () => supplier.hotel.hotels({ ...query, customer, lang: 'fr', now: clock.now() });
    await kindOf(hotels());
    await kindOf(hotels());
    sandbox.setFault(null);
    expect(await kindOf(hotels())).toBe('unavailable: fast');
    expect(supplier.breakers.hotel!.current()).toBe('open');
    expect(supplier.breakers.car!.current()).toBe('closed');
    const item = {
      kind: 'rail' as const,
      offerRef: 'X',
      price: 1000,
      passengers: [{ firstname: 'A', lastname: 'B' }],
      startsAt: '2026-12-01T08:00:00+01:00',
      flexibility: 3 as const,
    };
    expect(supplier.booking.quoteRefund(item, clock.now()).refund).toBe(1000);
  });
});

describe('the sandbox supplier’s random faults (SUPPLIER_FAULT_RATE) and ledger (SUPPLIER_LEDGER)', () => {
  it('fails about the share of calls asked, and its ledger notes the bookings it made, those whose answer was lost too', async () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const entries: { op: string; reference: string | null; pnr: string }[] = [];
    const supplier = createSandboxSupplier({ faultRate: 0.2, faultDelayMs: 0, random, ledger: (e) => entries.push(e) });
    const now = new Date('2026-11-22T09:00:00Z');
    let failed = 0;
    const answered = new Map<string, string>();
    for (let i = 0; i < 500; i++) {
      const item = {
        kind: 'rail' as const,
        offerRef: `R${i}`,
        price: 1000,
        passengers: [{ firstname: 'A', lastname: 'B' }],
        startsAt: '2026-12-01T08:00:00+01:00',
        flexibility: 3 as const,
        reference: `p${i}`,
      };
      try {
        answered.set(item.reference, (await supplier.booking.book(item, now)).pnr);
      } catch (err) {
        expect(err).toBeInstanceOf(SupplierError);
        failed++;
      }
    }
    expect(failed).toBeGreaterThan(60);
    expect(failed).toBeLessThan(140);
    // Every answered booking is in the ledger, and some unanswered ones too (their answer was lost).
    for (const [reference, pnr] of answered) expect(entries).toContainEqual(expect.objectContaining({ op: 'book', reference, pnr }));
    expect(entries.length).toBeGreaterThan(answered.size);
  });
});
