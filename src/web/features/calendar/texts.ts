import { loadCatalog } from '@web/lib/i18n';

/** The calendar subscription's texts, in the bookings catalog (locales/<lang>/bookings.po): loaded with the modal. */
export const loadCalendarTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/bookings.po'),
    en: () => import('@locales/en/bookings.po'),
  });
