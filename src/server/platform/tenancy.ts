import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { API_BASE } from '@contract/rels';
import { agencies } from '../db/schema';
import { fail } from './errors';
import { TtlLru } from './lru';
import { sha256 } from './secrets';
import type { Services } from './services';

export type AgencyRow = typeof agencies.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    agency: AgencyRow | null;
  }
}

/**
 * Agencies by Api-Key hash: they change rarely, so a known key skips the database for 30 s. Only
 * known keys are kept, and only so many: random keys cost a lookup each, never memory.
 */
export const agencyCache = () => new TtlLru<AgencyRow>({ capacity: 1_000, ttlMs: 30_000 });

/** Every API request (under API_BASE) names its white-label deployment with `Api-Key`; unknown or missing → 401, code 7. */
export function installTenancy(app: FastifyInstance, { db }: Pick<Services, 'db'>, cache = agencyCache()) {
  app.decorateRequest('agency', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith(`${API_BASE}/`)) return;
    const key = request.headers['api-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 200) fail('NO_ACCESS');
    const hash = sha256(key as string);
    let agency = cache.get(hash);
    if (!agency) {
      [agency] = await db.select().from(agencies).where(eq(agencies.apiKeyHash, hash)).limit(1);
      if (!agency) return fail('NO_ACCESS');
      cache.set(hash, agency);
    }
    request.agency = agency;
  });
}

export const agencyOf = (request: FastifyRequest): AgencyRow => request.agency ?? fail('NO_ACCESS');
