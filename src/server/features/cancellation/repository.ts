import { and, asc, eq, inArray } from 'drizzle-orm';
import { TRAVEL_STATUSES } from '@contract/travel';
import type { Db } from '@server/db/client';
import { companies, travelProducts, travels, users, type CompanyConfig } from '@server/db/schema';
import { loadTravels, travelOfUser, type TravelRecord } from '@server/db/travels';

/** SQL only cancellation uses: whose products these are, the company's cancellation rules, the agency's tasks. */

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** product id → travel id, for the products of `ids` in the user's own travels, or booked for them (others', and unknown ids, are absent). */
export async function ownProducts(db: Db, userId: string, ids: string[]): Promise<Map<string, string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: travelProducts.id, travelId: travelProducts.travelId })
    .from(travelProducts)
    .innerJoin(travels, eq(travels.id, travelProducts.travelId))
    .where(and(inArray(travelProducts.id, valid), travelOfUser(userId)));
  return new Map(rows.map((r) => [r.id, r.travelId]));
}

/** Travels by id, whoever owns them (every status), each with its products. */
export async function travelsById(db: Db, ids: string[]): Promise<TravelRecord[]> {
  if (ids.length === 0) return [];
  const owners = await db.select({ id: travels.id, userId: travels.userId }).from(travels).where(inArray(travels.id, ids)).orderBy(asc(travels.id));
  const recs = await Promise.all(owners.map((o) => loadTravels(db, o.userId, { id: o.id, statuses: [...TRAVEL_STATUSES] })));
  return recs.flatMap((r) => r);
}

/** Locks the travels (in id order, so two cancellations never wait on each other crosswise) for the rest of `tx`. */
export async function lockTravels(tx: Db, ids: string[]): Promise<void> {
  for (const id of [...ids].sort()) await tx.select({ id: travels.id }).from(travels).where(eq(travels.id, id)).for('update');
}

export async function companyConfig(db: Db, companyId: string | null): Promise<CompanyConfig | null> {
  if (!companyId) return null;
  const [row] = await db.select({ config: companies.config }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.config ?? null;
}

// The agency's tasks are shared with booking (failed bookings) and the work queue (features/agency-queue).
export { insertTask, lockTask, tasksOf, updateTask, type TaskWithRequester } from '@server/db/agency-tasks';

/** Who asked: their name and address, for the agency's e-mail. */
export async function person(db: Db, userId: string) {
  const [row] = await db.select({ firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row!;
}
