import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { BookingTicket } from '@contract/my-bookings';
import { TICKETS_LIMIT } from '@contract/my-bookings';
import { linkMutationOptions } from '@web/lib/follow';
import { api } from '@web/lib/http';
import { OFFLINE } from '@web/lib/query';
import { travelKeys } from '@web/lib/travel-keys';
import { entryPath } from '@contract/entries';

/** Which list: "Mes réservations" (not yet arrived) or "Mes archives" (arrived). */
export type TicketsKind = 'active' | 'passed';

/** Under the travels' prefix: any change to a travel (booked, cancelled, exchanged, released) reads the lists again. */
export const ticketKeys = { list: (kind: TicketsKind) => [...travelKeys.all, 'tickets', kind] as const };

/** The user's tickets (spec 2 §7 `GET tickets/`: the list's entry point, 1,000 at most). */
export const ticketsQuery = (kind: TicketsKind) =>
  queryOptions({
    queryKey: ticketKeys.list(kind),
    queryFn: ({ signal }) =>
      api.get(
        entryPath('tickets', undefined, `${kind}=true&limit=${TICKETS_LIMIT}`),
        () => import('@contract/my-bookings').then((m) => m.bookingTicketsSchema),
        { signal },
      ),
    // The user's tickets stay readable offline (lib/offline-cache.ts).
    meta: OFFLINE,
  });

/** Reminds the approvers of the one pending request chosen (the ticket's `remind` link; at most once an hour, else 429 and its toast). */
export const remindMutation = () => mutationOptions({ ...linkMutationOptions('remind') });

/** Tickets waiting for someone (spec 2 §4): they make the pending section. */
export const PENDING_STATUSES: readonly string[] = ['pending_approval', 'pending_confirmation'];
export const isPending = (ticket: BookingTicket) => PENDING_STATUSES.includes(ticket.status);
