import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { User } from '@contract/account';
import type { CarRentalSearchBody } from '@contract/car-rental';
import { carRentalSearchResultSchema } from '@contract/car-rental';
import { linkMutationOptions } from '@web/lib/follow';
import { api } from '@web/lib/http';
import { searchPerson } from '@web/lib/search-travelers';
import { invalidateTravels } from '@web/lib/travel-keys';
import type { CarSearchUrl, DriverRef } from './url';
import { entries } from '@contract/entries';

/** A driver ref of the URL as the search names a driver: a profile or a guest (a visitor's `me`: none). */
export function searchDriver(ref: DriverRef, user: User | null): CarRentalSearchBody['driver'] {
  return ref === 'me' && !user ? null : searchPerson(ref, user);
}

/** The /search-car-rentals URL as the search body (spec 1 §7 `POST carrental/search`). */
export function carSearchBody(url: CarSearchUrl, user: User | null): CarRentalSearchBody {
  return {
    latitude: url.fromLat,
    longitude: url.fromLon,
    return_latitude: url.toLat,
    return_longitude: url.toLon,
    pickup_time: url.start,
    return_time: url.end,
    car_types: url.types,
    driver: searchDriver(url.driver, user),
    pickup_radius: url.rFrom,
    return_radius: url.rTo,
    pickup_location_type: url.fromType,
    return_location_type: url.toType,
    pickup_place_id: url.from,
    return_place_id: url.to,
    travelID: url.travelID ?? null,
    customer_id: url.customer ?? null,
    entity_id: url.entity ?? null,
  };
}

/** The search, keyed by the URL: reload, Back and a shared link show the same results. */
export const carSearchQuery = (url: CarSearchUrl, user: User | null) =>
  queryOptions({
    queryKey: ['car-search', url, user?.uid ?? null] as const,
    // Silent: the screen says why a search failed.
    queryFn: ({ signal }) => api.post(entries.carRentalSearch, carSearchBody(url, user), carRentalSearchResultSchema, { signal, silent: true }),
    staleTime: 10 * 60_000,
  });

/** A rental with its driver into the cart (the result's `addCarToCart` link); the travels and badge read again. */
export const addCarMutation = () => mutationOptions({ ...linkMutationOptions('addCarToCart', { silent: true }), onSuccess: () => invalidateTravels() });
