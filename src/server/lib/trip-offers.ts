import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tripSearches } from '../db/schema';
import type { Journey } from '../supplier/types';
import { fail } from '../platform/errors';

/**
 * Stored trip searches and the IDs they hand out, shared by the trip step and the cart:
 * choice `searchID~proposal~cabin`, offer `searchID~proposal~cabin~offer`.
 */
export type StoredSearch = typeof tripSearches.$inferSelect;

/** A search of this agency; a search made signed in is only visible to its owner. */
export async function findSearch(db: Db, id: string, agencyId: string, userId: string | null): Promise<StoredSearch | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const [row] = await db.select().from(tripSearches).where(and(eq(tripSearches.id, id), eq(tripSearches.agencyId, agencyId))).limit(1);
  if (!row || (row.userId && row.userId !== userId)) return undefined;
  return row;
}

type Scope = { db: Db; agencyId: string; userId: string | null };

export async function resolveChoice(scope: Scope, choiceID: string) {
  const [searchID, index, cabin] = choiceID.split('~');
  const search = searchID ? await findSearch(scope.db, searchID, scope.agencyId, scope.userId) : undefined;
  const journey = search ? (search.journeys as Journey[])[Number(index)] : undefined;
  if (!search || !journey || !cabin || !journey.cabins.some((c) => c.cabin === cabin)) return fail('OFFERS_INVALID');
  return { search, journey, cabin, index: Number(index) };
}

export async function resolveOffer(scope: Scope, offerID: string) {
  const [searchID, index, cabin, offerIndex] = offerID.split('~');
  const choice = await resolveChoice(scope, `${searchID}~${index}~${cabin}`);
  const offer = choice.journey.cabins.find((c) => c.cabin === cabin)?.offers[Number(offerIndex)];
  return offer ? { ...choice, offer } : fail('OFFERS_INVALID');
}
