import { createFileRoute, redirect } from '@tanstack/react-router';
import { CartScreen } from '../features/cart/CartScreen';
import { loadCartTexts } from '../features/cart/texts';
import { useSession } from '../lib/session';

/** `/cart` (spec 2 §2): signed-in users only. */
export const Route = createFileRoute('/cart/')({
  beforeLoad: () => {
    if (!useSession.getState().user) throw redirect({ to: '/', replace: true });
  },
  loader: loadCartTexts,
  component: CartScreen,
});
