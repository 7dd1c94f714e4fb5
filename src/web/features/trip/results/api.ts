import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { User } from '@contract/account';
import type { Link } from '@contract/link';
import type { RelOutput } from '@contract/rels';
import type { SearchUrl } from '@contract/search-url';
import { tripResultsSchema } from '@contract/trip';
import type { TripSearchBody } from '@contract/trip';
import { follow, linkMutationOptions, linkQueryOptions } from '@web/lib/follow';
import { api } from '@web/lib/http';
import { searchTravelers } from '@web/lib/search-travelers';
import { invalidateTravels } from '@web/lib/travel-keys';
import { entries } from '@contract/entries';

/** The /search URL as the search body (POST /treep/search?version=v2). */
export function searchBody(url: SearchUrl, user: User | null): TripSearchBody {
  return {
    origin: url.from,
    destination: url.to,
    datetime: url.date,
    represents: url.mode,
    return_datetime: url.ret ?? null,
    return_represents: url.ret ? (url.retMode ?? 'departure') : null,
    return_origin: url.retFrom ?? null,
    return_destination: url.retTo ?? null,
    nb_travelers: url.pax.length,
    travelers: searchTravelers(url.pax, user),
    customer_id: url.customer ?? null,
    entity_id: url.entity ?? null,
    special_fare: url.fare ?? null,
    travelID: url.travelID ?? null,
    filters: { rail: true, flight: true },
  };
}

/** The URL without the view-only `transport`: two URLs that differ only by it share the results. */
export const searchKey = (url: SearchUrl) => ({ ...url, transport: undefined });

/** The outward search, keyed by the URL: reload, back and a shared link show the same results. */
export const tripSearchQuery = (url: SearchUrl, user: User | null) =>
  queryOptions({
    queryKey: ['trip-search', searchKey(url), user?.uid ?? null, 'outward'] as const,
    // Silent: the screen says why a search failed (LegView), instead of a toast.
    queryFn: ({ signal }) => api.post(`${entries.tripSearch}?version=v2`, searchBody(url, user), tripResultsSchema, { signal, silent: true }),
    staleTime: 10 * 60_000,
  });

/** The return search, carrying the chosen outward choice. */
export const returnSearchQuery = (url: SearchUrl, user: User | null, outwardChoiceID: string) =>
  queryOptions({
    queryKey: ['trip-search', searchKey(url), user?.uid ?? null, 'return', outwardChoiceID] as const,
    queryFn: ({ signal }) =>
      api.post(`${entries.tripSearch}?version=v2`, { ...searchBody(url, user), outward: { choiceID: outwardChoiceID } }, tripResultsSchema, {
        signal,
        silent: true,
      }),
    staleTime: 10 * 60_000,
  });

/** Next or previous results (the results' own `next` / `previous` links). */
export const pageQuery = (direction: 'next' | 'previous', link: Link, searchID: string) =>
  queryOptions({
    queryKey: ['trip-page', direction, link.href, searchID] as const,
    queryFn: ({ signal }) => follow(direction, link, { searchID }, { signal }),
    staleTime: 10 * 60_000,
  });

/** Every fare of a cabin (its `getMoreChoices` link). Silent: spec 1 §8 only logs this failure. */
export const moreChoicesQuery = (link: Link) => ({ ...linkQueryOptions('getMoreChoices', link, { silent: true }), staleTime: 10 * 60_000 });

/** An offer's full fare conditions (its `fullfareConditions` link). */
export const fareConditionsQuery = (link: Link) => linkQueryOptions('fullfareConditions', link);

/** Traveller forms and placement wishes for the chosen offers (the results' `travelerForm` link). */
export const travelerStepQuery = (link: Link, offerIDs: string[], travelers: TripSearchBody['travelers'], travelID: string | null) =>
  queryOptions({
    queryKey: ['traveler-step', link.href, offerIDs, travelers] as const,
    queryFn: ({ signal }) => follow('travelerForm', link, { choiceIDs: offerIDs, travelers, travelID }, { signal, silent: true }),
    staleTime: 0,
  });

/** Adds the chosen offers with their travellers (the traveller step's `addToCart` link); the travel lists and badge read again. */
export const addToCartMutation = () => mutationOptions({ ...linkMutationOptions('addToCart', { silent: true }), onSuccess: () => invalidateTravels() });

export type CartAddResult = RelOutput<'addToCart'>;
