import { loadCatalog } from '@web/lib/i18n';

/** The cart screens' texts (locales/<lang>/cart.po, shared with checkout): loaded by their routes, not on the first load of `/`. */
export const loadCartTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/cart.po'),
    en: () => import('@locales/en/cart.po'),
  });
