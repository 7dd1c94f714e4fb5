import { infiniteQueryOptions } from '@tanstack/react-query';
import type { BetaStatus, TravelListItem, TravelListPage } from '@contract/travel-list';
import { BETA_STATUSES, travelListPageSchema } from '@contract/travel-list';
import { api } from '@web/lib/http';
import { travelKeys } from '@web/lib/travel-keys';
import { entryPath } from '@contract/entries';

/**
 * The beta lists' page size. Spec 2 §9 says 3 (the legacy list's): 10,000 travels would then take
 * 3,334 requests, and 3 rows (~110 px each) do not fill a screen, so the bottom trigger would fire
 * again and again while the user reads. 50 rows are about six screens a request, the first page of
 * 50 stays within the API's 30 ms, and the spec's rule is kept: a next page only after a full one.
 */
export const BETA_PAGE_SIZE = 50;

/** What the server sorts and filters (the rest is filtered on the loaded travels, spec 2 §9 "client filters"). */
export type BetaSort = 'dateDesc' | 'dateAsc' | 'statusAsc';
export type BetaServerFilters = { passed: boolean; status: BetaStatus | 'all'; sort: BetaSort };

const SORTS: Record<BetaSort, { sortBy: 'startDate' | 'status'; orderBy: 'asc' | 'desc' }> = {
  dateDesc: { sortBy: 'startDate', orderBy: 'desc' },
  dateAsc: { sortBy: 'startDate', orderBy: 'asc' },
  statusAsc: { sortBy: 'status', orderBy: 'asc' },
};

export const betaListKey = (filters: BetaServerFilters) => [...travelKeys.lists(), 'beta', filters] as const;

/** The query of one page (spec 2 §7): the statuses asked (all of spec 2 §4's beta ones by default), the order, the page index. */
export function betaListParams(filters: BetaServerFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const status of filters.status === 'all' ? BETA_STATUSES : [filters.status]) params.append('travelStatus', status);
  params.set('limit', String(BETA_PAGE_SIZE));
  params.set('offset', String(page));
  params.set('sortBy', SORTS[filters.sort].sortBy);
  params.set('orderBy', SORTS[filters.sort].orderBy);
  params.set('passed', String(filters.passed));
  return params;
}

/** The user's travels to come (or the archives), page after page while each page came back full. */
export const betaListQuery = (filters: BetaServerFilters) =>
  infiniteQueryOptions({
    queryKey: betaListKey(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(entryPath('travels', undefined, betaListParams(filters, pageParam).toString()), travelListPageSchema, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last: TravelListPage) => (last.travels.length === last.limit ? last.offset + 1 : undefined),
  });

/** Case and accents ignored (`Zoé` is found by `zoe`). */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

export type BetaClientFilters = { name: string; place: string; date: string };

/**
 * Spec 2 §9's client filters on the loaded travels: a passenger's first or last name, a place (a
 * product's from/to or one of its legs), a day within the travel's start and end (yyyy-MM-dd). Trips
 * without products are hidden (the server lists none; kept here should one come).
 */
export function matches(travel: TravelListItem, filters: BetaClientFilters): boolean {
  if (travel.products.length === 0) return false;
  const name = fold(filters.name);
  if (
    name &&
    !travel.products.some((p) =>
      p.ticketsByPax.some(
        ({ pax }) => fold(pax.firstname).includes(name) || fold(pax.lastname).includes(name) || fold(`${pax.firstname} ${pax.lastname}`).includes(name),
      ),
    )
  )
    return false;
  const place = fold(filters.place);
  if (place && !travel.products.some((p) => [p.from, p.to, ...p.routes.flatMap((r) => [r.from, r.to])].some((where) => fold(where).includes(place))))
    return false;
  if (filters.date && !(travel.startDate <= filters.date && filters.date <= travel.endDate)) return false;
  return true;
}

export const hasClientFilter = (filters: BetaClientFilters) => Boolean(filters.name.trim() || filters.place.trim() || filters.date);
