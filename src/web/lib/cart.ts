import { queryOptions } from '@tanstack/react-query';
import { api } from './http';
import { travelKeys } from './travel-keys';
import { entryPath } from '@contract/entries';

/** The signed-in user's travels in status cart: the header badge counts them. */
export const cartQuery = () =>
  queryOptions({
    queryKey: travelKeys.cartCount(),
    queryFn: ({ signal }) =>
      api.get(entryPath('travels', undefined, 'status=cart'), () => import('./boot-schemas').then((m) => m.cartCountSchema), { signal, silent: true }),
  });

/**
 * The cart after an add (spec 2 §7): with cartWithTravelID, the travel just built alone (`/cart?travelID=`,
 * GET /v2/travels/{id}); otherwise the whole cart.
 */
export const cartAfterAdd = (features: { cartWithTravelID: boolean }, travelID: string) =>
  ({ to: '/cart', search: features.cartWithTravelID ? { travelID } : {} }) as const;
