import { createFileRoute } from '@tanstack/react-router';
import { BetaTravelsPage } from '../features/my-bookings-beta/BetaTravelsPage';
import { betaListQuery } from '../features/my-bookings-beta/api';
import { loadBookingsBetaTexts } from '../features/my-bookings-beta/texts';

/** `/account/archives-beta` (spec 2 §2, §9): the travels that have ended, in the endless beta list. */
export const Route = createFileRoute('/account/archives-beta')({
  loader: ({ context }) => {
    if (context.user()) void context.queryClient.prefetchInfiniteQuery(betaListQuery({ passed: true, status: 'all', sort: 'dateDesc' }));
    return loadBookingsBetaTexts();
  },
  component: () => <BetaTravelsPage archives />,
});
