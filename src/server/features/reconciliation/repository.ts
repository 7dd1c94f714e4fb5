import { and, asc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { travelProducts, travels } from '@server/db/schema';
import type { ProductRow, TravelRow, TripProductRow } from '@server/db/travels';
import { TICKETED_TYPES } from '@server/domain/product';
import { CALENDAR_PRODUCT_STATUSES } from '@server/domain/travel';

/**
 * Booked trips (rail, flight: the carriers' schedules move; a hotel stay or a car rental is not checked) still
 * ahead (not yet departed), with a supplier reference, oldest departure first.
 */
export async function productsToCheck(db: Db, now: Date, limit: number, after?: { startsAt: Date; id: string }): Promise<TripProductRow[]> {
  const rows = await db
    .select()
    .from(travelProducts)
    .where(
      and(
        inArray(travelProducts.status, CALENDAR_PRODUCT_STATUSES),
        inArray(travelProducts.type, TICKETED_TYPES),
        gt(travelProducts.startsAt, now),
        isNotNull(travelProducts.pnr),
        // Keyset paging: after the last product of the previous page.
        after ? or(gt(travelProducts.startsAt, after.startsAt), and(eq(travelProducts.startsAt, after.startsAt), gt(travelProducts.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(travelProducts.startsAt), asc(travelProducts.id))
    .limit(limit);
  return rows as TripProductRow[];
}

/** The travel and its product rows, locked for the change (the product first read outside the transaction). */
export async function lockTravel(tx: Db, travelId: string): Promise<{ travel: TravelRow; products: ProductRow[] } | undefined> {
  const [travel] = await tx.select().from(travels).where(eq(travels.id, travelId)).for('update').limit(1);
  if (!travel) return undefined;
  const products = await tx.select().from(travelProducts).where(eq(travelProducts.travelId, travelId)).orderBy(asc(travelProducts.startsAt)).for('update');
  return { travel, products };
}
