import { loadCatalog } from '@web/lib/i18n';

/** The saved payment cards section (locales/<lang>/payment-cards.po): loaded by the personal data route. */
export const loadPaymentCardsTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/payment-cards.po'),
    en: () => import('@locales/en/payment-cards.po'),
  });
