import { apiCode } from '@contract/api-codes';
import { cardExpired, type CardPaymentResult, type PayByCardBody } from '@contract/payment';
import type { CardBrand } from '@contract/travel';
import { ownPaymentCard, savePaymentCard } from '@server/db/payment-cards';
import { insertPayment, movePayment, openPayment, paymentById, paymentOfTravel, type PaymentRow } from '@server/db/payments';
import { travelToChange, type ProductRow, type TravelRecord } from '@server/db/travels';
import { OPEN_PAYMENT, type StoredPaymentStatus } from '@server/domain/payment';
import { labelOf } from '@server/domain/product';
import { offers } from '@server/domain/travel';
import { PaymentError, type PaymentService, type PspPayment } from '@server/payment/types';
import { isoDate } from '@server/platform/clock';
import { ApiError, fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import { enqueue, settleJob, type JobHandlers } from '@server/platform/jobs';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { sha256 } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { bookHeld } from '@server/booking/book';
import { answer } from '@server/booking/present';
import * as repo from '@server/booking/repository';

/**
 * Checkout by card payment (spec 2 §1): the travel's `payByCard` (a card's token from the
 * payment service, or a saved card) and, when the bank asks its holder to authenticate (3-D Secure),
 * `confirmCardPayment` once the browser is back. Money moves in this order: authorize (the funds held),
 * book through the booking path (bookHeld), capture; a booking that fails releases the hold.
 *
 * Money safety: our payment record (db/payments.ts, its life in domain/payment.ts) is written before
 * the payment service is asked anything, and each of its moves is a compare-and-set in the transaction
 * of the change it stands for — the booking's, for `capturing`. Every call to the service goes under a
 * key made from the record's id, so a retry never pays twice. One attempt is under way per travel: the
 * same intent again (same card, amount and travel version) resumes it. The `settle-card-payment` job
 * finishes what a crash left: it captures a booked payment, and releases a hold whose booking never
 * came or an authentication left waiting.
 */

export const SETTLE_JOB = 'settle-card-payment';
export const settleKey = (paymentId: string) => `${SETTLE_JOB}:${paymentId}`;
const authorizeKey = (paymentId: string) => `authorize:${paymentId}`;

/** How long the bank's authentication page may be left waiting (a 3-D Secure session lasts about that long). */
export const AUTHENTICATION_MS = 15 * 60_000;
/** How long an attempt may sit authorizing, authorized or booking before the job takes it for a dead runner's. */
export const STALE_MS = 2 * 60_000;
/** When the job captures a booked payment if the capture right after the booking did not happen. */
const CAPTURE_CHECK_MS = 30_000;

const paymentService = (services: Services): PaymentService => services.payment ?? fail('PAYMENT_UNAVAILABLE');

/** A payment service failure as the caller is told it; the service's refusals of calls we should not make stay errors. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof PaymentError && err.kind === 'unavailable') fail('PAYMENT_UNAVAILABLE');
    if (err instanceof PaymentError && err.kind === 'invalid_token') fail('PAYMENT_TOKEN_INVALID');
    throw err;
  }
}

type ChosenCard = {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
  paymentCardId: string | null;
  saveCard: boolean;
};

/** The card to pay with: one of the caller's saved cards (another's: 404), or a new card's token the payment service lets the caller use (else 400). */
async function chosenCard(ctx: Ctx, body: PayByCardBody): Promise<ChosenCard> {
  if ('paymentCardID' in body) {
    const saved = (await ownPaymentCard(ctx.services.db, ctx.user.id, body.paymentCardID)) ?? fail('PAYMENT_CARD_NOT_FOUND');
    return {
      token: saved.token,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      holder: saved.holder,
      paymentCardId: saved.id,
      saveCard: false,
    };
  }
  const card = (await call(() => paymentService(ctx.services).card(body.cardToken, ctx.user.id))) ?? fail('PAYMENT_TOKEN_INVALID');
  return { token: body.cardToken, ...card, paymentCardId: null, saveCard: body.saveCard ?? false };
}

/** The products the final step books: the cart's, or the options held. */
const productsToBook = (rec: TravelRecord): ProductRow[] =>
  rec.products.filter((p) => p.status === (rec.travel.status === 'pending_confirmation' ? 'prebooked' : 'cart'));

const result = async (
  ctx: Ctx,
  travelId: string,
  status: CardPaymentResult['status'],
  authenticationUrl: string | null,
  db: Services['db'] = ctx.services.db,
): Promise<CardPaymentResult> => ({
  status,
  authenticationUrl,
  travel: await answer(ctx, travelId, db),
});

/** POST payByCard: pays the travel's final step by card, then books it; or answers the bank's page to authenticate at. */
export async function payByCard(ctx: Ctx, travelId: string, expected: number | null, body: PayByCardBody): Promise<CardPaymentResult> {
  const { services } = ctx;
  const rec = await travelToChange(services.db, ctx.user.id, travelId, expected);
  // The card is the caller's or nobody's before anything is said of the travel's state.
  const card = await chosenCard(ctx, body);
  const now = services.clock.now();
  if (!offers(rec, 'payByCard', now)) fail('TICKET_STATUS_FORBIDS');
  if (cardExpired(card.expMonth, card.expYear, isoDate(now))) fail('PAYMENT_CARD_EXPIRED');
  const products = productsToBook(rec);
  const amount = products.reduce((sum, p) => sum + p.price, 0);
  const request = sha256(JSON.stringify([card.token, amount, rec.travel.version]));

  const { attempt, replaced } = await services.db.transaction(async (tx) => {
    await repo.lockTravel(tx, travelId);
    const open = await openPayment(tx, travelId);
    // The same intent again (a retry after a crash or a lost answer): it goes on where it was.
    if (open && open.request === request) return { attempt: open, replaced: null };
    // Another intent may replace an attempt left on the bank's page, never one whose money is moving.
    if (open && open.status !== 'requires_authentication') fail('PAYMENT_IN_PROGRESS');
    if (open) {
      await movePayment(tx, open.id, ['requires_authentication'], { status: 'cancelled', failure: 'superseded' }, now);
      await enqueue(tx, { kind: SETTLE_JOB, key: settleKey(open.id), payload: { paymentId: open.id }, runAt: now });
    }
    const attempt = await insertPayment(tx, {
      agencyId: rec.travel.agencyId,
      travelId,
      userId: ctx.user.id,
      status: 'authorizing',
      request,
      token: card.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holder: card.holder,
      paymentCardId: card.paymentCardId,
      saveCard: card.saveCard,
      amount,
      createdAt: now,
      updatedAt: now,
    });
    // Whatever happens to this process, the job settles the attempt.
    await enqueue(tx, { kind: SETTLE_JOB, key: settleKey(attempt.id), payload: { paymentId: attempt.id }, runAt: new Date(now.getTime() + STALE_MS) });
    return { attempt, replaced: open ?? null };
  });
  if (replaced) await endAtService(services, replaced);

  let row = attempt;
  if (row.status === 'authorizing') {
    const asking = row;
    const authorized = await call(() =>
      paymentService(services).authorize({
        key: authorizeKey(asking.id),
        token: asking.token,
        customer: ctx.user.id,
        amount: asking.amount,
        description: `${ctx.agency.name} · ${labelOf(products[0]!.data)}`,
        // Back to this travel's checkout, which then follows the travel's confirmCardPayment link.
        returnUrl: `/cart/checkout?travel=${encodeURIComponent(travelId)}&bank=1`,
      }),
    ).catch(async (err: unknown) => {
      // Refused outright (the token is not the caller's): nothing was held. Unreachable: the retry of this intent asks again under the same key.
      if (!(err instanceof ApiError && err.code === apiCode.PAYMENT_UNAVAILABLE))
        await movePayment(services.db, asking.id, ['authorizing'], { status: 'failed', failure: 'refused' }, services.clock.now());
      throw err;
    });
    row = await recordAuthorization(ctx, row, authorized);
  }
  switch (row.status) {
    case 'requires_authentication':
      return result(ctx, travelId, 'requires_authentication', row.authenticationUrl);
    case 'failed':
      return fail('CARD_DECLINED');
    case 'authorized':
      return bookAndCapture(ctx, rec, row, products);
    case 'capturing':
    case 'captured':
      return result(ctx, travelId, 'booked', null);
    default:
      return fail('PAYMENT_IN_PROGRESS');
  }
}

/** The service's answer to the authorization, recorded (with the call's answer when it waits for the bank); the record as it is now. */
async function recordAuthorization(ctx: Ctx, row: PaymentRow, psp: PspPayment): Promise<PaymentRow> {
  const { db, clock } = ctx.services;
  const now = clock.now();
  const next: Partial<PaymentRow> =
    psp.status === 'requires_authentication'
      ? { status: 'requires_authentication', pspId: psp.id, authenticationUrl: psp.authenticationUrl }
      : psp.status === 'authorized'
        ? { status: 'authorized', pspId: psp.id }
        : { status: 'failed', pspId: psp.id, failure: 'declined' };
  return db.transaction(async (tx) => {
    const moved = await movePayment(tx, row.id, ['authorizing'], next, now);
    // A twin (the same intent, another process) recorded it first: its record is the one.
    if (!moved) return (await paymentById(tx, row.id))!;
    if (moved.status === 'requires_authentication')
      await recordAnswer(tx, () => result(ctx, row.travelId, 'requires_authentication', moved.authenticationUrl, tx));
    return moved;
  });
}

/**
 * Books the travel with an authorized payment (the one runner that moves it to `booking` does), the
 * payment moving to `capturing` in the booking's own transaction; then captures. A failed booking
 * releases the hold on the card, and the failure is answered: nothing was taken.
 */
async function bookAndCapture(ctx: Ctx, rec: TravelRecord, row: PaymentRow, products: ProductRow[]): Promise<CardPaymentResult> {
  const { services } = ctx;
  const now = services.clock.now();
  if (!(await movePayment(services.db, row.id, ['authorized'], { status: 'booking' }, now))) fail('PAYMENT_IN_PROGRESS');
  try {
    await bookHeld(
      services,
      rec,
      products,
      async (tx) => {
        if (!(await movePayment(tx, row.id, ['booking'], { status: 'capturing' }, now))) fail('PAYMENT_IN_PROGRESS');
        if (row.saveCard)
          await savePaymentCard(tx, row.userId, {
            token: row.token,
            brand: row.brand,
            last4: row.last4,
            expMonth: row.expMonth,
            expYear: row.expYear,
            holder: row.holder,
          });
        await enqueue(tx, { kind: SETTLE_JOB, key: settleKey(row.id), payload: { paymentId: row.id }, runAt: new Date(now.getTime() + CAPTURE_CHECK_MS) });
        await recordAnswer(tx, () => result(ctx, rec.travel.id, 'booked', null, tx));
      },
      { brand: row.brand, last4: row.last4, amount: row.amount },
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === apiCode.IDEMPOTENCY_IN_PROGRESS) {
      // Another process took this call over: it books with this payment, which it may take back.
      await movePayment(services.db, row.id, ['booking'], { status: 'authorized' }, services.clock.now());
    } else {
      const voided = await movePayment(services.db, row.id, ['booking'], { status: 'voided', failure: 'booking_failed' }, services.clock.now());
      if (voided) await endAtService(services, voided);
    }
    throw err;
  }
  await capture(services, row.id);
  return result(ctx, rec.travel.id, 'booked', null);
}

/** Takes the funds of a booked payment and records it; when the service does not answer, the job tries again. */
async function capture(services: Services, paymentId: string): Promise<void> {
  const row = await paymentById(services.db, paymentId);
  if (row?.status !== 'capturing' || !row.pspId) return;
  try {
    await paymentService(services).capture(row.pspId);
  } catch {
    return;
  }
  const now = services.clock.now();
  await movePayment(services.db, paymentId, ['capturing'], { status: 'captured' }, now);
  await settleJob(services.db, settleKey(paymentId), now);
}

/** Makes sure the service holds nothing for an attempt that ended uncaptured (released, abandoned, replaced); a failure is the job's to retry. */
async function endAtService(services: Services, row: PaymentRow): Promise<void> {
  const psp = paymentService(services);
  try {
    const pspId = row.pspId ?? (await psp.status({ key: authorizeKey(row.id) }))?.id;
    if (pspId) {
      const now = await psp.status({ id: pspId });
      if (now?.status === 'authorized' || now?.status === 'requires_authentication') await psp.cancel(pspId);
    }
    await settleJob(services.db, settleKey(row.id), services.clock.now());
  } catch {
    // The settle job of this attempt is still due: it releases the hold.
  }
}

/**
 * POST confirmCardPayment: back from the bank's page, the payment service — never the browser — says
 * how the authentication went. Authenticated: the travel is booked and paid. Refused: nothing was
 * taken (402). Left unanswered: the attempt is cancelled (409), and the travel can be paid again.
 */
export async function confirmCardPayment(ctx: Ctx, travelId: string, paymentId: string, expected: number | null): Promise<CardPaymentResult> {
  const { services } = ctx;
  const rec = await travelToChange(services.db, ctx.user.id, travelId, expected);
  const row = await paymentOfTravel(services.db, travelId, paymentId);
  if (!row || row.userId !== ctx.user.id) return fail('NOT_FOUND');
  const now = services.clock.now();
  if (!offers(rec, 'confirmCardPayment', now) || row.status !== 'requires_authentication') fail('TICKET_STATUS_FORBIDS');
  const products = productsToBook(rec);
  const end = async (status: StoredPaymentStatus, failure: string) => {
    const ended = await movePayment(services.db, row.id, ['requires_authentication'], { status, failure }, services.clock.now());
    if (ended) await endAtService(services, ended);
  };
  // The travel changed since the payment was asked (its products, its price): this payment is not for it.
  if (products.reduce((sum, p) => sum + p.price, 0) !== row.amount) {
    await end('cancelled', 'travel_changed');
    fail('VERSION_CONFLICT');
  }
  const psp = await call(() => paymentService(services).confirm(row.pspId!));
  if (psp.status === 'authorized') {
    const moved = (await movePayment(services.db, row.id, ['requires_authentication'], { status: 'authorized' }, now)) ?? fail('PAYMENT_IN_PROGRESS');
    return bookAndCapture(ctx, rec, moved, products);
  }
  if (psp.status === 'requires_authentication') {
    await end('cancelled', 'abandoned');
    return fail('CARD_AUTHENTICATION_ABANDONED');
  }
  await end('failed', psp.status === 'authentication_failed' ? 'authentication_failed' : 'declined');
  return fail(psp.status === 'authentication_failed' ? 'CARD_AUTHENTICATION_FAILED' : 'CARD_DECLINED');
}

/**
 * The job that settles an attempt whatever happened to the process that made it: a booked payment is
 * captured; an attempt left authorizing, authorized or booking by a dead runner (or left on the bank's
 * page) is ended once stale, its hold released; an attempt that ended is checked to hold nothing.
 */
export const cardPaymentJobs: JobHandlers = {
  [SETTLE_JOB]: async (services, job) => {
    const { db, clock } = services;
    const psp = services.payment;
    if (!psp) throw new Error('no payment service to settle card payments with');
    let row = await paymentById(db, String(job.payload.paymentId));
    if (!row || row.status === 'captured') return;
    const now = clock.now();
    if (row.status === 'capturing') {
      await psp.capture(row.pspId!);
      await movePayment(db, row.id, ['capturing'], { status: 'captured' }, now);
      return;
    }
    if (OPEN_PAYMENT.includes(row.status)) {
      const staleAt = row.updatedAt.getTime() + (row.status === 'requires_authentication' ? AUTHENTICATION_MS : STALE_MS);
      if (now.getTime() < staleAt) return { runAgainAt: new Date(staleAt) };
      // The record moves first: a runner still booking with it can no longer record its booking.
      const ended = await movePayment(
        db,
        row.id,
        [row.status],
        { status: row.status === 'requires_authentication' ? 'expired' : 'voided', failure: 'expired' },
        now,
      );
      if (!ended) return { runAgainAt: new Date(now.getTime() + 1_000) };
      row = ended;
    }
    const pspId = row.pspId ?? (await psp.status({ key: authorizeKey(row.id) }))?.id;
    if (!pspId) return;
    const held = await psp.status({ id: pspId });
    if (held?.status === 'authorized' || held?.status === 'requires_authentication') await psp.cancel(pspId);
  },
};
