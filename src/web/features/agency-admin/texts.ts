import { loadCatalog } from '@web/lib/i18n';

/** The agency's administration (locales/<lang>/agency-admin.po): loaded by its route, with the travel manager's (its rule editors). */
export const loadAgencyAdminTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/agency-admin.po'),
    en: () => import('@locales/en/agency-admin.po'),
  });
