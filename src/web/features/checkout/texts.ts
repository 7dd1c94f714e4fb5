import { loadCatalog } from '@web/lib/i18n';

/** The cart and checkout texts (locales/<lang>/cart.po): loaded with the checkout route and the approver modal, not on the first load of `/`. */
export const loadCheckoutTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/cart.po'),
    en: () => import('@locales/en/cart.po'),
  });
