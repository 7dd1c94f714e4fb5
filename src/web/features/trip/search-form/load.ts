import { loadCatalog } from '../../../lib/i18n';

/** The search form's texts (locales/<lang>/trip-search.po), also those of the results page of an address that cannot be searched. */
export const loadTripSearchTexts = () =>
  loadCatalog({
    fr: () => import('../../../../../locales/fr/trip-search.po'),
    en: () => import('../../../../../locales/en/trip-search.po'),
  });

/**
 * The trip search form's chunk and its texts, for React.lazy: neither is part of the home page's first
 * load.
 */
export function loadTripSearchForm() {
  return Promise.all([import('./TripSearchForm'), loadTripSearchTexts()]).then(([module]) => ({ default: module.TripSearchForm }));
}
