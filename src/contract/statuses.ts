/**
 * Every travel, product and ticket status a list may show (spec 2 §4 "Travel and ticket statuses",
 * plus this server's own `prebooked` and `released`, and the agency view's `in_approval` and
 * `ticket_expired`), each in its colour family. One catalogue for every list: the cart, the bookings
 * and archives, the beta lists, the travel view and the agency's screens label and colour a status
 * the same way (web/components/BookingStatus.tsx holds the words).
 */
export const STATUS_FAMILIES = {
  error: 'bad',
  cancelled: 'bad',
  not_found: 'bad',
  pending_cancel: 'pending',
  partially_cancelled: 'pending',
  pending_confirmation: 'pending',
  pending_approval: 'pending',
  in_approval: 'pending',
  denied: 'bad',
  cart: 'neutral',
  prebooked: 'pending',
  partially_booked: 'pending',
  booked: 'ok',
  confirmed: 'ok',
  ticketed: 'ok',
  done: 'ok',
  issued: 'ok',
  partially_confirmed: 'pending',
  pending_issuing: 'pending',
  pending_ticketing: 'pending',
  partially_issued: 'pending',
  partially_ticketed: 'pending',
  pending_payment: 'pending',
  paid: 'ok',
  pending_refund: 'pending',
  partially_refunded: 'pending',
  refunded: 'neutral',
  released: 'bad',
  removed: 'neutral',
  modified: 'neutral',
  exchanged: 'neutral',
  archived: 'neutral',
  expired: 'bad',
  ticket_expired: 'bad',
  unknown: 'neutral',
} as const satisfies Record<string, 'bad' | 'pending' | 'ok' | 'neutral'>;

export type AnyStatus = keyof typeof STATUS_FAMILIES;
export type StatusFamily = (typeof STATUS_FAMILIES)[AnyStatus];
export const ANY_STATUSES = Object.keys(STATUS_FAMILIES) as AnyStatus[];

/** A status this catalogue does not know (another supplier's) shows as `unknown`. */
export const statusFamily = (status: string): StatusFamily => STATUS_FAMILIES[status as AnyStatus] ?? 'neutral';
