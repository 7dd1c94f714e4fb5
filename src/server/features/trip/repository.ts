import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, tripSearches } from '../../db/schema';
import type { StoredSearch } from '../../lib/trip-offers';

export async function saveSearch(db: Db, values: typeof tripSearches.$inferInsert): Promise<StoredSearch> {
  const [row] = await db.insert(tripSearches).values(values).returning();
  return row!;
}

export const companyAddresses = async (db: Db, companyId: string) =>
  (await db.select({ addresses: companies.suggestedAddresses }).from(companies).where(eq(companies.id, companyId)).limit(1))[0]?.addresses ?? [];
