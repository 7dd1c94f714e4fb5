import { loadCatalog } from '@web/lib/i18n';

/** The texts of agency staff's picker and banner (locales/<lang>/acting.po): loaded with them, for staff only. */
export const loadActingTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/acting.po'),
    en: () => import('@locales/en/acting.po'),
  });
