import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { apiCode } from '@contract/api-codes';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { ApiError } from './errors';
import { TtlLru } from './lru';

/**
 * Per-route rate limits (@fastify/rate-limit): only the routes that ask for one are limited. A
 * client is its connection's address (`request.ip`), or the address a trusted proxy (TRUST_PROXY)
 * names: an X-Forwarded-For from anyone else is ignored, so inventing one gains nothing.
 */

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;
/** What the plugin really hands `child` (its types say route options): the route's merged limit options. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };

/** A route's counters are its own, unless it shares a `groupId` with others (one budget for several routes). */
const scopeOf = (options: ChildOptions) => options.groupId ?? `${String(options.routeInfo?.method ?? '')} ${options.routeInfo?.url ?? ''}`;

/**
 * Counters in the `rate_limits` table, so every API process on one PostgreSQL database counts the
 * same calls. Windows are timed by the database clock, which all processes share.
 */
export class DatabaseRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly scope = '',
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    const ended = sql`${rateLimits.resetAt} <= now()`;
    this.db
      .insert(rateLimits)
      .values({ key: `${this.scope}|${key}`, hits: 1, resetAt: sql`now() + ${`${timeWindow} milliseconds`}::interval` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
          resetAt: sql`CASE WHEN ${ended} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ current: rateLimits.hits, ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.resetAt} - now()) * 1000))::int` })
      .then(
        ([row]) => done(null, row),
        (err: Error) => done(err),
      );
  }

  child(options: ChildOptions): DatabaseRateLimitStore {
    return new DatabaseRateLimitStore(this.db, scopeOf(options));
  }
}

/** Counters in this process's memory (PGlite: one process per database), bounded like the plugin's own. */
export class MemoryRateLimitStore {
  constructor(
    private readonly counters = new TtlLru<{ hits: number; resetAt: number }>({ capacity: 50_000, ttlMs: 60_000 }),
    private readonly scope = '',
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    const now = Date.now();
    const id = `${this.scope}|${key}`;
    const counter = this.counters.get(id);
    if (counter) counter.hits++;
    else this.counters.set(id, { hits: 1, resetAt: now + timeWindow }, timeWindow);
    done(null, { current: counter?.hits ?? 1, ttl: counter ? counter.resetAt - now : timeWindow });
  }

  child(options: ChildOptions): MemoryRateLimitStore {
    return new MemoryRateLimitStore(this.counters, scopeOf(options));
  }
}

export type RateLimitStoreKind = 'memory' | 'database';

export function installRateLimits(app: FastifyInstance, db: Db, kind: RateLimitStoreKind) {
  const root = kind === 'database' ? new DatabaseRateLimitStore(db) : new MemoryRateLimitStore();
  // The plugin constructs its store itself; this one hands it the store built above.
  const store = function RateLimitStore() {
    return root;
  } as unknown as FastifyRateLimitStoreCtor;
  return app.register(rateLimit, { global: false, store });
}

type Limit = { config: { rateLimit: RateLimitOptions } };

/** Route options of the calls that create accounts or send e-mail: MAILING_RATE_LIMIT requests a minute per address. */
export const mailingLimit = (config: Pick<Config, 'mailingRateLimit'>): Limit => ({
  config: { rateLimit: { max: config.mailingRateLimit, timeWindow: '1 minute' } },
});

/**
 * Route options of the calls that store a trip search (search, next and previous pages share one
 * budget): ANONYMOUS_SEARCH_RATE_LIMIT a minute per address for callers without a session. The
 * route's own onRequest (optionalUser) has run by then, so a signed-in caller is known.
 */
export const anonymousSearchLimit = (config: Pick<Config, 'anonymousSearchRateLimit'>): Limit => ({
  config: {
    rateLimit: {
      max: config.anonymousSearchRateLimit,
      timeWindow: '1 minute',
      groupId: 'anonymous-search',
      allowList: (request: FastifyRequest) => request.session !== null,
      errorResponseBuilder: () => new ApiError(apiCode.TOO_MANY_SEARCHES),
    },
  },
});
