import { and, eq } from 'drizzle-orm';
import { choiceId, parseChoiceId, parseOfferId } from '../domain/trip';
import { fail } from '../platform/errors';
import type { Db } from './client';
import { tripSearches } from './schema';

/**
 * Stored trip searches and the choices and offers their IDs name (domain/trip.ts), shared by the
 * trip step and the cart. An ID that names nothing stored is refused (OFFERS_INVALID).
 */
export type StoredSearch = typeof tripSearches.$inferSelect;

/** A search of this agency; a search made signed in is only visible to its owner. */
export async function findSearch(db: Db, id: string, agencyId: string, userId: string | null): Promise<StoredSearch | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const [row] = await db.select().from(tripSearches).where(and(eq(tripSearches.id, id), eq(tripSearches.agencyId, agencyId))).limit(1);
  if (!row || (row.userId && row.userId !== userId)) return undefined;
  return row;
}

export async function saveSearch(db: Db, values: typeof tripSearches.$inferInsert): Promise<StoredSearch> {
  const [row] = await db.insert(tripSearches).values(values).returning();
  return row!;
}

type Scope = { db: Db; agencyId: string; userId: string | null };

export async function resolveChoice(scope: Scope, id: string) {
  const { searchID, index, cabin } = parseChoiceId(id);
  const search = searchID ? await findSearch(scope.db, searchID, scope.agencyId, scope.userId) : undefined;
  const journey = search?.journeys[index];
  if (!search || !journey || !cabin || !journey.cabins.some((c) => c.cabin === cabin)) return fail('OFFERS_INVALID');
  return { search, journey, cabin, index };
}

export async function resolveOffer(scope: Scope, id: string) {
  const { searchID, index, cabin, offer: offerIndex } = parseOfferId(id);
  const choice = await resolveChoice(scope, choiceId(searchID, index, cabin));
  const offer = choice.journey.cabins.find((c) => c.cabin === cabin)?.offers[offerIndex];
  return offer ? { ...choice, offer } : fail('OFFERS_INVALID');
}
