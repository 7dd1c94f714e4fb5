import type { Clock } from '../platform/clock';
import { SupplierError, type Supplier } from './types';

/**
 * A circuit breaker per part of the supplier (rail, flight, hotel, car, booking). After `failures`
 * outages in a row (a timeout or "unavailable", whoever raised it) the part's breaker opens: its
 * calls fail at once with SupplierError('unavailable') — the API's SUPPLIER_UNAVAILABLE, 503 —
 * instead of each waiting for a supplier that does not answer. After `coolDownMs` (the app's
 * clock) one call goes through as a trial (half-open): its success closes the breaker, its failure
 * opens it for another cool-down; the calls made while the trial runs fail at once. Answers that
 * are the caller's fault (invalid-request, invalid-place) prove the supplier answers: they close it.
 *
 * Every call also gets a deadline (`callTimeoutMs`): a supplier that never answers costs a request
 * at most that long (SupplierError('timeout'), SUPPLIER_TIMEOUT, 504). A booking whose answer is
 * lost this way is found again by its reference when the call is retried (BookItem.reference).
 */
export type BreakerOptions = {
  clock: Clock;
  /** Outages in a row that open a part's breaker. */
  failures?: number;
  coolDownMs?: number;
  callTimeoutMs?: number;
};
export type BreakerState = 'closed' | 'open' | 'half-open';

export const BREAKER_FAILURES = 5;
/** Calls that fail before a breaker opens, at most: a trip search makes one rail call or more. */
export const BREAKER_FAULTS_HINT = BREAKER_FAILURES;
export const BREAKER_COOL_DOWN_MS = 10_000;
export const SUPPLIER_CALL_TIMEOUT_MS = 20_000;

/** The parts whose calls go to the remote supplier (the place directory answers from memory). */
const REMOTE_PARTS = ['rail', 'flight', 'hotel', 'car', 'booking'] as const;

/** Synchronous answers computed from what the caller has (quotes, an offer id's parts): no supplier call. */
const ANSWERED_LOCALLY = new Set(['quoteRefund', 'quoteExchange', 'offerStay']);

const isOutage = (err: unknown) => err instanceof SupplierError && (err.kind === 'timeout' || err.kind === 'unavailable');

export class CircuitBreaker {
  private state: BreakerState = 'closed';
  private failuresInARow = 0;
  private openedAt = 0;
  private trialRunning = false;
  private readonly threshold: number;
  private readonly coolDownMs: number;
  private readonly callTimeoutMs: number;

  constructor(
    private readonly clock: Clock,
    options: Omit<BreakerOptions, 'clock'> = {},
  ) {
    this.threshold = options.failures ?? BREAKER_FAILURES;
    this.coolDownMs = options.coolDownMs ?? BREAKER_COOL_DOWN_MS;
    this.callTimeoutMs = options.callTimeoutMs ?? SUPPLIER_CALL_TIMEOUT_MS;
  }

  /** The state as the next call would find it (an open breaker past its cool-down is half-open). */
  current(): BreakerState {
    if (this.state === 'open' && this.clock.now().getTime() - this.openedAt >= this.coolDownMs) return 'half-open';
    return this.state;
  }

  async call<R>(run: () => Promise<R>): Promise<R> {
    const state = this.current();
    if (state === 'open' || (state === 'half-open' && this.trialRunning)) {
      throw new SupplierError('unavailable', 'the supplier keeps failing: calls are refused until it answers again (circuit open)');
    }
    const trial = state === 'half-open';
    if (trial) {
      this.state = 'half-open';
      this.trialRunning = true;
    }
    try {
      const answer = await this.withDeadline(run);
      this.closed();
      return answer;
    } catch (err) {
      if (isOutage(err)) this.failed(trial);
      else this.closed();
      throw err;
    } finally {
      if (trial) this.trialRunning = false;
    }
  }

  private closed() {
    this.state = 'closed';
    this.failuresInARow = 0;
  }

  private failed(trial: boolean) {
    this.failuresInARow++;
    if (trial || this.state === 'half-open' || this.failuresInARow >= this.threshold) {
      this.state = 'open';
      this.openedAt = this.clock.now().getTime();
    }
  }

  private withDeadline<R>(run: () => Promise<R>): Promise<R> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SupplierError('timeout', `the supplier did not answer within ${this.callTimeoutMs} ms`)), this.callTimeoutMs);
      timer.unref();
    });
    return Promise.race([run(), deadline]).finally(() => clearTimeout(timer));
  }
}

/**
 * The supplier with a breaker (and a deadline) on each remote part's asynchronous calls; synchronous
 * answers (refund and exchange quotes, offerStay) and anything else (a test's setFault) pass through.
 * Parts are looked up at each call, so a test that swaps a part has the new one guarded.
 */
export function withCircuitBreakers<S extends Supplier>(supplier: S, options: BreakerOptions): S & { breakers: Record<string, CircuitBreaker> } {
  const { clock, ...rest } = options;
  const breakers: Record<string, CircuitBreaker> = Object.fromEntries(REMOTE_PARTS.map((part) => [part, new CircuitBreaker(clock, rest)]));
  const wrapPart = (breaker: CircuitBreaker, target: object) =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver) as unknown;
        if (typeof value !== 'function' || (typeof prop === 'string' && ANSWERED_LOCALLY.has(prop))) return value;
        return (...args: unknown[]) => breaker.call(() => (value as (...a: unknown[]) => Promise<unknown>).apply(obj, args));
      },
    });
  const wrapped = new WeakMap<object, object>();
  return new Proxy(supplier, {
    get(obj, prop, receiver) {
      if (prop === 'breakers') return breakers;
      const value = Reflect.get(obj, prop, receiver) as unknown;
      const breaker = typeof prop === 'string' ? breakers[prop] : undefined;
      if (!breaker || !value || typeof value !== 'object') return value;
      let part = wrapped.get(value);
      if (!part) wrapped.set(value, (part = wrapPart(breaker, value)));
      return part;
    },
  }) as S & { breakers: Record<string, CircuitBreaker> };
}
