import { loadCatalog } from '@web/lib/i18n';

/**
 * The trip search form's chunk and its texts (locales/<lang>/trip-search.po), for React.lazy: neither
 * is part of the home page's first load.
 */
export function loadTripSearchForm() {
  return Promise.all([
    import('./TripSearchForm'),
    loadCatalog({
      fr: () => import('@locales/fr/trip-search.po'),
      en: () => import('@locales/en/trip-search.po'),
    }),
  ]).then(([module]) => ({ default: module.TripSearchForm }));
}
