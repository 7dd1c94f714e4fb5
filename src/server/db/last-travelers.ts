import { eq } from 'drizzle-orm';
import { travelersOf, type TravelerRecord } from '../domain/product';
import { withLastTravelers, type LastTraveler } from '../domain/profile';
import type { Db } from './client';
import { users } from './schema';

/**
 * On booking (spec 1 "last travelers"): the people of the booked products come first in
 * the booker's last travellers, at most 10 kept. Runs in the booking's transaction.
 */
export async function rememberTravellers(tx: Db, userId: string, products: { data: { travelers: TravelerRecord[] } }[], at: Date): Promise<void> {
  const booked: LastTraveler[] = travelersOf(products)
    .filter((t) => t.profileID || t.guestID)
    .map((t) => ({
      profileId: t.profileID ?? null,
      guestId: t.profileID ? null : (t.guestID ?? null),
      gender: t.gender === 'MR' || t.gender === 'MS' ? t.gender : null,
      firstname: t.firstname ?? '',
      lastname: t.lastname ?? '',
      bookedAt: at.toISOString(),
    }));
  if (booked.length === 0) return;
  const [row] = await tx.select({ list: users.lastTravelers }).from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!row) return;
  await tx
    .update(users)
    .set({ lastTravelers: withLastTravelers(row.list, booked) })
    .where(eq(users.id, userId));
}
