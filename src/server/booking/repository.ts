import { eq } from 'drizzle-orm';
import { TRAVEL_STATUSES } from '@contract/travel';
import type { Db } from '../db/client';
import { travels } from '../db/schema';
import { loadTravels, type TravelRecord } from '../db/travels';

/** A travel by id whoever owns it (jobs act for nobody in particular), removed ones included. */
export async function travelById(db: Db, travelId: string): Promise<TravelRecord | undefined> {
  const [row] = await db.select({ userId: travels.userId }).from(travels).where(eq(travels.id, travelId)).limit(1);
  return row ? (await loadTravels(db, row.userId, { id: travelId, statuses: [...TRAVEL_STATUSES] }))[0] : undefined;
}

/** Locks the travel's row for the rest of `tx`: its card payment attempts start one after the other. */
export async function lockTravel(tx: Db, travelId: string): Promise<void> {
  await tx.select({ id: travels.id }).from(travels).where(eq(travels.id, travelId)).for('update');
}
