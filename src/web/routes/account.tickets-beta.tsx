import { createFileRoute } from '@tanstack/react-router';
import { BetaTravelsPage } from '../features/my-bookings-beta/BetaTravelsPage';
import { betaListQuery } from '../features/my-bookings-beta/api';
import { loadBookingsBetaTexts } from '../features/my-bookings-beta/texts';

/** `/account/tickets-beta` (spec 2 §2, §9): the travels to come, in the endless beta list. */
export const Route = createFileRoute('/account/tickets-beta')({
  loader: ({ context }) => {
    if (context.user()) void context.queryClient.prefetchInfiniteQuery(betaListQuery({ passed: false, status: 'all', sort: 'dateDesc' }));
    return loadBookingsBetaTexts();
  },
  component: () => <BetaTravelsPage archives={false} />,
});
