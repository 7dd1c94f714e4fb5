import { Navigate, createFileRoute, redirect } from '@tanstack/react-router';
import { TravelView } from '../features/cart/TravelView';
import { loadCartTexts } from '../features/cart/texts';
import { useSession } from '../lib/session';

/** `/travel-view?travel=<id>` (spec 2 §2): one travel, status and price, without the cart's actions; the id survives a reload. */
export const Route = createFileRoute('/travel-view')({
  validateSearch: (search: Record<string, unknown>): { travel?: string } =>
    typeof search.travel === 'string' && search.travel ? { travel: search.travel.slice(0, 64) } : {},
  beforeLoad: () => {
    if (!useSession.getState().user) throw redirect({ to: '/', replace: true });
  },
  loader: loadCartTexts,
  component: TravelViewRoute,
});

function TravelViewRoute() {
  const { travel } = Route.useSearch();
  if (!travel) return <Navigate to="/cart" replace />;
  return <TravelView travelId={travel} />;
}
