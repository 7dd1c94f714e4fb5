import { queryOptions } from '@tanstack/react-query';
import type { TravelStatus } from '@contract/travel';
import { travelSchema, travelsListSchema } from '@contract/travel';
import { api } from './http';
import { OFFLINE } from './query';
import { travelKeys } from './travel-keys';
import { entryPath } from '@contract/entries';

/**
 * One travel by id: the one travel URL the app builds itself, because a reload of a page that shows
 * a travel (`/cart/checkout?travel=`, `/travel-view?travel=`, `/recap/…`) has nothing but its id.
 * Every other travel action follows the links the server wrote.
 */
export const travelQuery = (id: string) =>
  queryOptions({
    queryKey: travelKeys.one(id),
    queryFn: ({ signal }) => api.get(entryPath('travel', { travelID: id }), travelSchema, { signal, silent: true }),
    // Read when the screen opens (the route starts it) and again after every change (invalidation).
    staleTime: 10_000,
    // The travel view and the recap show it offline too.
    meta: OFFLINE,
  });

/** The user's travels of some statuses (all but removed ones when none is given): an entry point of the API. */
export const travelsQuery = (statuses: readonly TravelStatus[] = []) =>
  queryOptions({
    queryKey: travelKeys.list(statuses),
    queryFn: ({ signal }) => api.get(entryPath('travels', undefined, statuses.map((s) => `status=${s}`).join('&')), travelsListSchema, { signal }),
    meta: OFFLINE,
  });
