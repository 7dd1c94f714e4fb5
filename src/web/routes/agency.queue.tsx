import { createFileRoute } from '@tanstack/react-router';
import { AgencyQueuePage } from '../features/agency-queue/AgencyQueuePage';
import { agencyQueueQuery } from '../features/agency-queue/api';
import { loadAgencyQueueTexts } from '../features/agency-queue/texts';
import { requireAgencyQueue } from '../lib/guards';

/** `/agency/queue`: the agency's work queue, for its staff (travel_agent, assistance_agent): the user's `agencyQueue` link. */
export const Route = createFileRoute('/agency/queue')({
  beforeLoad: requireAgencyQueue,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(agencyQueueQuery(context.agencyQueue));
    return loadAgencyQueueTexts();
  },
  component: AgencyQueueRoute,
});

function AgencyQueueRoute() {
  return <AgencyQueuePage link={Route.useRouteContext().agencyQueue} />;
}
