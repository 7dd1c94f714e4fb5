import { Navigate, createFileRoute } from '@tanstack/react-router';
import { CheckoutScreen } from '../features/checkout/CheckoutScreen';
import { loadCheckoutTexts } from '../features/checkout/texts';
import { requireUser } from '../lib/guards';
import { optionalTexts } from '../lib/search-params';
import { travelQuery } from '../lib/travels';

/**
 * `/cart/checkout?travel=<id>` (spec 2 §2): the id is in the address so a reload resumes the checkout.
 * `bank=1`: the payment service's authentication page (3-D Secure) sent the browser back here.
 */
export const Route = createFileRoute('/cart/checkout')({
  validateSearch: (search: Record<string, unknown>) => optionalTexts(search, { travel: { min: 1, max: 64 }, bank: { min: 1, max: 1, coerce: true } }),
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => ({ travel: search.travel }),
  // The travel starts loading with the screen's code; a travel that cannot be read is the screen's to handle.
  loader: ({ context, deps }) => {
    if (deps.travel) void context.queryClient.prefetchQuery(travelQuery(deps.travel));
    return loadCheckoutTexts();
  },
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { travel, bank } = Route.useSearch();
  if (!travel) return <Navigate to="/cart" replace />;
  return <CheckoutScreen key={travel} travelId={travel} returnedFromBank={bank === '1'} />;
}
