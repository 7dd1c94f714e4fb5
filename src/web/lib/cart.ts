import { queryOptions } from '@tanstack/react-query';
import { travelsListSchema } from '../../contract/travel';
import { api } from './http';

/** The signed-in user's travels in status cart: the header badge counts them. */
export const cartQuery = () =>
  queryOptions({
    queryKey: ['cart'] as const,
    queryFn: ({ signal }) => api.get('/v2/travels/?status=cart', travelsListSchema, { signal, silent: true }),
  });
