import { z } from 'zod';
import type { ProductStatus, TravelStatus } from './travel';
import { PRODUCT_STATUSES, TRAVEL_STATUSES } from './travel';
import { zonedDateTimeSchema } from './time';

/**
 * The beta bookings lists (spec 2 §3 "Travel (beta list)", §7 `GET /v2/travels/` with travelStatus,
 * ticketStatus, travelStatusBlacklist, limit, offset, sortBy, orderBy; spec 3 §3 "Beta travel list
 * item"): a page of lean travels, sorted and paged by the server, plus the total for the scroll.
 */

/** The statuses the beta list asks for (spec 2 §4), and the status filter's choices (spec 2 §9, without printed). */
export const BETA_STATUSES = ['issued', 'approval', 'pending', 'error', 'cancelled', 'printed'] as const;
export type BetaStatus = (typeof BETA_STATUSES)[number];
export const BETA_STATUS_FILTERS = ['issued', 'pending', 'approval', 'error', 'cancelled'] as const satisfies readonly BetaStatus[];

/**
 * What each beta status means in our travel statuses, written once (the server filters with it, the
 * web app's filter sends the beta names). Why so:
 * - issued: the trip is booked and stands — booked, being ticketed, issued, and `modified` (a
 *   product was exchanged for another; the travel still goes);
 * - approval: pending_approval (waits for an approver);
 * - pending: something is still open on our side or the agency's — options to confirm
 *   (pending_confirmation) and an offline cancellation under way (pending_cancel);
 * - error: none of our travel statuses (this server never leaves a travel in error: a failed
 *   booking rolls back); kept so a client asking for it gets an empty answer, not a 400;
 * - cancelled: the trip will not go as booked — cancelled, partially_cancelled, denied by the
 *   approver, expired options;
 * - printed: the legacy client's "tickets printed", i.e. issued tickets (issued only).
 * `cart` and `removed` are in no beta status: the beta lists never show them.
 */
export const BETA_TRAVEL_STATUSES: Record<BetaStatus, readonly TravelStatus[]> = {
  issued: ['booked', 'pending_ticketing', 'issued', 'modified'],
  approval: ['pending_approval'],
  pending: ['pending_confirmation', 'pending_cancel'],
  error: [],
  cancelled: ['cancelled', 'partially_cancelled', 'denied', 'expired'],
  printed: ['issued'],
};

/** The same names for a product's status (`ticketStatus`): a travel is listed when one of its products is in one of them. */
export const BETA_PRODUCT_STATUSES: Record<BetaStatus, readonly ProductStatus[]> = {
  issued: ['booked', 'pending_ticketing', 'issued'],
  approval: ['pending_approval'],
  pending: ['prebooked', 'pending_cancel'],
  error: [],
  cancelled: ['cancelled', 'released', 'expired', 'exchanged'],
  printed: ['issued'],
};

/** The beta status a travel status reads as in the list's filter (the first that holds it, printed aside); null for cart/removed. */
export const betaStatusOf = (status: TravelStatus): BetaStatus | null =>
  BETA_STATUS_FILTERS.find((beta) => BETA_TRAVEL_STATUSES[beta].includes(status)) ?? null;

/** The order of `sortBy=status`: the status filter's order of the beta statuses (issued, pending, approval, error, cancelled). */
export const BETA_STATUS_ORDER: readonly (readonly TravelStatus[])[] = BETA_STATUS_FILTERS.map((beta) => BETA_TRAVEL_STATUSES[beta]);

export const TRAVEL_LIST_SORTS = ['startDate', 'status'] as const;
export type TravelListSort = (typeof TRAVEL_LIST_SORTS)[number];
export const TRAVEL_LIST_MAX_LIMIT = 100;
/** Without `limit`. */
export const TRAVEL_LIST_DEFAULT_LIMIT = 50;

const repeated = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.array(z.enum(values)).max(values.length)]).transform((v) => [v].flat() as T[number][]);

/**
 * The beta list's query. Repeated travelStatus / ticketStatus = any of them; travelStatusBlacklist
 * removes those; `passed=true` the archives (ended before now), `passed=false` the travels not ended
 * yet, neither both. Travels without products are never listed.
 */
export const travelListQuerySchema = z.object({
  travelStatus: repeated(BETA_STATUSES).optional(),
  ticketStatus: repeated(BETA_STATUSES).optional(),
  travelStatusBlacklist: repeated(BETA_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(TRAVEL_LIST_MAX_LIMIT).optional(),
  /** The page's index from 0 (spec 3 §9 "the offset is the page index"): travels offset × limit on are listed. */
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  sortBy: z.enum(TRAVEL_LIST_SORTS).optional(),
  orderBy: z.enum(['asc', 'desc']).optional(),
  passed: z.enum(['true', 'false']).optional(),
});
export type TravelListQuery = z.output<typeof travelListQuerySchema>;
/** The query's names: any of them asks for the beta list's page instead of the full travels. */
export const TRAVEL_LIST_PARAMS = Object.keys(travelListQuerySchema.shape) as (keyof TravelListQuery)[];

export const travelListProductSchema = z
  .object({
    id: z.string(),
    type: z.enum(['rail', 'flight', 'hotel', 'car_rental']),
    status: z.enum(PRODUCT_STATUSES),
    /** Cities. */
    from: z.string(),
    to: z.string(),
    /** Station's local time, with its offset (contract/time.ts). */
    departure: zonedDateTimeSchema,
    arrival: zonedDateTimeSchema,
    /** The legs, by station or airport. */
    routes: z.array(z.object({ from: z.string(), to: z.string() })),
    ticketsByPax: z.array(z.object({ pax: z.object({ firstname: z.string(), lastname: z.string() }) })),
  })
  .meta({ id: 'TravelListProduct' });
export type TravelListProduct = z.infer<typeof travelListProductSchema>;

export const travelListItemSchema = z
  .object({
    id: z.string(),
    status: z.enum(TRAVEL_STATUSES),
    /** The first departure's and the last arrival's local dates (yyyy-MM-dd), as the travel resource's. */
    startDate: z.string(),
    endDate: z.string(),
    products: z.array(travelListProductSchema),
  })
  .meta({ id: 'TravelListItem' });
export type TravelListItem = z.infer<typeof travelListItemSchema>;

export const travelListPageSchema = z
  .object({
    travels: z.array(travelListItemSchema),
    /** How many travels the query matches in all (every page). */
    total: z.number().int(),
    /** The page index answered. */
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'TravelListPage' });
export type TravelListPage = z.infer<typeof travelListPageSchema>;
