import { loadCatalog } from '@web/lib/i18n';

/** The privacy page, the "my data" section and the account deletion dialog (locales/<lang>/privacy.po): loaded by their routes. */
export const loadPrivacyTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/privacy.po'),
    en: () => import('@locales/en/privacy.po'),
  });
