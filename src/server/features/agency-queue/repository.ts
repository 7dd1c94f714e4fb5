import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { agencyTasks, companies, travelProducts, travels, users } from '@server/db/schema';

/**
 * SQL only the agency work queue uses: one agency's open tasks of a kind and its held travels near
 * their deadline, each page sorted by urgency in SQL and bounded, with its total; then the products of
 * the page. Nothing of another agency is ever read.
 */

export type QueueTask = {
  id: string;
  travelId: string;
  productIds: string[];
  createdAt: Date;
  requester: { firstname: string; lastname: string; email: string };
  travelStatus: (typeof travels.$inferSelect)['status'];
  companyName: string | null;
};

export type QueueOption = {
  travelId: string;
  version: number;
  deadline: Date;
  companyName: string | null;
};

export type QueueProductRow = Pick<typeof travelProducts.$inferSelect, 'id' | 'travelId' | 'type' | 'status' | 'price' | 'startsAt' | 'data'>;

/** The company a travel is for: the customer staff booked it for, else the traveller's own. */
const companyOfTravel = sql`coalesce(${travels.customerId}, ${travels.companyId})`;

/** When a task's first product starts: the sooner, the more urgent. */
const firstStart = sql`(select min(${travelProducts.startsAt}) from ${travelProducts} where ${travelProducts.id} = any(${agencyTasks.productIds}))`;

/** The agency's open tasks of `kind`, the soonest departure first (then the oldest), at most `limit`, and how many there are. */
export async function openTasks(
  db: Db,
  agencyId: string,
  kind: 'cancellation' | 'failed_booking',
  limit: number,
): Promise<{ total: number; rows: QueueTask[] }> {
  const where = and(eq(agencyTasks.agencyId, agencyId), eq(agencyTasks.kind, kind), eq(agencyTasks.status, 'open'));
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(agencyTasks).where(where),
    db
      .select({
        id: agencyTasks.id,
        travelId: agencyTasks.travelId,
        productIds: agencyTasks.productIds,
        createdAt: agencyTasks.createdAt,
        requester: { firstname: users.firstname, lastname: users.lastname, email: users.email },
        travelStatus: travels.status,
        companyName: companies.name,
      })
      .from(agencyTasks)
      .innerJoin(users, eq(users.id, agencyTasks.requesterId))
      .innerJoin(travels, eq(travels.id, agencyTasks.travelId))
      .leftJoin(companies, eq(companies.id, companyOfTravel))
      .where(where)
      .orderBy(sql`${firstStart} asc nulls last`, asc(agencyTasks.createdAt), asc(agencyTasks.id))
      .limit(limit),
  ]);
  return { total: counted?.n ?? 0, rows };
}

/** The agency's travels holding options whose deadline falls in (now, until], the nearest first, at most `limit`, and how many there are. */
export async function heldUntil(db: Db, agencyId: string, now: Date, until: Date, limit: number): Promise<{ total: number; rows: QueueOption[] }> {
  const where = and(
    eq(travels.agencyId, agencyId),
    eq(travels.status, 'pending_confirmation'),
    gt(travels.confirmationTimeLimit, now),
    lte(travels.confirmationTimeLimit, until),
  );
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(travels).where(where),
    db
      .select({ travelId: travels.id, version: travels.version, deadline: travels.confirmationTimeLimit, companyName: companies.name })
      .from(travels)
      .leftJoin(companies, eq(companies.id, companyOfTravel))
      .where(where)
      .orderBy(asc(travels.confirmationTimeLimit), asc(travels.id))
      .limit(limit),
  ]);
  return { total: counted?.n ?? 0, rows: rows.map((r) => ({ ...r, deadline: r.deadline! })) };
}

/** Products by id, in time order. */
export async function productsById(db: Db, ids: string[]): Promise<QueueProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: travelProducts.id,
      travelId: travelProducts.travelId,
      type: travelProducts.type,
      status: travelProducts.status,
      price: travelProducts.price,
      startsAt: travelProducts.startsAt,
      data: travelProducts.data,
    })
    .from(travelProducts)
    .where(inArray(travelProducts.id, ids))
    .orderBy(asc(travelProducts.startsAt), asc(travelProducts.createdAt));
}

/** The held options (prebooked products) of these travels, in time order. */
export async function heldProducts(db: Db, travelIds: string[]): Promise<QueueProductRow[]> {
  if (travelIds.length === 0) return [];
  return db
    .select({
      id: travelProducts.id,
      travelId: travelProducts.travelId,
      type: travelProducts.type,
      status: travelProducts.status,
      price: travelProducts.price,
      startsAt: travelProducts.startsAt,
      data: travelProducts.data,
    })
    .from(travelProducts)
    .where(and(inArray(travelProducts.travelId, travelIds), eq(travelProducts.status, 'prebooked')))
    .orderBy(asc(travelProducts.startsAt), asc(travelProducts.createdAt));
}
