import { loadCatalog } from '@web/lib/i18n';

/** The travel manager's screens and the invitation page (locales/<lang>/company-admin.po): loaded by their routes. */
export const loadCompanyAdminTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/company-admin.po'),
    en: () => import('@locales/en/company-admin.po'),
  });
