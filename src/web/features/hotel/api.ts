import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { User } from '@contract/account';
import { API_CODES } from '@contract/api-codes';
import { hotelSearchResultSchema } from '@contract/hotel';
import type { HotelSearchBody } from '@contract/hotel';
import type { Link } from '@contract/link';
import type { RelOutput } from '@contract/rels';
import { follow, linkMutationOptions } from '@web/lib/follow';
import { ApiError, api } from '@web/lib/http';
import { searchTravelers } from '@web/lib/search-travelers';
import { invalidateTravels } from '@web/lib/travel-keys';
import type { HotelSearchUrl } from './url';
import { entries } from '@contract/entries';

/** `2026-12-01` → `20261201T120000`: the day at noon (spec 1 §7, §9 check-in/out 12:00). */
const stayDate = (day: string) => `${day.replaceAll('-', '')}T120000`;

/** The /search-hotels URL as the search body (POST /hotel/search). The filters of the form go with it; the results' own filter on the answer. */
export function hotelSearchBody(url: HotelSearchUrl, user: User | null): HotelSearchBody {
  return {
    checkin_date: stayDate(url.in),
    checkout_date: stayDate(url.out),
    latitude: url.lat,
    longitude: url.lon,
    radius_km: url.radius,
    nb_rooms: url.rooms,
    travelers: searchTravelers(url.pax, user),
    name_contains: url.name ?? null,
    stars: url.stars ?? null,
    with_breakfast: url.breakfast ?? false,
    with_half_board: url.halfBoard ?? false,
    with_full_board: url.fullBoard ?? false,
    place_id: url.place,
    travelID: url.travelID ?? null,
    customer_id: url.customer ?? null,
    entity_id: url.entity ?? null,
  };
}

/** The search, keyed by the URL: reload, Back and a shared link show the same results. */
export const hotelSearchQuery = (url: HotelSearchUrl, user: User | null) =>
  queryOptions({
    queryKey: ['hotel-search', url, user?.uid ?? null] as const,
    // Silent: spec 1 §8 — a failed search resets the results; the screen says so with a retry.
    queryFn: ({ signal }) => api.post(entries.hotelSearch, hotelSearchBody(url, user), hotelSearchResultSchema, { signal, silent: true }),
    staleTime: 10 * 60_000,
  });

/**
 * A hotel's details and rooms (its `hotelDetails` link, a POST read with the search's criteria). The
 * query's signal aborts it when another hotel is chosen (spec 1 §4: a new request cancels the previous
 * one). Silent: the detail panel says it failed, with a retry (spec 1 §8).
 */
export const hotelDetailsQuery = (link: Link, body: HotelSearchBody) =>
  queryOptions({
    queryKey: ['hotel-details', link.href, body] as const,
    queryFn: ({ signal }) => follow('hotelDetails', link, body, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

/** Adds the rooms and their travellers (the details' `addHotelToCart` link, one intent per try); the travel lists and badge read again. */
export const addHotelToCartMutation = () =>
  mutationOptions({ ...linkMutationOptions('addHotelToCart', { silent: true }), onSuccess: () => invalidateTravels() });

export type HotelCartAddResult = RelOutput<'addHotelToCart'>;

/** The catalogue's words for "the room is gone": HOTEL_OFFER_UNAVAILABLE (spec 1 §8), or NO_ROOM (api_code 4). */
const UNAVAILABLE_KEYS = ['HOTEL_OFFER_UNAVAILABLE', 'NO_ROOM'];

/** Spec 1 §8 HOTEL_OFFER_UNAVAILABLE: the room sold out between the results and the add (nothing added). Known by its catalogue key. */
export const isOfferUnavailable = (error: unknown) =>
  error instanceof ApiError && error.api_code !== null && UNAVAILABLE_KEYS.includes((API_CODES as Record<number, { key: string }>)[error.api_code]?.key ?? '');
