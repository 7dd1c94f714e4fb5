import { createFileRoute } from '@tanstack/react-router';
import { CART_STATUSES } from '../features/cart/api';
import { CartScreen } from '../features/cart/CartScreen';
import { loadCartTexts } from '../features/cart/texts';
import { requireUser } from '../lib/guards';
import { optionalTexts } from '../lib/search-params';
import { commsQuery } from '../lib/comms';
import { travelQuery, travelsQuery } from '../lib/travels';

/**
 * `/cart` (spec 2 §2): signed-in users only; the travels load with the screen's code. `?travelID=`: the
 * travel being built, which the cart shows alone when the agency or company has cartWithTravelID.
 */
export const Route = createFileRoute('/cart/')({
  validateSearch: (search: Record<string, unknown>) => optionalTexts(search, { travelID: { min: 1, max: 64, coerce: true } }),
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => ({ travelID: search.travelID }),
  loader: ({ context, deps }) => {
    // requireUser put the signed-in user in the context.
    const one = context.user.features.cartWithTravelID ? deps.travelID : undefined;
    if (one) void context.queryClient.prefetchQuery(travelQuery(one));
    else void context.queryClient.prefetchQuery(travelsQuery(CART_STATUSES));
    void context.queryClient.prefetchQuery(commsQuery('cart', context.user.uid));
    return loadCartTexts();
  },
  component: CartScreen,
});
