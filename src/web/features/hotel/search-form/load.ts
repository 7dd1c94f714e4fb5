import { loadCatalog } from '@web/lib/i18n';

/**
 * The hotel search form's chunk and its texts (locales/<lang>/hotel.po), for React.lazy: neither is part
 * of the home page's first load; they come when the Hotel tab is chosen.
 */
export function loadHotelSearchForm() {
  return Promise.all([import('./HotelSearchForm'), loadHotelTexts()]).then(([module]) => ({ default: module.HotelSearchForm }));
}

export const loadHotelTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/hotel.po'),
    en: () => import('@locales/en/hotel.po'),
  });
