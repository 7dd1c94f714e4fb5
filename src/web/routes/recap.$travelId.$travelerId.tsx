import { createFileRoute, redirect } from '@tanstack/react-router';
import { RecapPage } from '../features/cart/RecapPage';
import { loadCartTexts } from '../features/cart/texts';
import { useSession } from '../lib/session';

/** The printable recap of one passenger of a booked travel (the travel's treepRecaps links). */
export const Route = createFileRoute('/recap/$travelId/$travelerId')({
  beforeLoad: () => {
    if (!useSession.getState().user) throw redirect({ to: '/', replace: true });
  },
  loader: loadCartTexts,
  component: RecapRoute,
});

function RecapRoute() {
  const { travelId, travelerId } = Route.useParams();
  return <RecapPage travelId={travelId} travelerId={travelerId} />;
}
