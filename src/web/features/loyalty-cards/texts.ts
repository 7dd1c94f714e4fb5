import { loadCatalog } from '@web/lib/i18n';

/** The loyalty and discount cards section (locales/<lang>/cards.po): loaded by the personal data route. */
export const loadCardsTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/cards.po'),
    en: () => import('@locales/en/cards.po'),
  });
