import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '../../../../contract/account';
import { cartAddResultSchema } from '../../../../contract/cart';
import type { CartAddBody } from '../../../../contract/cart';
import type { Link } from '../../../../contract/link';
import type { SearchUrl } from '../../../../contract/search-url';
import { fareConditionsSchema, moreChoicesSchema, travelerStepSchema, tripResultsSchema } from '../../../../contract/trip';
import type { TripSearchBody } from '../../../../contract/trip';
import { api, request } from '../../../lib/http';

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
    travelers: url.pax.map((ref, i) => {
      const id = i + 1;
      if (ref === 'me') return user ? { id, profile_id: user.uid } : { id };
      const [kind, value] = [ref.slice(0, ref.indexOf(':')), ref.slice(ref.indexOf(':') + 1)];
      if (kind === 'profile') return { id, profile_id: value };
      if (kind === 'guest') return { id, guest_id: value };
      return { id, age_cat: value as '0-3' | '4-29' | '30-59' | '60+' };
    }),
    entity_id: url.entity ?? null,
    special_fare: url.fare ?? null,
    travelID: url.travelID ?? null,
    filters: { rail: true, flight: true },
  };
}

/** The URL without the view-only `transport`: two URLs that differ only by it share the results. */
const searchKey = (url: SearchUrl) => ({ ...url, transport: undefined });

/** The outward search, keyed by the URL: reload, back and a shared link show the same results. */
export const tripSearchQuery = (url: SearchUrl, user: User | null) =>
  queryOptions({
    queryKey: ['trip-search', searchKey(url), user?.uid ?? null, 'outward'] as const,
    queryFn: ({ signal }) => api.post('/treep/search?version=v2', searchBody(url, user), tripResultsSchema, { signal }),
    staleTime: 10 * 60_000,
  });

/** The return search, carrying the chosen outward choice. */
export const returnSearchQuery = (url: SearchUrl, user: User | null, outwardChoiceID: string) =>
  queryOptions({
    queryKey: ['trip-search', searchKey(url), user?.uid ?? null, 'return', outwardChoiceID] as const,
    queryFn: ({ signal }) =>
      api.post('/treep/search?version=v2', { ...searchBody(url, user), outward: { choiceID: outwardChoiceID } }, tripResultsSchema, { signal }),
    staleTime: 10 * 60_000,
  });

/** Next or previous results (the results' own links). */
export const pageResults = (link: Link, searchID: string) => request(link.method, link.href, tripResultsSchema, { json: { searchID } });

export const moreChoices = (link: Link) => request(link.method, link.href, moreChoicesSchema, { silent: true });

export const fareConditionsQuery = (link: Link) =>
  queryOptions({ queryKey: ['fare-conditions', link.href] as const, queryFn: ({ signal }) => request(link.method, link.href, fareConditionsSchema, { signal }) });

/** Traveller forms and placement wishes for the chosen offers. */
export const travelerStepQuery = (offerIDs: string[], travelers: TripSearchBody['travelers'], travelID: string | null) =>
  queryOptions({
    queryKey: ['traveler-step', offerIDs, travelers] as const,
    queryFn: ({ signal }) =>
      api.post('/ticket/travelerForm', { choiceIDs: offerIDs, travelers, travelID }, travelerStepSchema, { signal, silent: true }),
    staleTime: 0,
  });

export const addToCart = (body: CartAddBody, idempotencyKey: string) =>
  api.post('/cart/add?version=v2', body, cartAddResultSchema, { silent: true, headers: { 'Idempotency-Key': idempotencyKey } });

export type CartAddResult = z.infer<typeof cartAddResultSchema>;
