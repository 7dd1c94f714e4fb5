import { Suspense, lazy } from 'react';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { expertSearchQuery } from '../features/expert/api';
import { isExpertUrl, parseExpertParams } from '../features/expert/url';
import type { ExpertParams, ExpertUrl } from '../features/expert/url';
import { uncheckedParams } from '../lib/search-params';
import { loadCatalog } from '../lib/i18n';

// The form and the results come in chunks of their own: the route tree (every first load) carries only the URL rules.
const ExpertSearchPage = lazy(() => import('../features/expert/ExpertSearchPage').then((m) => ({ default: m.ExpertSearchPage })));
const ExpertResultsScreen = lazy(() => import('../features/expert/ExpertResultsScreen').then((m) => ({ default: m.ExpertResultsScreen })));

/**
 * `/search-expert` (spec 1 §2): the expert search form without a search in the address (or with
 * `edit`, the entry Back returns to), its results with one. Only for users with canUseExpertMode.
 */
export const Route = createFileRoute('/search-expert')({
  validateSearch: uncheckedParams<ExpertParams>(),
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context }) => {
    const user = context.user();
    if (!user?.canUseExpertMode) throw redirect({ to: '/', replace: true });
  },
  // The search starts with the navigation, not after the screen rendered; the texts are not part of the first load.
  loader: ({ context, deps: raw }) => {
    const deps = parseExpertParams(raw);
    if (isExpertUrl(deps) && !deps.edit) void context.queryClient.prefetchQuery(expertSearchQuery(deps, context.user()));
    return loadCatalog({
      fr: () => import('@locales/fr/expert.po'),
      en: () => import('@locales/en/expert.po'),
    });
  },
  component: SearchExpertRoute,
});

function SearchExpertRoute() {
  const search = parseExpertParams(Route.useSearch());
  const navigate = useNavigate();
  const url: ExpertUrl | undefined = isExpertUrl(search)
    ? { journeys: search.journeys, pax: search.pax, entity: search.entity, customer: search.customer, travelID: search.travelID }
    : undefined;
  return (
    <Suspense fallback={null}>
      {url && !search.edit ? (
        <ExpertResultsScreen
          url={url}
          // Spec 1 §4: a failed search empties the results and goes back to the search, filled.
          onFailed={() => void navigate({ to: '/search-expert', search: { ...url, edit: true }, replace: true })}
        />
      ) : (
        <ExpertSearchPage initial={url} />
      )}
    </Suspense>
  );
}
