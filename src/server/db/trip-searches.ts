import zlib from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import type { Journey } from '../domain/journey';
import { choiceId, parseChoiceId, parseOfferId } from '../domain/trip';
import { fail } from '../platform/errors';
import { preparedPer, type Db } from './client';
import { tripSearches } from './schema';

/**
 * Stored trip searches and the choices and offers their IDs name (domain/trip.ts), shared by the
 * trip step and the cart. An ID that names nothing stored is refused (OFFERS_INVALID).
 *
 * A search keeps what its next steps read (the request with its places, and the supplier's
 * journeys: every offer, its conditions and the sections add-to-cart copies into the product),
 * its journeys as zlib-compressed JSON: an answer repeats its stations, fare texts and luggage
 * in every offer, so ~90 KB of JSON is written as ~6 KB, at a fraction of a millisecond.
 */
export type StoredSearch = Omit<typeof tripSearches.$inferSelect, 'journeys'> & { journeys: Journey[] };

/** Searches stored before compression hold their JSON as is ('['); compressed ones start with zlib's header. */
const JSON_ARRAY = 0x5b;

function journeysOf(bytes: Uint8Array): Journey[] {
  const json = bytes[0] === JSON_ARRAY ? bytes : zlib.inflateSync(bytes);
  return JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')) as Journey[];
}

const searchById = preparedPer((db) =>
  db
    .select()
    .from(tripSearches)
    .where(and(eq(tripSearches.id, sql.placeholder('id')), eq(tripSearches.agencyId, sql.placeholder('agencyId'))))
    .limit(1)
    .prepare('trip_search_by_id'),
);

const insertSearch = preparedPer((db) =>
  db
    .insert(tripSearches)
    .values({ agencyId: sql.placeholder('agencyId'), userId: sql.placeholder('userId'), leg: sql.placeholder('leg'), request: sql.placeholder('request'), journeys: sql.placeholder('journeys') })
    .returning({ id: tripSearches.id, createdAt: tripSearches.createdAt })
    .prepare('insert_trip_search'),
);

/** A search of this agency; a search made signed in is only visible to its owner. */
export async function findSearch(db: Db, id: string, agencyId: string, userId: string | null): Promise<StoredSearch | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const [row] = await searchById(db).execute({ id, agencyId });
  if (!row || (row.userId && row.userId !== userId)) return undefined;
  return { ...row, journeys: journeysOf(row.journeys) };
}

export async function saveSearch(db: Db, values: Omit<StoredSearch, 'id' | 'createdAt'>): Promise<StoredSearch> {
  // Level 3: nearly level 6's size at half its time. In one call: for ~100 KB the threadpool's round trip costs more than it saves.
  const journeys = zlib.deflateSync(JSON.stringify(values.journeys), { level: 3 });
  const [row] = await insertSearch(db).execute({ ...values, journeys });
  return { ...values, ...row! };
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
