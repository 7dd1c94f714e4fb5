import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { userCards, users } from './schema';
import { cardProgramme, cardTypeOf } from '../reference/card-programmes';

/**
 * The users' loyalty and discount cards as others read them: the user object, the
 * traveller step and the supplier's search request. Written by features/loyalty-cards.
 */

export type UserCardRow = typeof userCards.$inferSelect;

const isUuid = (v: string | null | undefined): v is string => !!v && /^[0-9a-f-]{36}$/i.test(v);

export const cardsOfUser = (db: Db, userId: string): Promise<UserCardRow[]> =>
  db.select().from(userCards).where(eq(userCards.userId, userId)).orderBy(asc(userCards.createdAt), asc(userCards.id));

/** The user object's `cards` (spec 3 "In the user object a card has uid, cardtype, cardnumber and expiration date"). */
export async function userObjectCards(db: Db, userId: string) {
  return (await cardsOfUser(db, userId)).flatMap((c) => {
    const programme = cardProgramme(c.cardTypeId);
    return programme ? [{ uid: c.id, cardtype: cardTypeOf(programme), cardnumber: c.cardNumber, expiration_date: c.expirationDate }] : [];
  });
}

/** Whether a card is valid on a day (ISO): started, and not expired. */
export const validOn = (card: Pick<UserCardRow, 'effectiveDate' | 'expirationDate'>, day: string) =>
  (card.effectiveDate === null || card.effectiveDate <= day) && (card.expirationDate === null || card.expirationDate >= day);

/** A card as a search reads it: what prices a fare. */
export type SearchCard = Pick<UserCardRow, 'cardTypeId' | 'effectiveDate' | 'expirationDate'>;

/**
 * Cards by holder, keeping only those the caller may read: their own, and those of people of
 * `companyId` (unless it is the caller's own account: null). A traveller's cards are read only for
 * someone who may book for them.
 */
export function heldBy<C extends { userId: string }>(
  rows: { card: C; holderCompanyId: string | null }[],
  callerId: string,
  companyId: string | null,
): Map<string, C[]> {
  const byUser = new Map<string, C[]>();
  for (const { card, holderCompanyId } of rows) {
    if (card.userId !== callerId && (companyId === null || holderCompanyId !== companyId)) continue;
    byUser.set(card.userId, [...(byUser.get(card.userId) ?? []), card]);
  }
  return byUser;
}

/** The distinct user ids of a list that can name a user at all. */
export const travelerIds = (userIds: string[]) => [...new Set(userIds.filter(isUuid))];

/** The cards of the users named (of the agency), by user id, as `heldBy` lets the caller read them. */
export async function cardsOfTravelers(
  db: Db,
  agencyId: string,
  callerId: string,
  companyId: string | null,
  userIds: string[],
): Promise<Map<string, UserCardRow[]>> {
  const ids = travelerIds(userIds);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ card: userCards, holderCompanyId: users.companyId })
    .from(userCards)
    .innerJoin(users, eq(users.id, userCards.userId))
    .where(and(inArray(userCards.userId, ids), eq(users.agencyId, agencyId)))
    .orderBy(asc(userCards.createdAt), asc(userCards.id));
  return heldBy(rows, callerId, companyId);
}
