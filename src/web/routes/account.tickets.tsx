import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { BookingsPage } from '../features/my-bookings/BookingsPage';
import { ticketsQuery } from '../features/my-bookings/api';
import { loadBookingsTexts } from '../features/my-bookings/texts';
import type { BookingsSearch } from '../lib/bookings-search';
import { bookingsSearch } from '../lib/bookings-search';

/**
 * `/account/tickets` "Mes réservations" (spec 2 §2): the user's tickets not yet arrived, the pending
 * ones first; filters and order in the address.
 */
export const Route = createFileRoute('/account/tickets')({
  validateSearch: bookingsSearch,
  loader: ({ context }) => {
    if (context.user()) void context.queryClient.prefetchInfiniteQuery(ticketsQuery('active'));
    return loadBookingsTexts();
  },
  component: TicketsRoute,
});

function TicketsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback((change: BookingsSearch) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true }), [navigate]);
  return <BookingsPage kind="active" search={search} onSearch={onSearch} />;
}
