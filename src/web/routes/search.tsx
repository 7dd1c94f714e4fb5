import { lazy } from 'react';
import { Navigate, createFileRoute } from '@tanstack/react-router';
import { searchUrlSchema } from '@contract/search-url';
import { TripResultsScreen } from '../features/trip/results/TripResultsScreen';
import { tripSearchQuery } from '../features/trip/results/api';
import { unsearchableDate } from '../features/trip/search-form/unsearchable';
import { loadCatalog } from '../lib/i18n';
import { parseSearchParams } from '../lib/search-url';

// Rare (a kept or edited address): its screen and the search form's texts come only then.
const UnsearchableSearch = lazy(() => import('../features/trip/search-form/UnsearchableSearch').then((m) => ({ default: m.UnsearchableSearch })));

export const Route = createFileRoute('/search')({
  // An address that is not a search validates to nothing, and the screen goes home.
  validateSearch: parseSearchParams,
  loaderDeps: ({ search }) => search,
  // The results' texts (locales/<lang>/trip-results.po) are not part of the first load of `/`; the
  // search itself starts with the navigation, not after the screen rendered. An address whose date
  // cannot be searched is not searched: the page says why, in the search form's words (its texts).
  loader: ({ context, deps }) => {
    const url = searchUrlSchema.safeParse(deps);
    if (url.success && unsearchableDate(url.data, new Date()))
      return loadCatalog({
        fr: () => import('@locales/fr/trip-search.po'),
        en: () => import('@locales/en/trip-search.po'),
      });
    if (url.success) void context.queryClient.prefetchQuery(tripSearchQuery(url.data, context.user()));
    return loadCatalog({
      fr: () => import('@locales/fr/trip-results.po'),
      en: () => import('@locales/en/trip-results.po'),
    });
  },
  component: SearchRoute,
});

function SearchRoute() {
  const search = Route.useSearch();
  const parsed = searchUrlSchema.safeParse(search);
  if (!parsed.success) return <Navigate to="/" replace />;
  const unsearchable = unsearchableDate(parsed.data, new Date());
  if (unsearchable) return <UnsearchableSearch date={unsearchable} travelID={parsed.data.travelID} />;
  return <TripResultsScreen url={parsed.data} />;
}
