import { loadCatalog } from '@web/lib/i18n';

/**
 * The car-rental search form's chunk and its texts (locales/<lang>/car-rental.po), for React.lazy:
 * neither is part of the home page's first load.
 */
export function loadCarSearchForm() {
  return Promise.all([
    import('./CarSearchForm'),
    loadCatalog({
      fr: () => import('@locales/fr/car-rental.po'),
      en: () => import('@locales/en/car-rental.po'),
    }),
  ]).then(([module]) => ({ default: module.CarSearchForm }));
}
