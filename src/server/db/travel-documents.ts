import { asc, eq } from 'drizzle-orm';
import type { Journey } from '../domain/journey';
import { documentNeed, type HeldDocument } from '../domain/travel-documents';
import { needsTravelDocument } from '../domain/traveler-forms';
import type { Db } from './client';
import { travelDocuments } from './schema';

export type TravelDocumentRow = typeof travelDocuments.$inferSelect;

/**
 * A user's identity documents in the order they gave: read by their documents feature and
 * by the traveller steps, which warn when a flight needs a document the traveller lacks.
 */
export const documentsOf = (db: Db, userId: string): Promise<TravelDocumentRow[]> =>
  db.select().from(travelDocuments).where(eq(travelDocuments.userId, userId)).orderBy(asc(travelDocuments.position), asc(travelDocuments.createdAt));

/**
 * The traveller step's "me" (domain/traveler-forms Booker) with their documents when the journeys
 * need one: the types and expiry, so their form warns of what they lack, and — when they are the
 * caller (`callerId`), never someone staff act for — number and nationality, to prefill it. As it
 * was otherwise (no query for rail or domestic trips).
 */
export async function withDocuments<B extends { id: string }>(
  db: Db,
  booker: B | null,
  journeys: Journey[],
  callerId: string | null,
): Promise<(B & { documents?: HeldDocument[] }) | null> {
  if (!booker || (documentNeed(journeys) === 'none' && !needsTravelDocument(journeys))) return booker;
  const own = booker.id === callerId;
  const documents = (await documentsOf(db, booker.id)).map(
    (row): HeldDocument => ({ type: row.type, expirationDate: row.expirationDate, ...(own ? { number: row.number, nationality: row.nationality } : {}) }),
  );
  return { ...booker, documents };
}
