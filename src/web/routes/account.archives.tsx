import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { BookingsPage } from '../features/my-bookings/BookingsPage';
import { ticketsQuery } from '../features/my-bookings/api';
import { loadBookingsTexts } from '../features/my-bookings/texts';
import type { BookingsSearch } from '../lib/bookings-search';
import { bookingsSearch } from '../lib/bookings-search';

/** `/account/archives` "Mes archives" (spec 2 §2): the user's tickets once arrived; filters and order in the address. */
export const Route = createFileRoute('/account/archives')({
  validateSearch: bookingsSearch,
  loader: ({ context }) => {
    if (context.user()) void context.queryClient.prefetchInfiniteQuery(ticketsQuery('passed'));
    return loadBookingsTexts();
  },
  component: ArchivesRoute,
});

function ArchivesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback((change: BookingsSearch) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true }), [navigate]);
  return <BookingsPage kind="passed" search={search} onSearch={onSearch} />;
}
