import { Navigate, createFileRoute, redirect } from '@tanstack/react-router';
import { CheckoutScreen } from '../features/checkout/CheckoutScreen';
import { loadCheckoutTexts } from '../features/checkout/texts';
import { useSession } from '../lib/session';

/** `/cart/checkout?travel=<id>` (spec 2 §2): the id is in the address so a reload resumes the checkout. */
export const Route = createFileRoute('/cart/checkout')({
  validateSearch: (search: Record<string, unknown>): { travel?: string } =>
    typeof search.travel === 'string' && search.travel ? { travel: search.travel.slice(0, 64) } : {},
  beforeLoad: () => {
    if (!useSession.getState().user) throw redirect({ to: '/', replace: true });
  },
  loader: loadCheckoutTexts,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { travel } = Route.useSearch();
  if (!travel) return <Navigate to="/cart" replace />;
  return <CheckoutScreen key={travel} travelId={travel} />;
}
