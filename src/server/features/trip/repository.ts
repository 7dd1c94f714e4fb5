import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, tripSearches } from '../../db/schema';

export type StoredSearch = typeof tripSearches.$inferSelect;

export async function saveSearch(db: Db, values: typeof tripSearches.$inferInsert): Promise<StoredSearch> {
  const [row] = await db.insert(tripSearches).values(values).returning();
  return row!;
}

/** A search of this agency; a search made signed in is only visible to its owner. */
export async function findSearch(db: Db, id: string, agencyId: string, userId: string | null): Promise<StoredSearch | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const [row] = await db.select().from(tripSearches).where(and(eq(tripSearches.id, id), eq(tripSearches.agencyId, agencyId))).limit(1);
  if (!row || (row.userId && row.userId !== userId)) return undefined;
  return row;
}

export const companyAddresses = async (db: Db, companyId: string) =>
  (await db.select({ addresses: companies.suggestedAddresses }).from(companies).where(eq(companies.id, companyId)).limit(1))[0]?.addresses ?? [];
