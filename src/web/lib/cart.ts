import { queryOptions } from '@tanstack/react-query';
import { api } from './http';
import { travelKeys } from './travel-keys';

/** The signed-in user's travels in status cart: the header badge counts them. */
export const cartQuery = () =>
  queryOptions({
    queryKey: travelKeys.cartCount(),
    queryFn: ({ signal }) => api.get('/v2/travels/?status=cart', () => import('./boot-schemas').then((m) => m.cartCountSchema), { signal, silent: true }),
  });
