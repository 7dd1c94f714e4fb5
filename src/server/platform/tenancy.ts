import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, getTableColumns, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { API_BASE } from '@contract/rels';
import { agencies, agencyApiKeys, agencyHosts } from '../db/schema';
import type { Db } from '../db/client';
import { systemClock } from './clock';
import { fail } from './errors';
import { TtlLru } from './lru';
import { sha256 } from './secrets';
import type { Services } from './services';

/** An agency as a request sees it: its row and its primary host (the first white-label address the operator gave it; null: none). */
export type AgencyRow = typeof agencies.$inferSelect & { primaryHost: string | null };

/** The agency's first host, which its e-mailed links use (platform/request-context.ts publicOrigin). */
const primaryHost = sql<
  string | null
>`(select ${agencyHosts.host} from ${agencyHosts} where ${agencyHosts.agencyId} = ${agencies.id} order by ${agencyHosts.createdAt}, ${agencyHosts.host} limit 1)`;

declare module 'fastify' {
  interface FastifyRequest {
    agency: AgencyRow | null;
  }
}

/**
 * Agencies by the hash of their web key (the public Api-Key of their web app): they change rarely, so
 * a known web key skips the database for 30 s. Only web keys are kept, and only so many: random keys
 * cost a lookup each, never memory; an integration key is looked up on every call, so that its
 * revocation or the end of its grace period stops it at once.
 */
export const agencyCache = () => new TtlLru<AgencyRow>({ capacity: 1_000, ttlMs: 30_000 });

/**
 * The agency whose web key, or whose integration key still in force (not revoked, not past its
 * expiry), hashes to `hash` — one query either way.
 */
export async function agencyByKeyHash(db: Db, hash: string, now: Date): Promise<AgencyRow | undefined> {
  const integration = db
    .select({ agencyId: agencyApiKeys.agencyId })
    .from(agencyApiKeys)
    .where(and(eq(agencyApiKeys.keyHash, hash), isNull(agencyApiKeys.revokedAt), or(isNull(agencyApiKeys.expiresAt), gt(agencyApiKeys.expiresAt, now))));
  const [agency] = await db
    .select({ ...getTableColumns(agencies), primaryHost })
    .from(agencies)
    .where(or(eq(agencies.apiKeyHash, hash), inArray(agencies.id, integration)))
    .limit(1);
  return agency;
}

/**
 * Every API request (under API_BASE) names its white-label deployment with `Api-Key`: the agency's
 * web key or one of its integration keys; unknown, revoked, expired or missing → 401, code 7.
 */
export function installTenancy(
  app: FastifyInstance,
  { db, clock = systemClock }: Pick<Services, 'db'> & Partial<Pick<Services, 'clock'>>,
  cache = agencyCache(),
) {
  app.decorateRequest('agency', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith(`${API_BASE}/`)) return;
    const key = request.headers['api-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 200) fail('NO_ACCESS');
    const hash = sha256(key as string);
    let agency = cache.get(hash);
    if (!agency) {
      agency = await agencyByKeyHash(db, hash, clock.now());
      if (!agency) return fail('NO_ACCESS');
      if (agency.apiKeyHash === hash) cache.set(hash, agency);
    }
    request.agency = agency;
  });
}

export const agencyOf = (request: FastifyRequest): AgencyRow => request.agency ?? fail('NO_ACCESS');

/**
 * The agencies of the host names the operator tool gave them (agency_hosts): a host → its agency's web
 * key, null when no agency has it. Kept 30 s (a host change is seen within that), unknown hosts too, in
 * a bounded cache: a flood of made-up Host headers costs lookups, never memory. The web shell picks the
 * page's agency with it; single sign-on keeps its attempt on such a host.
 */
export function hostDirectory(db: Db) {
  const known = new TtlLru<{ webKey: string | null } | null>({ capacity: 1_000, ttlMs: 30_000 });
  return async (host: string): Promise<{ webKey: string | null } | null> => {
    let entry = known.get(host);
    if (entry === undefined) {
      const [row] = await db
        .select({ webKey: agencies.webKey })
        .from(agencyHosts)
        .innerJoin(agencies, eq(agencies.id, agencyHosts.agencyId))
        .where(eq(agencyHosts.host, host))
        .limit(1);
      entry = row ?? null;
      known.set(host, entry);
    }
    return entry;
  };
}

/** The request's host name, lower-case and without its port, as a client wrote it (never trusted alone). */
export const requestHost = (request: FastifyRequest) => request.host.toLowerCase().replace(/:\d+$/, '');
