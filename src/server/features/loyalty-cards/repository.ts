import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { userCards } from '@server/db/schema';
import type { CardValues } from '@contract/loyalty-cards';

/** SQL only the cards screens write; reads others share are db/user-cards.ts. */

const columns = (card: CardValues) => ({
  cardTypeId: card.cardtype_id,
  cardNumber: card.cardnumber,
  effectiveDate: card.effective_date,
  expirationDate: card.expiration_date,
});

/** New cards, in the list's order (after every card the transaction has written, one millisecond apart). */
export const insertCards = async (db: Db, userId: string, cards: CardValues[]) => {
  if (cards.length)
    await db
      .insert(userCards)
      .values(cards.map((card, i) => ({ userId, ...columns(card), createdAt: sql`clock_timestamp() + ${i} * interval '1 millisecond'` })));
};

export const updateCard = (db: Db, userId: string, cardId: string, card: CardValues) =>
  db
    .update(userCards)
    .set(columns(card))
    .where(and(eq(userCards.id, cardId), eq(userCards.userId, userId)));

export const deleteCard = (db: Db, userId: string, cardId: string) => db.delete(userCards).where(and(eq(userCards.id, cardId), eq(userCards.userId, userId)));

/** Deletes the user's cards other than `keep`. */
export const deleteCardsExcept = (db: Db, userId: string, keep: string[]) =>
  db.delete(userCards).where(keep.length ? and(eq(userCards.userId, userId), notInArray(userCards.id, keep)) : eq(userCards.userId, userId));

export const ownCardIds = async (db: Db, userId: string, ids: string[]): Promise<Set<string>> =>
  new Set(
    ids.length
      ? (
          await db
            .select({ id: userCards.id })
            .from(userCards)
            .where(and(eq(userCards.userId, userId), inArray(userCards.id, ids)))
        ).map((r) => r.id)
      : [],
  );
