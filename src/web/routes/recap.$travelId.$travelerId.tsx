import { createFileRoute } from '@tanstack/react-router';
import { RecapPage } from '../features/cart/RecapPage';
import { loadCartTexts } from '../features/cart/texts';
import { requireUser } from '../lib/guards';
import { travelQuery } from '../lib/travels';

/** The printable recap of one passenger of a booked travel (the travel's treepRecaps links). */
export const Route = createFileRoute('/recap/$travelId/$travelerId')({
  beforeLoad: requireUser,
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(travelQuery(params.travelId));
    return loadCartTexts();
  },
  component: RecapRoute,
});

function RecapRoute() {
  const { travelId, travelerId } = Route.useParams();
  return <RecapPage travelId={travelId} travelerId={travelerId} />;
}
