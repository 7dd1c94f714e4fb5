import { createFileRoute } from '@tanstack/react-router';
import { CART_STATUSES } from '../features/cart/api';
import { CartScreen } from '../features/cart/CartScreen';
import { loadCartTexts } from '../features/cart/texts';
import { requireUser } from '../lib/guards';
import { travelsQuery } from '../lib/travels';

/** `/cart` (spec 2 §2): signed-in users only; the travels load with the screen's code. */
export const Route = createFileRoute('/cart/')({
  beforeLoad: requireUser,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(travelsQuery(CART_STATUSES));
    return loadCartTexts();
  },
  component: CartScreen,
});
