import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { User } from '@contract/account';
import type { ExpertSearchBody } from '@contract/expert';
import { expertResultSchema } from '@contract/expert';
import type { Link } from '@contract/link';
import type { RelOutput } from '@contract/rels';
import { follow, linkMutationOptions } from '@web/lib/follow';
import { api } from '@web/lib/http';
import { searchTravelers } from '@web/lib/search-travelers';
import { invalidateTravels } from '@web/lib/travel-keys';
import type { ExpertUrl } from './url';
import { entries } from '@contract/entries';

/** The /search-expert URL as the search body (POST /expert-search). */
export function expertBody(url: ExpertUrl, user: User | null): ExpertSearchBody {
  return {
    journeys: url.journeys.map((j) => ({ origin: j.from, destination: j.to, timeRange: { from: j.date, represents: j.mode } })),
    travelers: searchTravelers(url.pax, user),
    customer_id: url.customer ?? null,
    entity_id: url.entity ?? null,
    travelID: url.travelID ?? null,
  };
}

const searchKey = (url: ExpertUrl) => ({ journeys: url.journeys, pax: url.pax, entity: url.entity, customer: url.customer, travelID: url.travelID });

/** The search (the first journey's flights), keyed by the URL: reload and Back show the same results. */
export const expertSearchQuery = (url: ExpertUrl, user: User | null) =>
  queryOptions({
    queryKey: ['expert-search', searchKey(url), user?.uid ?? null] as const,
    queryFn: ({ signal }) => api.post(entries.expertSearch, expertBody(url, user), expertResultSchema, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** The next journey's flights for the itinerary so far (the result's nextJourney link). */
export const nextJourneyQuery = (link: Link, offerIDs: string[]) =>
  queryOptions({
    queryKey: ['expert-next', link.href, offerIDs] as const,
    queryFn: ({ signal }) => follow('nextJourney', link, { offerIDs }, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** The traveller forms of the whole itinerary (the last journey's expertTravelerForm link). */
export const expertTravelerStepQuery = (link: Link, offerIDs: string[]) =>
  queryOptions({
    queryKey: ['expert-travelers', link.href, offerIDs] as const,
    queryFn: ({ signal }) => follow('expertTravelerForm', link, { offerIDs }, { signal }),
    staleTime: 0,
  });

/** The itinerary into the cart (the traveller step's addExpertToCart link); the travel lists and badge read again. */
export const addExpertToCartMutation = () =>
  mutationOptions({ ...linkMutationOptions('addExpertToCart', { silent: true }), onSuccess: () => invalidateTravels() });

export type ExpertCartResult = RelOutput<'addExpertToCart'>;
