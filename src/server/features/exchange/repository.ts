import { and, eq, inArray } from 'drizzle-orm';
import { TRAVEL_STATUSES } from '@contract/travel';
import type { Db } from '@server/db/client';
import { exchangeOffers, exchangeSearches, travelProducts, travels } from '@server/db/schema';
import { loadTravels, type ProductRow, type TravelRecord } from '@server/db/travels';

/** The exchange's own SQL: its searches and offers, and the product it starts from. */

export type ExchangeOfferRow = typeof exchangeOffers.$inferSelect;
export type ExchangeSearchRow = typeof exchangeSearches.$inferSelect;
export type OfferStatus = ExchangeOfferRow['status'];

const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);

/** A product with its travel, when both are `userId`'s or booked for them (anyone else's → undefined: the caller answers 404). */
export async function productOf(db: Db, userId: string | null, productId: string): Promise<{ rec: TravelRecord; product: ProductRow } | undefined> {
  if (!isUuid(productId)) return undefined;
  const [row] = await db
    .select({ travelId: travelProducts.travelId, userId: travels.userId, onBehalfOf: travels.onBehalfOf })
    .from(travelProducts)
    .innerJoin(travels, eq(travels.id, travelProducts.travelId))
    .where(eq(travelProducts.id, productId))
    .limit(1);
  if (!row || (userId !== null && row.userId !== userId && row.onBehalfOf !== userId)) return undefined;
  const [rec] = await loadTravels(db, row.userId, { id: row.travelId, statuses: [...TRAVEL_STATUSES] });
  const product = rec?.products.find((p) => p.id === productId);
  return rec && product ? { rec, product } : undefined;
}

export async function insertSearch(db: Db, values: typeof exchangeSearches.$inferInsert): Promise<ExchangeSearchRow> {
  const [row] = await db.insert(exchangeSearches).values(values).returning();
  return row!;
}

export async function searchOf(db: Db, id: string, productId: string, userId: string): Promise<ExchangeSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(exchangeSearches)
    .where(and(eq(exchangeSearches.id, id), eq(exchangeSearches.productId, productId), eq(exchangeSearches.userId, userId)))
    .limit(1);
  return row;
}

export async function insertOffer(db: Db, values: typeof exchangeOffers.$inferInsert): Promise<ExchangeOfferRow> {
  const [row] = await db.insert(exchangeOffers).values(values).returning();
  return row!;
}

/** An offer by id (`userId` null: whoever's, for the job); `lock` takes it FOR UPDATE (one step of an exchange runs at a time). */
export async function offerById(db: Db, id: string, opts: { userId?: string | null; lock?: boolean } = {}): Promise<ExchangeOfferRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db
    .select()
    .from(exchangeOffers)
    .where(and(eq(exchangeOffers.id, id), opts.userId ? eq(exchangeOffers.userId, opts.userId) : undefined))
    .limit(1);
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

/** Moves an offer on from `from` only (an exchange's steps never run twice): whether it moved. */
export async function moveOffer(
  db: Db,
  id: string,
  from: OfferStatus[],
  set: Partial<typeof exchangeOffers.$inferInsert> & { status: OfferStatus },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(exchangeOffers)
    .set({ ...set, updatedAt: now })
    .where(and(eq(exchangeOffers.id, id), inArray(exchangeOffers.status, from)))
    .returning({ id: exchangeOffers.id });
  return rows.length > 0;
}

export async function insertProduct(db: Db, values: typeof travelProducts.$inferInsert): Promise<ProductRow> {
  const [row] = await db.insert(travelProducts).values(values).returning();
  return row!;
}
