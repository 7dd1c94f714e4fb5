import { Navigate, createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { searchUrlSchema } from '../../contract/search-url';
import type { SearchUrl } from '../../contract/search-url';
import { TripResultsScreen } from '../features/trip/results/TripResultsScreen';
import { tripSearchQuery } from '../features/trip/results/api';
import { loadCatalog } from '../lib/i18n';

/**
 * The address as the router reads it: `pax=me` (one value) arrives as a string and `entity=123` as a
 * number; the search schema wants a list and strings. An address that is not a search validates to
 * nothing, and the screen goes home.
 */
const searchParams = z.preprocess((raw) => {
  const search = { ...(raw as Record<string, unknown>) };
  if (search.pax !== undefined && !Array.isArray(search.pax)) search.pax = [search.pax];
  for (const key of ['from', 'to', 'entity', 'fare', 'travelID', 'retFrom', 'retTo']) if (typeof search[key] === 'number') search[key] = String(search[key]);
  return search;
}, searchUrlSchema.partial().catch({}));

export const Route = createFileRoute('/search')({
  validateSearch: (search: Record<string, unknown>): Partial<SearchUrl> => searchParams.parse(search),
  loaderDeps: ({ search }) => search,
  // The results' texts (locales/<lang>/trip-results.po) are not part of the first load of `/`; the
  // search itself starts with the navigation, not after the screen rendered.
  loader: ({ context, deps }) => {
    const url = searchUrlSchema.safeParse(deps);
    if (url.success) void context.queryClient.prefetchQuery(tripSearchQuery(url.data, context.user()));
    return loadCatalog({
      fr: () => import('../../../locales/fr/trip-results.po'),
      en: () => import('../../../locales/en/trip-results.po'),
    });
  },
  component: SearchRoute,
});

function SearchRoute() {
  const search = Route.useSearch();
  const parsed = searchUrlSchema.safeParse(search);
  if (!parsed.success) return <Navigate to="/" replace />;
  return <TripResultsScreen url={parsed.data} />;
}
