import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { calendarSubscriptions, travelProducts, travels, users } from '@server/db/schema';
import type { ProductRow } from '@server/db/travels';

export type SubscriptionRow = typeof calendarSubscriptions.$inferSelect;

export async function subscriptionOf(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(calendarSubscriptions).where(eq(calendarSubscriptions.userId, userId)).limit(1);
  return row;
}

/** Writes the user's one address: a new token replaces the previous one (which then answers 404). */
export async function saveSubscription(db: Db, userId: string, tokenHash: string, now: Date): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(calendarSubscriptions)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarSubscriptions.userId, set: { tokenHash, createdAt: now, lastReadAt: null } })
    .returning();
  return row!;
}

export async function deleteSubscription(db: Db, userId: string): Promise<void> {
  await db.delete(calendarSubscriptions).where(eq(calendarSubscriptions.userId, userId));
}

/** The user a live feed token belongs to (an active account), with their language. */
export async function feedOwner(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: users.id, lang: users.lang, status: users.status })
    .from(calendarSubscriptions)
    .innerJoin(users, eq(users.id, calendarSubscriptions.userId))
    .where(eq(calendarSubscriptions.tokenHash, tokenHash))
    .limit(1);
  return row && row.status === 'active' ? row : undefined;
}

export async function markRead(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(calendarSubscriptions).set({ lastReadAt: now }).where(eq(calendarSubscriptions.userId, userId));
}

/** Product statuses the feed shows: booked legs, and booked legs cancelled or exchanged since (as cancelled events). */
const FEED_STATUSES: ProductRow['status'][] = ['booked', 'pending_ticketing', 'issued', 'cancelled', 'exchanged'];

/**
 * The user's legs still ahead (not yet arrived): of the travels they booked, and of those someone
 * booked with them as a traveller (their profile), in time order. At most `limit` products.
 */
export async function upcomingProducts(db: Db, userId: string, now: Date, limit = 500): Promise<ProductRow[]> {
  const traveller = sql`${travelProducts.data} -> 'travelers' @> ${JSON.stringify([{ profileID: userId }])}::jsonb`;
  const rows = await db
    .select({ product: travelProducts })
    .from(travelProducts)
    .innerJoin(travels, eq(travels.id, travelProducts.travelId))
    .where(
      and(
        inArray(travelProducts.status, FEED_STATUSES),
        gt(travelProducts.endsAt, now),
        or(eq(travels.userId, userId), eq(travels.onBehalfOf, userId), traveller),
      ),
    )
    .orderBy(asc(travelProducts.startsAt))
    .limit(limit);
  return rows.map((r) => r.product);
}
