import { loadCatalog } from '@web/lib/i18n';

/** The dashboard's texts (locales/<lang>/dashboard.po): loaded by its routes, not on the first load of `/`. */
export const loadDashboardTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/dashboard.po'),
    en: () => import('@locales/en/dashboard.po'),
  });
