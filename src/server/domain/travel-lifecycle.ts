import type { Rel } from '@contract/rels';
import type { ProductStatus, TravelStatus } from '@contract/travel';
import { CANCELLABLE_TRAVEL, statusAfterCancellation } from './cancellation';
import type { StoredProduct } from './product';

/**
 * A travel's life, as the events that move it: for each, the travel statuses it may happen in, the
 * product statuses it moves (from → the statuses they may take) and the travel's status after it.
 * Every status a travel or a product takes is written through this table (db/travels.ts
 * `applyTravelEvent`): a feature cannot write a move it does not list. The presenter offers an
 * action's link only when its event may happen now (domain/travel.ts).
 */

export const TRAVEL_EVENTS = [
  /** The traveller holds the cart's products as options. */
  'hold',
  /** The traveller sends the cart to its approvers: its products are held meanwhile. */
  'requestApproval',
  /** The round of approvals all said yes: the held products are booked. */
  'approveRound',
  /** An approver said no: the holds go back, the travel is denied. */
  'deny',
  /** The requester took the request back: the travel returns to the cart, each product re-priced or released. */
  'returnToCart',
  /** The approved booking failed at the supplier: as returnToCart. */
  'failRound',
  /** Options or a request not answered by their time limit. */
  'expire',
  /** The traveller (or the agency for them) books the cart or the held options. */
  'book',
  /** Held options given back (the travel is removed when none is left). */
  'release',
  /** The supplier starts issuing the tickets of a booked travel. */
  'startTicketing',
  /** The supplier issued them. */
  'issue',
  /** Products cancelled, sent to the agency, or (the agency refused) back to their booking. */
  'cancelProducts',
  /** The supplier cancelled a booked product (the daily reconciliation). */
  'supplierCancels',
  /** An issued ticket replaced by its exchange. */
  'exchange',
  /** The user removes a travel with nothing booked or held in it (held options are released one by one). */
  'remove',
] as const;
export type TravelEvent = (typeof TRAVEL_EVENTS)[number];

/** What the lifecycle reads of a product: its status (after the event) and, for the tickets' rule, its type. */
export type LifecycleProduct = Pick<StoredProduct, 'status'> & { type?: StoredProduct['type'] };

type Rule = {
  from: readonly TravelStatus[];
  products: Partial<Record<ProductStatus, readonly ProductStatus[]>>;
  to: (current: TravelStatus, after: LifecycleProduct[]) => TravelStatus;
};

const to = (status: TravelStatus) => () => status;
/** The products a booked travel's tickets and cancellations move. */
const BOOKED_PRODUCT: readonly ProductStatus[] = ['booked', 'pending_ticketing', 'issued'];
/** Travels whose status tells of a cancellation: the ticketing moves their products, not them. */
const PARTLY_CANCELLED: readonly TravelStatus[] = ['partially_cancelled', 'pending_cancel'];
/** Travels the supplier's cancellation moves (one with a cancellation at the agency keeps its status). */
const AFTER_BOOKING: readonly TravelStatus[] = ['booked', 'pending_ticketing', 'issued', 'modified', 'partially_cancelled'];
const toCart = { from: ['pending_approval'], products: { pending_approval: ['cart', 'released'] }, to: to('cart') } as const satisfies Rule;

const LIFECYCLE: Record<TravelEvent, Rule> = {
  hold: { from: ['cart'], products: { cart: ['prebooked'] }, to: to('pending_confirmation') },
  requestApproval: { from: ['cart'], products: { cart: ['pending_approval'] }, to: to('pending_approval') },
  approveRound: { from: ['pending_approval'], products: { pending_approval: ['booked'] }, to: to('booked') },
  deny: { from: ['pending_approval'], products: { pending_approval: ['released'] }, to: to('denied') },
  returnToCart: toCart,
  failRound: toCart,
  expire: { from: ['pending_confirmation', 'pending_approval'], products: { prebooked: ['expired'], pending_approval: ['expired'] }, to: to('expired') },
  book: { from: ['cart', 'pending_confirmation'], products: { cart: ['booked'], prebooked: ['booked'] }, to: to('booked') },
  release: {
    from: ['pending_confirmation'],
    products: { prebooked: ['released'] },
    to: (_, after) => (after.some((p) => p.status === 'prebooked') ? 'pending_confirmation' : 'removed'),
  },
  startTicketing: {
    from: ['booked', ...PARTLY_CANCELLED],
    products: { booked: ['pending_ticketing'] },
    to: (current) => (current === 'booked' ? 'pending_ticketing' : current),
  },
  issue: {
    from: ['pending_ticketing', ...PARTLY_CANCELLED],
    products: { pending_ticketing: ['issued'] },
    to: (current) => (current === 'pending_ticketing' ? 'issued' : current),
  },
  cancelProducts: {
    from: CANCELLABLE_TRAVEL,
    products: {
      booked: ['cancelled', 'pending_cancel'],
      pending_ticketing: ['cancelled', 'pending_cancel'],
      issued: ['cancelled', 'pending_cancel'],
      pending_cancel: ['cancelled', ...BOOKED_PRODUCT],
    },
    to: statusAfterCancellation,
  },
  supplierCancels: {
    from: CANCELLABLE_TRAVEL,
    products: { booked: ['cancelled'], pending_ticketing: ['cancelled'], issued: ['cancelled'] },
    to: (current, after) => {
      if (!AFTER_BOOKING.includes(current)) return current;
      return after.some((p) => !['released', 'expired', 'cancelled', 'exchanged'].includes(p.status)) ? 'partially_cancelled' : 'cancelled';
    },
  },
  exchange: { from: CANCELLABLE_TRAVEL, products: { issued: ['exchanged'] }, to: to('modified') },
  remove: { from: ['cart', 'expired', 'denied'], products: {}, to: to('removed') },
};

/** The lifecycle event each action link of a travel or a product leads to: the presenter offers the link only when the event may happen. */
export const LINK_EVENTS = {
  delete: 'remove',
  requestApproval: 'requestApproval',
  confirm: 'book',
  payByCard: 'book',
  confirmCardPayment: 'book',
  cancelApproval: 'returnToCart',
  remind: 'approveRound',
  releasePrebooking: 'release',
  cancelProduct: 'cancelProducts',
  getExchangeableSections: 'exchange',
} as const satisfies Partial<Record<Rel, TravelEvent>>;

/** Whether `event` may happen to a travel in `status`. */
export const allows = (event: TravelEvent, status: TravelStatus): boolean => LIFECYCLE[event].from.includes(status);

/** The travel statuses `event` may happen in. */
export const statusesAllowing = (event: TravelEvent): readonly TravelStatus[] => LIFECYCLE[event].from;

/** Whether `event` may move a product from `from` to `next`. */
export const movesProduct = (event: TravelEvent, from: ProductStatus, next: ProductStatus): boolean => LIFECYCLE[event].products[from]?.includes(next) ?? false;

/** Why `event` may not happen as asked, or null when it may; on success, the travel's status after it. */
export type Transition = { ok: true; status: TravelStatus } | { ok: false; why: string };

/**
 * The travel's status after `event`, its products moved as `moves` says (id → status): refused when
 * the travel's status does not allow the event, or a product's move is not the event's.
 */
export function transition<P extends LifecycleProduct & { id: string }>(
  event: TravelEvent,
  current: TravelStatus,
  products: P[],
  moves: Map<string, ProductStatus>,
): Transition {
  if (!allows(event, current)) return { ok: false, why: `${event} may not happen to a travel ${current}` };
  for (const [id, next] of moves) {
    const product = products.find((p) => p.id === id);
    if (!product) return { ok: false, why: `${event}: product ${id} is not the travel's` };
    if (!movesProduct(event, product.status, next)) return { ok: false, why: `${event} may not move a product ${product.status} to ${next}` };
  }
  const after = products.map((p) => ({ ...p, status: moves.get(p.id) ?? p.status }));
  return { ok: true, status: LIFECYCLE[event].to(current, after) };
}
