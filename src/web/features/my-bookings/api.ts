import { infiniteQueryOptions, mutationOptions } from '@tanstack/react-query';
import type { BookingTicket } from '@contract/my-bookings';
import { linkMutationOptions } from '@web/lib/follow';
import { api } from '@web/lib/http';
import { OFFLINE } from '@web/lib/query';
import { travelKeys } from '@web/lib/travel-keys';
import { entryPath } from '@contract/entries';

/** Which list: "Mes réservations" (not yet arrived) or "Mes archives" (arrived). */
export type TicketsKind = 'active' | 'passed';

/**
 * The first page: more than a screenful on a desktop (a travel's card is ~260 px) with the
 * virtualiser's overscan, so that the list paints after a small read (the API's answer for 1,000
 * tickets took 85–205 ms). The next pages are larger: they come while the user scrolls.
 */
export const TICKETS_FIRST_PAGE = 20;
export const TICKETS_PAGE = 100;

/** One page of the list: where it starts, how many were asked, the tickets. */
export type TicketsPage = { offset: number; limit: number; tickets: BookingTicket[] };

/** Under the travels' prefix: any change to a travel (booked, cancelled, exchanged, released) reads the lists again. */
export const ticketKeys = { list: (kind: TicketsKind) => [...travelKeys.all, 'tickets', kind, 'pages'] as const };

/**
 * The user's tickets (spec 2 §7 `GET tickets/`, the list's entry point with its `limit` and `offset`),
 * page after page in the server's order (active: the pending ones first, then soonest first; passed:
 * latest first), a next page only after a full one.
 */
export const ticketsQuery = (kind: TicketsKind) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.list(kind),
    queryFn: async ({ pageParam: offset, signal }): Promise<TicketsPage> => {
      const limit = offset === 0 ? TICKETS_FIRST_PAGE : TICKETS_PAGE;
      const tickets = await api.get(
        entryPath('tickets', undefined, `${kind}=true&limit=${limit}&offset=${offset}`),
        () => import('@contract/my-bookings').then((m) => m.bookingTicketsSchema),
        { signal },
      );
      return { offset, limit, tickets };
    },
    initialPageParam: 0,
    getNextPageParam: (last: TicketsPage) => (last.tickets.length === last.limit ? last.offset + last.limit : undefined),
    // The user's tickets stay readable offline (lib/offline-cache.ts): the pages loaded.
    meta: OFFLINE,
  });

/** Reminds the approvers of the one pending request chosen (the ticket's `remind` link; at most once an hour, else 429 and its toast). */
export const remindMutation = () => mutationOptions({ ...linkMutationOptions('remind') });

/** Tickets waiting for someone (spec 2 §4): they make the pending section. */
export const PENDING_STATUSES: readonly string[] = ['pending_approval', 'pending_confirmation'];
export const isPending = (ticket: BookingTicket) => PENDING_STATUSES.includes(ticket.status);
