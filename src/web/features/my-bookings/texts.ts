import { loadCatalog } from '@web/lib/i18n';

/** The booking lists' texts (locales/<lang>/bookings.po): loaded by their routes, not on the first load of `/`. */
export const loadBookingsTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/bookings.po'),
    en: () => import('@locales/en/bookings.po'),
  });
