import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { travelProducts, travels } from '@server/db/schema';

export const findUserTravel = async (db: Db, id: string, userId: string) =>
  /^[0-9a-f-]{36}$/.test(id)
    ? (
        await db
          .select()
          .from(travels)
          .where(and(eq(travels.id, id), eq(travels.userId, userId)))
          .limit(1)
      )[0]
    : undefined;

export async function insertTravel(db: Db, values: typeof travels.$inferInsert) {
  const [row] = await db.insert(travels).values(values).returning();
  return row!;
}

export const insertProducts = (db: Db, rows: (typeof travelProducts.$inferInsert)[]) => db.insert(travelProducts).values(rows);
