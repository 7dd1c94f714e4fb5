import { loadCatalog } from '@web/lib/i18n';

/** The beta lists' texts (locales/<lang>/bookings.po, shared with the classic lists): loaded by their routes. */
export const loadBookingsBetaTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/bookings.po'),
    en: () => import('@locales/en/bookings.po'),
  });
