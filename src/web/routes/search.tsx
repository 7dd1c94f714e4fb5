import { Navigate, createFileRoute } from '@tanstack/react-router';
import { searchUrlSchema } from '../../contract/search-url';
import type { SearchUrl } from '../../contract/search-url';
import { TripResultsScreen } from '../features/trip/results/TripResultsScreen';
import { loadCatalog } from '../lib/i18n';

/** `pax=me` (one value) arrives as a string: the schema wants a list. */
function normalize(search: Record<string, unknown>): Record<string, unknown> {
  const out = { ...search };
  if (out.pax !== undefined && !Array.isArray(out.pax)) out.pax = [out.pax];
  // The router reads `entity=123` as a number: ids are strings.
  for (const key of ['from', 'to', 'entity', 'fare', 'travelID', 'retFrom', 'retTo'])
    if (typeof out[key] === 'number') out[key] = String(out[key]);
  return out;
}

export const Route = createFileRoute('/search')({
  validateSearch: (search: Record<string, unknown>): Partial<SearchUrl> => {
    const parsed = searchUrlSchema.safeParse(normalize(search));
    return parsed.success ? parsed.data : {};
  },
  // The results' texts (locales/<lang>/trip-results.po) are not part of the first load of `/`.
  loader: () =>
    loadCatalog({
      fr: () => import('../../../locales/fr/trip-results.po'),
      en: () => import('../../../locales/en/trip-results.po'),
    }),
  component: SearchRoute,
});

function SearchRoute() {
  const search = Route.useSearch();
  const parsed = searchUrlSchema.safeParse(search);
  if (!parsed.success) return <Navigate to="/" replace />;
  return <TripResultsScreen url={parsed.data} />;
}
