import type { PaymentCards } from '@contract/payment';
import { cardExpired } from '@contract/payment';
import { linkTo } from '@contract/rels';
import type { Db } from '@server/db/client';
import { deletePaymentCard, ownPaymentCard, paymentCardsOf } from '@server/db/payment-cards';
import { isoDate } from '@server/platform/clock';
import { fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';

/**
 * The user's saved payment cards: saved when a card paid with "save this card" was
 * accepted (features/booking/card-payment.ts), listed and deleted here. The caller's own only:
 * another user's card id is unknown (404, 200). Never the number nor the token: brand, last 4
 * digits, expiry, holder, and whether it has expired on the server's today.
 */

export async function list(ctx: Ctx, db: Db = ctx.services.db): Promise<PaymentCards> {
  const today = isoDate(ctx.services.clock.now());
  const rows = await paymentCardsOf(db, ctx.user.id);
  return {
    cards: rows.map((row) => ({
      id: row.id,
      brand: row.brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      holder: row.holder,
      expired: cardExpired(row.expMonth, row.expYear, today),
      links: { deletePaymentCard: linkTo('deletePaymentCard', { paymentCardID: row.id }) },
    })),
  };
}

/** Deletes one of the caller's cards (the payments made with it keep their brand and last 4 digits); answers the list as it is then. */
export async function remove(ctx: Ctx, id: string): Promise<PaymentCards> {
  if (!(await ownPaymentCard(ctx.services.db, ctx.user.id, id))) fail('PAYMENT_CARD_NOT_FOUND');
  return ctx.services.db.transaction(async (tx) => {
    await deletePaymentCard(tx, ctx.user.id, id);
    const answer = await list(ctx, tx);
    await recordAnswer(tx, () => answer);
    return answer;
  });
}
