import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './http';
import { travelKeys } from './travel-keys';

/**
 * Only what the badge needs of GET /v2/travels/?status=cart (contract/travel.ts travelsListSchema):
 * the header is on every first load, the full travel schema is not needed there.
 */
const cartCountSchema = z.object({ travels: z.array(z.object({ id: z.string() })) });

/** The signed-in user's travels in status cart: the header badge counts them. */
export const cartQuery = () =>
  queryOptions({
    queryKey: travelKeys.cartCount(),
    queryFn: ({ signal }) => api.get('/v2/travels/?status=cart', cartCountSchema, { signal, silent: true }),
  });
