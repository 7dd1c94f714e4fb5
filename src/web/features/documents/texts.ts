import { loadCatalog } from '@web/lib/i18n';

/** The identity documents section (locales/<lang>/documents.po): loaded by the personal data route. */
export const loadDocumentsTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/documents.po'),
    en: () => import('@locales/en/documents.po'),
  });
