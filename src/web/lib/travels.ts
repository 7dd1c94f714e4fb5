import { queryOptions } from '@tanstack/react-query';
import { travelSchema } from '../../contract/travel';
import { api } from './http';

/**
 * One travel by id: the one travel URL the app builds itself, because a reload of a page that shows
 * a travel (`/cart/checkout?travel=`, `/travel-view?travel=`, `/recap/…`) has nothing but its id.
 * Every other travel action follows the links the server wrote.
 */
export const travelQuery = (id: string) =>
  queryOptions({
    queryKey: ['travel', id] as const,
    queryFn: ({ signal }) => api.get(`/v2/travels/${encodeURIComponent(id)}`, travelSchema, { signal, silent: true }),
    staleTime: 0,
  });

