import type { ReactNode } from 'react';
import { Suspense, lazy } from 'react';
import { Trans } from '@lingui/react/macro';
import type { SearchType } from './search-type';

// The switch (lazy) reads the search types from their own module, not from this one that loads it.
export { SEARCH_TYPES, type SearchType } from './search-type';

/** What the user's company offers, among `available` (spec 1 §6: hotel_enabled, carrental_enabled); the trip always. */
export function searchTypesOf(
  company: { hotel_enabled: boolean; carrental_enabled: boolean } | null | undefined,
  available: readonly SearchType[],
): SearchType[] {
  return available.filter((type) => type === 'trip' || (type === 'hotel' ? company?.hotel_enabled : company?.carrental_enabled));
}

// Only signed-in users whose company sells hotels or cars (or who have the expert mode) see the switch:
// its code is not part of a first visit.
const SearchTypeSwitch = lazy(() => import('./SearchTypeSwitch').then((m) => ({ default: m.SearchTypeSwitch })));

type Props = {
  children?: ReactNode;
  /** The searches offered; the switch shows only with more than one. */
  types?: readonly SearchType[];
  current?: SearchType;
  onType?: (type: SearchType) => void;
  /** Spec 1 §2: the expert mode link, for users with canUseExpertMode. */
  expertMode?: boolean;
};

/**
 * Home (spec 1 §2): the question, the Travel / Hotel / Car rental switch (a radio group: the arrow
 * keys move in it), the expert mode link, then the chosen search form with its side panel (the route
 * passes it, loaded on demand; until it arrives its skeleton holds the place).
 */
export function SearchHome({ children, types = ['trip'], current = 'trip', onType, expertMode = false }: Props) {
  return (
    <div className="flex-1 bg-gray-50">
      <section aria-labelledby="search-title" className="bg-brand text-brand-contrast">
        <div className="mx-auto max-w-7xl px-4 pt-10 pb-6 md:pt-14">
          <h1 id="search-title" className="text-3xl font-bold md:text-4xl">
            <Trans>Que souhaitez-vous réserver ?</Trans>
          </h1>
          <p className="mt-2 max-w-2xl text-lg">
            <Trans>Train, avion, hôtel et location de voiture pour vos déplacements professionnels.</Trans>
          </p>
          {(types.length > 1 || expertMode) && (
            <Suspense fallback={<div className="mt-5 min-h-11" />}>
              <SearchTypeSwitch types={types} current={current} onType={onType} expertMode={expertMode} />
            </Suspense>
          )}
        </div>
      </section>
      <div className="mx-auto -mt-2 max-w-7xl px-4 pb-10">{children}</div>
    </div>
  );
}
