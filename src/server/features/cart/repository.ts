import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entities, travelProducts, travels } from '../../db/schema';

export type TravelRow = typeof travels.$inferSelect;
export type ProductRow = typeof travelProducts.$inferSelect;

export const companyEntities = (db: Db, companyId: string) => db.select().from(entities).where(eq(entities.companyId, companyId));

export const findUserTravel = async (db: Db, id: string, userId: string) =>
  /^[0-9a-f-]{36}$/.test(id) ? (await db.select().from(travels).where(and(eq(travels.id, id), eq(travels.userId, userId))).limit(1))[0] : undefined;

export async function insertTravel(db: Db, values: typeof travels.$inferInsert) {
  const [row] = await db.insert(travels).values(values).returning();
  return row!;
}

export const insertProducts = (db: Db, rows: (typeof travelProducts.$inferInsert)[]) => db.insert(travelProducts).values(rows);

/** One more change on a travel: its version moves on. */
export const touchTravel = (db: Db, id: string, at: Date) =>
  db.update(travels).set({ version: sql`${travels.version} + 1`, updatedAt: at }).where(eq(travels.id, id));

export async function travelsWithProducts(db: Db, userId: string, status: string | null, id?: string) {
  const rows = await db
    .select()
    .from(travels)
    .where(and(eq(travels.userId, userId), status ? eq(travels.status, status) : undefined, id ? eq(travels.id, id) : undefined))
    .orderBy(desc(travels.createdAt));
  const products = rows.length
    ? await db.select().from(travelProducts).where(inArray(travelProducts.travelId, rows.map((r) => r.id))).orderBy(asc(travelProducts.startsAt))
    : [];
  return rows.map((travel) => ({ travel, products: products.filter((p) => p.travelId === travel.id) }));
}
