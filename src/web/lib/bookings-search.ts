import { optionalChoice, optionalTexts } from './search-params';

/**
 * The booking lists' filters and order as the address keeps them (`/account/tickets`, `/account/archives`):
 * zod-free, for the route tree of every first load. A bad value is dropped, never an error.
 */

export const TICKET_TYPES = ['rail', 'flight', 'hotel', 'car_rental'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TICKET_SORTS = ['date-asc', 'date-desc', 'status'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

export type BookingsSearch = {
  /** A status of the catalogue (contract/statuses.ts); statuses that read the same match together. */
  status?: string;
  type?: TicketType;
  /** Part of a traveller's name, case and accents ignored. */
  traveller?: string;
  /** Departure day from (yyyy-MM-dd, the station's calendar), inclusive. */
  from?: string;
  /** Departure day until, inclusive. */
  to?: string;
  sort?: TicketSort;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | undefined) => (value && DAY.test(value) ? value : undefined);

/** Each param present is kept if valid, else set to undefined: the router would otherwise pass the raw value through from the parent routes. */
export function bookingsSearch(search: Record<string, unknown>): BookingsSearch {
  const texts = optionalTexts(search, { status: { min: 1, max: 40 }, traveller: { min: 1, max: 100 }, from: { max: 10 }, to: { max: 10 } });
  const out: BookingsSearch = {};
  if ('status' in texts) out.status = texts.status && /^[a-z_]+$/.test(texts.status) ? texts.status : undefined;
  if ('traveller' in texts) out.traveller = texts.traveller;
  if ('from' in texts) out.from = day(texts.from);
  if ('to' in texts) out.to = day(texts.to);
  if ('type' in search) out.type = optionalChoice(search, 'type', TICKET_TYPES);
  if ('sort' in search) out.sort = optionalChoice(search, 'sort', TICKET_SORTS);
  return out;
}
