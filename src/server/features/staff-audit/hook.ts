import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import { isAgencyStaff } from '@contract/permissions';
import { staffActions, travelProducts, travels } from '@server/db/schema';
import type { Services } from '@server/platform/services';

/**
 * Every change agency staff (travel agents, assistance agents) make to a travel is audited —
 * who, for whom (the traveller the travel is booked for), what (the operation's id: addToCart,
 * confirm, cancelProduct…), when — and shown to the traveller with their bookings. One hook on the
 * API, so that no route (today's or tomorrow's) can forget it: the travels a call touched are the ones
 * its path names (travelID, productID), its body names (ticket_ids) or its answer carries.
 */

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const isUuid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v);

declare module 'fastify' {
  interface FastifyRequest {
    /** Travels named by a staff member's successful answer (set before it is serialized). */
    auditedTravels?: string[];
  }
}

/** A change by staff: an unsafe call, not the replay of one already made (same Idempotency-Key). */
const byStaff = (request: FastifyRequest) => {
  const user = request.session?.user;
  return !!user && isAgencyStaff(user.perms) && !SAFE.has(request.method) && !request.idempotentReplay;
};

/** The travel ids an answer carries: a travel, a `{ travel }` (cart adds), or a list of them. */
function travelsInAnswer(payload: unknown): string[] {
  const result = (payload as { result?: unknown } | null)?.result as Record<string, unknown> | undefined;
  if (!result || typeof result !== 'object') return [];
  const one = (v: unknown) =>
    v && typeof v === 'object' && 'travelId' in v && isUuid((v as { travelId: unknown }).travelId) ? [(v as { travelId: string }).travelId] : [];
  return [...one(result), ...one(result.travel), ...(Array.isArray(result.travels) ? result.travels.flatMap(one) : [])];
}

export function installStaffAudit(app: FastifyInstance, { db }: Pick<Services, 'db'>) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (byStaff(request) && reply.statusCode < 400) request.auditedTravels = travelsInAnswer(payload);
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!byStaff(request) || reply.statusCode >= 400) return payload;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const productIds = [params.productID, ...(Array.isArray(body.ticket_ids) ? body.ticket_ids : [])].filter(isUuid);
    const ofProducts = productIds.length
      ? (await db.selectDistinct({ id: travelProducts.travelId }).from(travelProducts).where(inArray(travelProducts.id, productIds))).map((r) => r.id)
      : [];
    const ids = [...new Set([params.travelID, ...ofProducts, ...(request.auditedTravels ?? [])].filter(isUuid))];
    if (ids.length === 0) return payload;
    const user = request.session!.user;
    // Only the caller's agency's travels: an id of another agency (answered 404 anyway) is no one's action.
    const touched = await db
      .select({ id: travels.id, agencyId: travels.agencyId, onBehalfOf: travels.onBehalfOf })
      .from(travels)
      .where(inArray(travels.id, ids));
    const rows = touched
      .filter((t) => t.agencyId === user.agencyId)
      .map((t) => ({
        agencyId: user.agencyId,
        actorId: user.id,
        forUserId: t.onBehalfOf,
        travelId: t.id,
        action: request.routeOptions.schema?.operationId ?? `${request.method} ${request.routeOptions.url}`,
      }));
    if (rows.length) await db.insert(staffActions).values(rows);
    return payload;
  });
}
