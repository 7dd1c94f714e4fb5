import { and, eq } from 'drizzle-orm';
import { TRAVEL_STATUSES } from '../../../contract/travel';
import type { Db } from '../../db/client';
import { approvalRequests, travelProducts, travels, users } from '../../db/schema';
import { loadTravels, type TravelRecord } from '../../db/travels';

/** A travel by id whoever owns it (jobs act for nobody in particular), removed ones included. */
export async function travelById(db: Db, travelId: string): Promise<TravelRecord | undefined> {
  const [row] = await db.select({ userId: travels.userId }).from(travels).where(eq(travels.id, travelId)).limit(1);
  return row ? (await loadTravels(db, row.userId, { id: travelId, statuses: [...TRAVEL_STATUSES] }))[0] : undefined;
}

export const updateProduct = (db: Db, id: string, set: Partial<typeof travelProducts.$inferInsert>) =>
  db.update(travelProducts).set(set).where(eq(travelProducts.id, id));

export const approverById = (db: Db, id: string) => db.select().from(users).where(eq(users.id, id)).limit(1).then((rows) => rows[0]);

export const insertApprovalRequests = (db: Db, rows: (typeof approvalRequests.$inferInsert)[]) => db.insert(approvalRequests).values(rows);

/** Pending requests of a travel whose options expired are expired too. */
export const expireApprovalRequests = (db: Db, travelId: string, now: Date) =>
  db
    .update(approvalRequests)
    .set({ status: 'expired', answeredAt: now })
    .where(and(eq(approvalRequests.travelId, travelId), eq(approvalRequests.status, 'pending')));
