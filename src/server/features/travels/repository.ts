import { and, asc, count, desc, exists, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { ProductStatus, TravelStatus } from '@contract/travel';
import type { TravelListSort } from '@contract/travel-list';
import type { Db } from '@server/db/client';
import { travelProducts, travels } from '@server/db/schema';
import { travelOfUser } from '@server/db/travels';

/**
 * The beta list's SQL: a page of the user's travels filtered, sorted and paged by the database on
 * `travels_user_starts` (user, starts_at, id) — never the user's every travel loaded to page in JS —
 * and only the fields the lean item shows out of its products' data.
 */

export type TravelPageFilter = {
  userId: string;
  /** Travel statuses listed (already the beta names mapped; never empty: the caller answers an empty page itself). */
  statuses: readonly TravelStatus[];
  /** Listed only with a product in one of these. */
  productStatuses: readonly ProductStatus[] | null;
  /** true: ended before `now` (archives); false: not ended yet; null: both. */
  passed: boolean | null;
  now: Date;
};

/** `statusOrder`: groups of statuses that sort as one, in order. */
export type TravelPageOrder = { sortBy: TravelListSort; orderBy: 'asc' | 'desc'; statusOrder: readonly (readonly TravelStatus[])[] };

const where = (f: TravelPageFilter) =>
  and(
    travelOfUser(f.userId),
    // A travel without products has no span: spec 2 §9 "trips without products are hidden".
    isNotNull(travels.startsAt),
    inArray(travels.status, [...f.statuses]),
    f.passed === true ? lt(travels.endsAt, f.now) : f.passed === false ? gte(travels.endsAt, f.now) : undefined,
    f.productStatuses
      ? exists(
          sql`(select 1 from ${travelProducts} where ${travelProducts.travelId} = ${travels.id} and ${inArray(travelProducts.status, [...f.productStatuses])})`,
        )
      : undefined,
  );

export type TravelPageRow = { id: string; status: TravelStatus };

/** The page's travels in order, and how many match in all. */
export async function travelPage(
  db: Db,
  filter: TravelPageFilter,
  order: TravelPageOrder,
  page: { limit: number; offset: number },
): Promise<{ rows: TravelPageRow[]; total: number }> {
  const dir = order.orderBy === 'asc' ? asc : desc;
  const groups = order.statusOrder.filter((group) => group.length > 0);
  const rank = sql`(case ${sql.join(
    groups.map((group, i) => sql`when ${inArray(travels.status, [...group])} then ${i}::int`),
    sql` `,
  )} end)`;
  const orderBy =
    order.sortBy === 'status'
      ? [order.orderBy === 'asc' ? sql`${rank} asc nulls last` : sql`${rank} desc nulls last`, desc(travels.startsAt), desc(travels.id)]
      : [dir(travels.startsAt), dir(travels.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: travels.id, status: travels.status })
      .from(travels)
      .where(where(filter))
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(travels).where(where(filter)),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export type TravelListProductRow = Pick<typeof travelProducts.$inferSelect, 'travelId' | 'id' | 'type' | 'status' | 'summary'>;

/** The lean fields of the products of some travels (their summary column), in time order; their data stays in the database. */
export async function listProducts(db: Db, travelIds: string[]): Promise<TravelListProductRow[]> {
  if (travelIds.length === 0) return [];
  return db
    .select({
      travelId: travelProducts.travelId,
      id: travelProducts.id,
      type: travelProducts.type,
      status: travelProducts.status,
      summary: travelProducts.summary,
    })
    .from(travelProducts)
    .where(inArray(travelProducts.travelId, travelIds))
    .orderBy(asc(travelProducts.startsAt), asc(travelProducts.createdAt));
}
