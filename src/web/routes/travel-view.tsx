import { Navigate, createFileRoute } from '@tanstack/react-router';
import { TravelView } from '../features/cart/TravelView';
import { loadCartTexts } from '../features/cart/texts';
import { requireUser } from '../lib/guards';
import { optionalTexts } from '../lib/search-params';
import { travelQuery } from '../lib/travels';

/** `/travel-view?travel=<id>` (spec 2 §2): one travel, status and price, without the cart's actions; the id survives a reload. */
export const Route = createFileRoute('/travel-view')({
  validateSearch: (search: Record<string, unknown>) => optionalTexts(search, { travel: { min: 1, max: 64 } }),
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => ({ travel: search.travel }),
  loader: ({ context, deps }) => {
    if (deps.travel) void context.queryClient.prefetchQuery(travelQuery(deps.travel));
    return loadCartTexts();
  },
  component: TravelViewRoute,
});

function TravelViewRoute() {
  const { travel } = Route.useSearch();
  if (!travel) return <Navigate to="/cart" replace />;
  return <TravelView travelId={travel} />;
}
