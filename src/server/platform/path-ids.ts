import type { ApiCodeKey } from '@contract/api-codes';

/**
 * The ids of our tables that paths carry (`/v2/travels/:travelID`), with the api_code (404) each
 * operation answers for one that names nothing. They are UUIDs: relRoute refuses any other value with
 * that 404 before the handler runs, so no malformed id ever reaches SQL (PostgreSQL would refuse it
 * as `invalid input syntax for type uuid`). A path parameter that is not one of these ids (a
 * supplier's id, an e-mailed token, a username) is bounded by the route's `params` instead.
 */
export const PATH_IDS = {
  travelID: 'NO_TRAVEL',
  productID: 'NOT_FOUND',
  paymentID: 'NOT_FOUND',
  approvalID: 'NOT_FOUND',
  offerID: 'NOT_FOUND',
  taskID: 'NOT_FOUND',
  guestID: 'NOT_FOUND',
  companyID: 'COMPANY_NOT_FOUND',
  userID: 'USER_NOT_FOUND_2',
  cardID: 'CARD_NOT_FOUND',
  paymentCardID: 'PAYMENT_CARD_NOT_FOUND',
} as const satisfies Record<string, ApiCodeKey>;

export type PathId = keyof typeof PATH_IDS;

/**
 * Ids that are no UUID and never reach SQL as one: an agency message's (`cart-strike`: the messages
 * are kept in the agency's JSON set-up). Strings of at most 64 characters; the service answers an
 * unknown one.
 */
export const PATH_TEXT_IDS: readonly string[] = ['messageID'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a value can be one of our ids (PostgreSQL's `uuid` would take it). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
