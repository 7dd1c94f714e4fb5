import { loadCatalog } from '@web/lib/i18n';

/** The exchange wizard's texts (locales/<lang>/exchange.po): loaded by its route. */
export const loadExchangeTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/exchange.po'),
    en: () => import('@locales/en/exchange.po'),
  });
