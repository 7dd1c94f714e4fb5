import { loadCatalog } from '@web/lib/i18n';

/** The approvals screens' texts (locales/<lang>/approvals.po): loaded by their routes, not on the first load of `/`. */
export const loadApprovalsTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/approvals.po'),
    en: () => import('@locales/en/approvals.po'),
  });
