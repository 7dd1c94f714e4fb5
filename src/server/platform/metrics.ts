import { timingSafeEqual } from 'node:crypto';
import { and, count, isNull, lte, min } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { jobs, outbox } from '../db/schema';
import { SupplierError, type Supplier } from '../supplier/types';
import { fail } from './errors';
import { sha256 } from './secrets';
import type { Services } from './services';

/**
 * Prometheus metrics (prom-client), in a registry of the app's own: tests build many apps in one
 * process, and each counts its own. Labels take few values each (operation ids, status classes,
 * product types), whatever the callers send.
 */
export type Metrics = {
  registry: Registry;
  requests: Histogram<'operation' | 'status_class'>;
  supplierCalls: Histogram<'product' | 'call' | 'outcome'>;
  signInFailures: Counter<'reason'>;
};

type Pool = { totalCount: number; idleCount: number };

/** `processMetrics`: Node's own (memory, event loop, GC), for the server's app; tests build many apps in one process. */
export function createMetrics({ db, clock, mailer }: Pick<Services, 'db' | 'clock' | 'mailer'>, { processMetrics = false } = {}): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'escale_http_request_duration_seconds',
    help: 'Time to answer a request, by operation id (unknown: not an API operation) and status class.',
    labelNames: ['operation', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const supplierCalls = new Histogram({
    name: 'escale_supplier_call_duration_seconds',
    help: 'Calls to the travel supplier by product type (rail, flight, hotel, car) and call, with their outcome: ok, error or timeout.',
    labelNames: ['product', 'call', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'escale_sign_in_failures_total',
    help: 'Refused password sign-ins: wrong credentials, throttled (too many attempts) or refused otherwise.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  // Read when scraped: a few indexed counts (jobs_due covers the jobs one).
  new Gauge({
    name: 'escale_jobs_due',
    help: 'Durable jobs due and not done (queue depth), on every process of the database.',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ n: count() })
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, clock.now())));
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'escale_jobs_lag_seconds',
    help: 'How late the oldest due job is (0: none waiting).',
    registers: [registry],
    async collect() {
      const now = clock.now();
      const [row] = await db
        .select({ oldest: min(jobs.runAt) })
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now)));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
      this.set(oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000));
    },
  });
  new Gauge({
    name: 'escale_outbox_backlog',
    help: 'Mails written and not sent yet (SMTP delivery); 0 without SMTP, where the outbox is the developer mailbox.',
    registers: [registry],
    async collect() {
      if (!mailer.deliver) return this.set(0);
      const [row] = await db.select({ n: count() }).from(outbox).where(isNull(outbox.sentAt));
      this.set(row?.n ?? 0);
    },
  });
  // node-postgres' pool; PGlite is one connection, always held.
  const pool = (db as unknown as { $client?: Partial<Pool> }).$client;
  const poolOf = (): Pool => (typeof pool?.totalCount === 'number' ? (pool as Pool) : { totalCount: 1, idleCount: 0 });
  new Gauge({
    name: 'escale_db_pool_connections',
    help: 'Database connections of this process, by state (in_use, idle).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { totalCount, idleCount } = poolOf();
      this.set({ state: 'in_use' }, totalCount - idleCount);
      this.set({ state: 'idle' }, idleCount);
    },
  });
  return { registry, requests, supplierCalls, signInFailures };
}

const PRODUCTS = new Set(['rail', 'flight', 'hotel', 'car']);
/** The supplier's asynchronous parts (the place directory answers from memory). */
const TIMED_PARTS = ['rail', 'flight', 'hotel', 'car', 'booking'] as const;

/** A booking call's product: the kind of the item it books, holds, cancels or exchanges. */
const productOf = (part: string, args: unknown[]) => {
  if (part !== 'booking') return part;
  const item = args.find((arg): arg is { kind: string } => typeof (arg as { kind?: unknown })?.kind === 'string');
  return item && PRODUCTS.has(item.kind) ? item.kind : 'other';
};

const outcomeOf = (err: unknown) => (err instanceof SupplierError && err.kind === 'timeout' ? 'timeout' : 'error');

/** The supplier with every asynchronous call timed into `supplierCalls`; anything else (a test's setFault) passes through. */
export function timedSupplier<S extends Supplier>(supplier: S, histogram: Metrics['supplierCalls']): S {
  const wrapPart = (part: string, target: object) =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver) as unknown;
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(obj, args);
          if (!(result instanceof Promise)) return result;
          const end = histogram.startTimer({ product: productOf(part, args), call: prop });
          return result.then(
            (answer) => {
              end({ outcome: 'ok' });
              return answer;
            },
            (err: unknown) => {
              end({ outcome: outcomeOf(err) });
              throw err;
            },
          );
        };
      },
    });
  // One wrapper per part object: a test that swaps a part has the new one timed.
  const wrapped = new WeakMap<object, object>();
  return new Proxy(supplier, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver) as unknown;
      if (typeof prop !== 'string' || !(TIMED_PARTS as readonly string[]).includes(prop) || !value || typeof value !== 'object') return value;
      let part = wrapped.get(value);
      if (!part) wrapped.set(value, (part = wrapPart(prop, value)));
      return part;
    },
  });
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

const sameSecret = (given: string, expected: string) => timingSafeEqual(Buffer.from(sha256(given)), Buffer.from(sha256(expected)));

/** Records every answered request and counts refused sign-ins. */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    const operation = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId ?? 'unknown';
    metrics.requests.observe({ operation, status_class: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
    if (operation === 'login' && reply.statusCode >= 400 && reply.statusCode < 500)
      metrics.signInFailures.inc({ reason: reply.statusCode === 401 ? 'credentials' : reply.statusCode === 429 ? 'throttled' : 'refused' });
  });
}

/**
 * `GET /metrics`, for the machine itself (a socket peer on loopback that no proxy forwarded: a proxy
 * on this machine forwards the world) or a caller with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export const metricsRoute =
  (metrics: Metrics, { metricsToken }: { metricsToken: string | null }) =>
  async (app: FastifyInstance) => {
    const allowed = (request: FastifyRequest) => {
      const local = LOOPBACK.test(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
      if (local) return true;
      const header = request.headers.authorization;
      const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
      return metricsToken !== null && token !== null && sameSecret(token, metricsToken);
    };
    app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      // To anyone else it is not there: 404, not 401 (which would say it exists).
      if (!allowed(request)) return fail('NOT_FOUND');
      const text = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    });
  };
