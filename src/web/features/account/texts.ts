import { loadCatalog } from '@web/lib/i18n';

/** The account area's frame's texts (locales/<lang>/account.po): its menu, loaded with the /account routes. */
export const loadAccountTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/account.po'),
    en: () => import('@locales/en/account.po'),
  });
