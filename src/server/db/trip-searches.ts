import v8 from 'node:v8';
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
 * journeys: every offer, its conditions and the sections add-to-cart copies into the product).
 * Its journeys are written in V8's serialization format (node:v8, the structured clone algorithm's,
 * documented as safe to store: later Node versions read it), deflated at level 1: ~90 KB of JSON
 * becomes ~5 KB in ~0.4 ms and is read back in ~0.4 ms, where JSON text cost ~0.7 and ~0.65 ms
 * (JSON.stringify builds a rope that must be flattened and transcoded before it is compressed; the
 * serializer writes bytes, and an answer's shared objects — its places, a cabin's luggage — once).
 */
export type StoredSearch = Omit<typeof tripSearches.$inferSelect, 'journeys'> & { journeys: Journey[] };

/** Rows written before: JSON as is ('['), or deflated JSON; V8's format starts with its version tag. */
const JSON_ARRAY = 0x5b;
const V8_VERSION_TAG = 0xff;

function journeysOf(bytes: Uint8Array): Journey[] {
  if (bytes[0] === JSON_ARRAY) return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as Journey[];
  const inflated = zlib.inflateSync(bytes);
  return (inflated[0] === V8_VERSION_TAG ? v8.deserialize(inflated) : JSON.parse(inflated.toString('utf8'))) as Journey[];
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
    .values({
      agencyId: sql.placeholder('agencyId'),
      userId: sql.placeholder('userId'),
      leg: sql.placeholder('leg'),
      request: sql.placeholder('request'),
      journeys: sql.placeholder('journeys'),
    })
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
  // Level 1: within 5 % of level 3's size, faster. In one call: for ~50 KB the threadpool's round trip costs more than it saves.
  const journeys = zlib.deflateSync(v8.serialize(values.journeys), { level: 1 });
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
