import { createFileRoute } from '@tanstack/react-router';
import { AgencyQueuePage } from '../features/agency-queue/AgencyQueuePage';
import { agencyQueueQuery } from '../features/agency-queue/api';
import { loadAgencyQueueTexts } from '../features/agency-queue/texts';
import { requireAgencyStaff } from '../lib/guards';

/** `/agency/queue` (issue 15): the agency's work queue, for its staff (travel_agent, assistance_agent) only. */
export const Route = createFileRoute('/agency/queue')({
  beforeLoad: requireAgencyStaff,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(agencyQueueQuery());
    return loadAgencyQueueTexts();
  },
  component: AgencyQueuePage,
});
