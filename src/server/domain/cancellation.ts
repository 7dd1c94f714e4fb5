import { PREVIEW_VALIDITY_MINUTES, type RefundPreviewItem } from '@contract/cancellation';
import type { ProductCancellation, ProductStatus, TravelStatus } from '@contract/travel';
import { escapeHtml } from '@contract/html';
import { money } from '@contract/money';
import { isTrip, TICKETED_TYPES, type StoredProduct } from './product';
import type { TravelState } from './travel-state';

/**
 * Cancellation rules (spec 2 §4 "Cancel product modal", §5 "Other rules", §6), pure:
 * which product may be cancelled now, which go with it, what the preview says, and the travel's
 * status afterwards. The feature (features/cancellation) loads, asks the supplier, and saves.
 */

/** Products booked with the supplier (tickets issued or on their way): the ones a traveller may cancel. */
export const CANCELLABLE_PRODUCT: readonly ProductStatus[] = ['booked', 'pending_ticketing', 'issued'];
/** Travels with such products: booked ones, and ones where some product was already cancelled or sent to the agency. */
export const CANCELLABLE_TRAVEL: readonly TravelStatus[] = ['booked', 'pending_ticketing', 'issued', 'modified', 'partially_cancelled', 'pending_cancel'];
/** Statuses of a travel some of whose products were cancelled or sent to the agency (its recap still tells of them). */
export const CANCELLATION_STATUSES: readonly TravelStatus[] = ['partially_cancelled', 'pending_cancel', 'cancelled'];
/** Products no longer part of the travel (a released or expired option, a ticket replaced by its exchange). */
const GONE: readonly ProductStatus[] = ['released', 'expired', 'exchanged'];

/** Whether the product may be cancelled now: booked, in a booked travel, not left yet. The links previewRefund and cancelProduct say so. */
export const mayCancel = (travel: Pick<TravelState, 'status'>, product: Pick<StoredProduct, 'status' | 'startsAt'>, now: Date) =>
  CANCELLABLE_TRAVEL.includes(travel.status) && CANCELLABLE_PRODUCT.includes(product.status) && product.startsAt.getTime() > now.getTime();

/**
 * The products cancelled with `product`: itself, and the other leg of a round-trip fare (its outward
 * fare is sold only with a return; both legs were added to the cart together, at one instant) when
 * that leg may still be cancelled.
 */
export function cancelledWith<P extends Pick<StoredProduct, 'id' | 'status' | 'startsAt' | 'data'> & { createdAt: Date }>(
  travel: Pick<TravelState, 'status'>,
  products: P[],
  product: P,
  now: Date,
): P[] {
  const together = products.filter((p) => p.createdAt.getTime() === product.createdAt.getTime());
  if (!together.some((p) => isTrip(p.data) && p.data.offer.roundTrip)) return [product];
  return [product, ...together.filter((p) => p.id !== product.id && mayCancel(travel, p, now))];
}

/**
 * The travel's status once its products' statuses changed by a cancellation (or the agency's answer):
 * every live product cancelled → cancelled; some → partially_cancelled; else some with the agency →
 * pending_cancel; else (the agency refused) back to the booking's own status.
 */
export function statusAfterCancellation(current: TravelStatus, products: (Pick<StoredProduct, 'status'> & { type?: StoredProduct['type'] })[]): TravelStatus {
  const live = products.filter((p) => !GONE.includes(p.status));
  const cancelled = live.filter((p) => p.status === 'cancelled').length;
  if (live.length > 0 && cancelled === live.length) return 'cancelled';
  if (cancelled > 0) return 'partially_cancelled';
  if (live.some((p) => p.status === 'pending_cancel')) return 'pending_cancel';
  if (!CANCELLATION_STATUSES.includes(current)) return current;
  // A hotel stay or a car rental stays booked beside issued tickets: the tickets tell the travel's status.
  const tickets = live.filter((p) => !p.type || TICKETED_TYPES.includes(p.type));
  const told = tickets.length ? tickets : live;
  if (told.some((p) => p.status === 'booked')) return 'booked';
  if (told.some((p) => p.status === 'pending_ticketing')) return 'pending_ticketing';
  return 'issued';
}

/** Whether the company cancels this kind of product through its agency only (companies.config, spec 2 §6). */
export const offlineByCompany = (config: { airOfflineCancellation: boolean; railOfflineCancellation: boolean } | null, type: StoredProduct['type']) =>
  Boolean(config && ((type === 'flight' && config.airOfflineCancellation) || (type === 'rail' && config.railOfflineCancellation)));

/** The supplier's quote as the preview needs it (supplier/types RefundQuote). */
export type Quote = { refund: number; fees: number; fixedFees: number; conditions: string; deadline: string | null; online: boolean; void: boolean };

/**
 * A product's refund preview at `now`: the quote's amounts (none when `offline`: the agency decides),
 * valid PREVIEW_VALIDITY_MINUTES at most, and never past the quote's own deadline or the departure.
 */
export function previewItem(product: Pick<StoredProduct, 'id' | 'startsAt'>, name: string, quote: Quote, offline: boolean, now: Date): RefundPreviewItem {
  const limits = [now.getTime() + PREVIEW_VALIDITY_MINUTES * 60_000, product.startsAt.getTime()];
  if (quote.deadline) limits.push(Date.parse(quote.deadline));
  return {
    product_id: product.id,
    name,
    confirm_refund_date_limit: new Date(Math.min(...limits)).toISOString(),
    refund: offline ? { total: null, currency: '' } : { total: quote.refund, currency: 'EUR' },
    fixed_fees: offline ? null : quote.fixedFees,
    variable_fees: offline ? null : quote.fees - quote.fixedFees,
    conditions_by_id: { [product.id]: `<p>${escapeHtml(quote.conditions)}</p>` },
    void: !offline && quote.void,
    offline,
  };
}

/** What the user was shown of a product, as the cancel body carries it. */
export type Previewed = { product_id: string; refund_total: number | null; confirm_refund_date_limit: string };

/** Whether what the user was shown still holds at `now`: the same refund, its limit not passed. */
export const previewHolds = (shown: Previewed | undefined, fresh: RefundPreviewItem, now: Date) =>
  Boolean(shown) && shown!.refund_total === fresh.refund.total && now.getTime() <= Date.parse(shown!.confirm_refund_date_limit);

/** A product's cancellation as the API shows it. */
export function presentCancellation(product: Pick<StoredProduct, 'data'>): ProductCancellation | null {
  const c = product.data.cancellation;
  if (!c) return null;
  const fees = c.fixedFees === null && c.variableFees === null ? null : (c.fixedFees ?? 0) + (c.variableFees ?? 0);
  return {
    offline: c.offline,
    void: c.void,
    requestedAt: c.requestedAt,
    cancelledAt: c.cancelledAt,
    refund: c.refund === null ? null : money(c.refund),
    fees: fees === null ? null : money(fees),
    refusal: c.refusal,
  };
}

/** The refund a cancelled product brought back (cents), 0 otherwise. */
export const refundOf = (product: Pick<StoredProduct, 'status' | 'data'>) => (product.status === 'cancelled' ? (product.data.cancellation?.refund ?? 0) : 0);
