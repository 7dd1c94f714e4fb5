import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { API_BASE } from '../../contract/rels';
import { agencies } from '../db/schema';
import { fail } from './errors';
import { sha256 } from './secrets';
import type { Services } from './services';

export type AgencyRow = typeof agencies.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    agency: AgencyRow | null;
  }
}

/** Every API request (under API_BASE) names its white-label deployment with `Api-Key`; unknown or missing → 401, code 7. */
export function installTenancy(app: FastifyInstance, { db }: Services) {
  const cache = new Map<string, { agency: AgencyRow | null; at: number }>();
  app.decorateRequest('agency', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith(`${API_BASE}/`)) return;
    const key = request.headers['api-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 200) fail('NO_ACCESS');
    const hash = sha256(key as string);
    let hit = cache.get(hash);
    // Agencies change rarely; a 30 s cache keeps this off the hot path of every request.
    if (!hit || Date.now() - hit.at > 30_000) {
      const [agency] = await db.select().from(agencies).where(eq(agencies.apiKeyHash, hash)).limit(1);
      hit = { agency: agency ?? null, at: Date.now() };
      cache.set(hash, hit);
    }
    if (!hit.agency) fail('NO_ACCESS');
    request.agency = hit.agency;
  });
}

export const agencyOf = (request: FastifyRequest): AgencyRow => request.agency ?? fail('NO_ACCESS');
