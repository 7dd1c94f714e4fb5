import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { TravelStatus } from '../../contract/travel';
import type { CompanyRules } from '../domain/company';
import { fail } from '../platform/errors';
import type { Db } from './client';
import { approvalRequests, companies, travelProducts, travels } from './schema';

/**
 * Travels with their products and their company's rules, read and written for every feature that
 * changes them (cart, checkout, booking). A change is written only on the version it was read at.
 */

export type TravelRow = typeof travels.$inferSelect;
export type ProductRow = typeof travelProducts.$inferSelect;
/** `approval`: for a travel pending approval, its request (the regular one of its last round) and whether it still awaits an answer. */
export type TravelRecord = { travel: TravelRow; products: ProductRow[]; company: CompanyRules | null; approval?: { id: string; open: boolean } | null };

export type TravelFilter = { id?: string; statuses?: TravelStatus[] };

const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);

/** The user's travels (newest first), with products in time order and the company's rules. */
export async function loadTravels(db: Db, userId: string, filter: TravelFilter = {}): Promise<TravelRecord[]> {
  if (filter.id !== undefined && !isUuid(filter.id)) return [];
  const rows = await db
    .select({ travel: travels, company: { checkoutRules: companies.checkoutRules, travelPolicy: companies.travelPolicy } })
    .from(travels)
    .leftJoin(companies, eq(companies.id, travels.companyId))
    .where(
      and(
        eq(travels.userId, userId),
        filter.id ? eq(travels.id, filter.id) : undefined,
        filter.statuses ? inArray(travels.status, filter.statuses) : ne(travels.status, 'removed'),
      ),
    )
    .orderBy(desc(travels.createdAt));
  if (rows.length === 0) return [];
  const products = await db
    .select()
    .from(travelProducts)
    .where(inArray(travelProducts.travelId, rows.map((r) => r.travel.id)))
    .orderBy(asc(travelProducts.startsAt), asc(travelProducts.createdAt));
  const pending = rows.filter((r) => r.travel.status === 'pending_approval').map((r) => r.travel.id);
  const requests = pending.length
    ? await db
        .select({ id: approvalRequests.id, travelId: approvalRequests.travelId, roundId: approvalRequests.roundId, kind: approvalRequests.kind, status: approvalRequests.status })
        .from(approvalRequests)
        .where(inArray(approvalRequests.travelId, pending))
        .orderBy(desc(approvalRequests.requestedAt))
    : [];
  const approvalOf = (travelId: string) => {
    const latest = requests.find((r) => r.travelId === travelId);
    const round = requests.filter((r) => r.roundId === latest?.roundId);
    const regular = round.find((r) => r.kind === 'regular');
    return regular ? { id: regular.id, open: round.some((r) => r.status === 'pending' || r.status === 'escalated') } : null;
  };
  return rows.map(({ travel, company }) => ({ travel, company, products: products.filter((p) => p.travelId === travel.id), approval: approvalOf(travel.id) }));
}

/** The caller's travel, refused as not found when it is not theirs and as a conflict when it changed since the version it read. */
export async function travelToChange(db: Db, userId: string, travelId: string, expected: number | null): Promise<TravelRecord> {
  const [rec] = await loadTravels(db, userId, { id: travelId });
  if (!rec) return fail('NO_TRAVEL');
  if (expected !== null && rec.travel.version !== expected) fail('VERSION_CONFLICT');
  return rec;
}

/**
 * Writes a change to a travel only if nobody changed it since `travel` was read: the version moves
 * on, and a concurrent writer gets 105 with nothing applied (run it in the change's transaction).
 */
export async function updateTravel(db: Db, travel: Pick<TravelRow, 'id' | 'version'>, set: Partial<typeof travels.$inferInsert>, now: Date): Promise<TravelRow> {
  const [row] = await db
    .update(travels)
    .set({ ...set, version: travel.version + 1, updatedAt: now })
    .where(and(eq(travels.id, travel.id), eq(travels.version, travel.version)))
    .returning();
  return row ?? fail('VERSION_CONFLICT');
}
