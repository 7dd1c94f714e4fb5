import { loadCatalog } from '../../lib/i18n';

/** The account screens' and modals' texts (locales/<lang>/account.po): loaded with them, not on the first load of `/`. */
export const loadAccountTexts = () =>
  loadCatalog({
    fr: () => import('../../../../locales/fr/account.po'),
    en: () => import('../../../../locales/en/account.po'),
  });
