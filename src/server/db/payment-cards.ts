import { and, asc, eq } from 'drizzle-orm';
import type { CardBrand } from '@contract/travel';
import type { Db } from './client';
import { paymentCards } from './schema';

/**
 * The user's saved payment cards: written when a card paid with "save this card" was
 * accepted by the bank (features/booking/card-payment.ts), read at checkout and in the personal space
 * (features/payment-cards). Always the caller's own: every query names the user.
 */

export type PaymentCardRow = typeof paymentCards.$inferSelect;
export type SavedCard = { token: string; brand: CardBrand; last4: string; expMonth: number; expYear: number; holder: string };

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const paymentCardsOf = (db: Db, userId: string) =>
  db.select().from(paymentCards).where(eq(paymentCards.userId, userId)).orderBy(asc(paymentCards.createdAt));

/** One of the user's cards; another user's, or an id of nothing, is none. */
export async function ownPaymentCard(db: Db, userId: string, id: string): Promise<PaymentCardRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId)))
    .limit(1);
  return row;
}

/** Saves a card; the same card saved again (brand, last 4 digits, expiry, holder) takes the new token instead of a second row. */
export async function savePaymentCard(tx: Db, userId: string, card: SavedCard): Promise<void> {
  const same = and(
    eq(paymentCards.userId, userId),
    eq(paymentCards.brand, card.brand),
    eq(paymentCards.last4, card.last4),
    eq(paymentCards.expMonth, card.expMonth),
    eq(paymentCards.expYear, card.expYear),
    eq(paymentCards.holder, card.holder),
  );
  const updated = await tx.update(paymentCards).set({ token: card.token }).where(same).returning({ id: paymentCards.id });
  if (updated.length === 0) await tx.insert(paymentCards).values({ userId, ...card });
}

export const deletePaymentCard = (db: Db, userId: string, id: string) =>
  db.delete(paymentCards).where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId)));
