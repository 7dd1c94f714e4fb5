import { money } from '@contract/money';
import type { CardBrand, TravelPayment, TravelStatus } from '@contract/travel';
import type { CheckoutRules } from './company';
import { CANCELLATION_STATUSES, refundOf } from './cancellation';
import type { StoredProduct } from './product';
import { BOOKED } from './travel-state';

/**
 * Card payment rules (spec 2 §1), pure: the life of our record of a card payment, which
 * records a travel is paid with, and how a travel's payment is shown.
 *
 * A payment record (table `payments`) goes: authorizing (the payment service asked under our key) →
 * requires_authentication (the bank's 3-D Secure page) → authorized (funds held) → booking (the one
 * runner that books took it) → capturing (the travel booked, in the booking's transaction) → captured.
 * It ends failed (declined, authentication refused), voided (the booking failed: the hold released),
 * cancelled (abandoned, or replaced by another payment of the travel) or expired (left waiting).
 */
export type StoredPaymentStatus =
  | 'authorizing'
  | 'requires_authentication'
  | 'authorized'
  | 'booking'
  | 'capturing'
  | 'captured'
  | 'failed'
  | 'voided'
  | 'cancelled'
  | 'expired';

/** Attempts still under way: at most one per travel (a unique index says so). */
export const OPEN_PAYMENT: readonly StoredPaymentStatus[] = ['authorizing', 'requires_authentication', 'authorized', 'booking'];
/** The payment a booked travel was paid with: at most one per travel. */
export const EFFECTIVE_PAYMENT: readonly StoredPaymentStatus[] = ['capturing', 'captured'];

/** A refund to the card of one cancelled product: recorded with the cancellation, then asked of the payment service under `key`. */
export type StoredRefund = { key: string; productId: string; amount: number; at: string; status: 'pending' | 'done' };

/** What the rules and the presentation need of a payment record. */
export type StoredPayment = {
  id: string;
  status: StoredPaymentStatus;
  brand: CardBrand;
  last4: string;
  amount: number;
  refunds: StoredRefund[];
};

/** Whether the company lets its travellers pay by card (checkout_rules.payment; company payment is always there). */
export const cardPaymentAllowed = (rules: CheckoutRules) => rules.payment?.card === true;

/** The refund keys of a payment: one per cancelled product, so a retry or the job refunds it once. */
export const refundKey = (paymentId: string, productId: string) => `refund:${paymentId}:${productId}`;

function statusOf(paid: number, refunded: number, captured: boolean): TravelPayment['status'] {
  if (!captured) return 'authorized';
  if (refunded > 0 && refunded >= paid) return 'refunded';
  return refunded > 0 ? 'partially_refunded' : 'captured';
}

/** Travels whose products were booked (then maybe cancelled): they were paid. */
const paidStatuses: readonly TravelStatus[] = [...BOOKED, ...CANCELLATION_STATUSES];

/**
 * How a travel was paid, as the API shows it: its card payment when it has one; else, once booked, the
 * company's account (its booked products' prices, less the refunds of cancelled ones); null before.
 */
export function presentPayment(
  status: TravelStatus,
  products: Pick<StoredProduct, 'id' | 'status' | 'price' | 'data'>[],
  card: StoredPayment | null | undefined,
): TravelPayment | null {
  if (card) {
    const refunded = card.refunds.filter((r) => r.status === 'done').reduce((sum, r) => sum + r.amount, 0);
    return {
      method: 'card',
      card: { brand: card.brand, last4: card.last4 },
      amount: money(card.amount),
      status: statusOf(card.amount, refunded, card.status === 'captured'),
      refunded: refunded > 0 ? money(refunded) : null,
      refunds: card.refunds.map((r) => ({ productId: r.productId, amount: money(r.amount), at: r.at, status: r.status })),
    };
  }
  if (!paidStatuses.includes(status)) return null;
  const paid = products.filter((p) => p.status !== 'exchanged' && p.status !== 'released' && p.status !== 'expired');
  const refunds = paid.filter((p) => refundOf(p) > 0);
  const amount = paid.reduce((sum, p) => sum + p.price, 0);
  const refunded = refunds.reduce((sum, p) => sum + refundOf(p), 0);
  return {
    method: 'company',
    card: null,
    amount: money(amount),
    status: statusOf(amount, refunded, true),
    refunded: refunded > 0 ? money(refunded) : null,
    refunds: refunds.map((p) => ({ productId: p.id, amount: money(refundOf(p)), at: p.data.cancellation?.cancelledAt ?? '', status: 'done' as const })),
  };
}
