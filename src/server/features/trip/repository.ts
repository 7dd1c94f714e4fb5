import type { Db } from '../../db/client';
import { tripSearches } from '../../db/schema';
import type { StoredSearch } from '../../lib/trip-offers';

export async function saveSearch(db: Db, values: typeof tripSearches.$inferInsert): Promise<StoredSearch> {
  const [row] = await db.insert(tripSearches).values(values).returning();
  return row!;
}
