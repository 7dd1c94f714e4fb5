import type { CardBrand } from '@contract/travel';
import { addRefunds, paidPayment, paymentById, refundDone } from '@server/db/payments';
import type { ProductRow } from '@server/db/travels';
import { refundKey, type StoredRefund } from '@server/domain/payment';
import { enqueue, settleJob, type JobHandlers } from '@server/platform/jobs';
import type { Services } from '@server/platform/services';

/**
 * Refunds to the card: a cancelled product of a travel paid by card gives its refund back
 * to that card. The refund is recorded (pending) in the cancellation's own transaction, with a job;
 * the payment service is asked right after it commits, under a key per payment and product, and the
 * job asks again whatever happened in between: the card is refunded once, never twice, never not.
 */

export const REFUND_JOB = 'refund-card-payment';
const refundJobKey = (paymentId: string) => `${REFUND_JOB}:${paymentId}`;

/** The card a travel was paid with, as its cancellation e-mail names it. */
export type RefundedCard = { paymentId: string; brand: CardBrand; last4: string };

/** In `tx`: records the refunds of `cancelled` products (refund in their cancellation) when the travel was paid by card; that card, or null. */
export async function recordCardRefunds(tx: Services['db'], travelId: string, cancelled: ProductRow[], now: Date): Promise<RefundedCard | null> {
  const payment = await paidPayment(tx, travelId);
  if (!payment) return null;
  const refunds: StoredRefund[] = cancelled
    .filter((p) => (p.data.cancellation?.refund ?? 0) > 0)
    .map((p) => ({ key: refundKey(payment.id, p.id), productId: p.id, amount: p.data.cancellation!.refund!, at: now.toISOString(), status: 'pending' }));
  if (refunds.length === 0) return null;
  await addRefunds(tx, payment, refunds, now);
  await enqueue(tx, { kind: REFUND_JOB, key: refundJobKey(payment.id), payload: { paymentId: payment.id }, runAt: new Date(now.getTime() + 30_000) });
  return { paymentId: payment.id, brand: payment.brand, last4: payment.last4 };
}

/**
 * Asks the payment service for the payment's pending refunds and records each one made. A booked
 * payment not captured yet is left to its capture first (the job runs again). Throws when the service
 * fails: inline the caller ignores it (the job is due), a job run is retried.
 */
export async function makeCardRefunds(services: Services, paymentId: string): Promise<'done' | 'later'> {
  const psp = services.payment;
  if (!psp) throw new Error('no payment service to refund with');
  const row = await paymentById(services.db, paymentId);
  if (!row) return 'done';
  if (row.status !== 'captured' || !row.pspId) return 'later';
  for (const refund of row.refunds.filter((r) => r.status === 'pending')) {
    await psp.refund(row.pspId, { key: refund.key, amount: refund.amount });
    await refundDone(services.db, row.id, refund.key, services.clock.now());
  }
  await settleJob(services.db, refundJobKey(paymentId), services.clock.now());
  return 'done';
}

export const refundJobs: JobHandlers = {
  [REFUND_JOB]: async (services, job) => {
    const outcome = await makeCardRefunds(services, String(job.payload.paymentId));
    if (outcome === 'later') return { runAgainAt: new Date(services.clock.now().getTime() + 60_000) };
  },
};
