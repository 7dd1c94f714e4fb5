import { loadCatalog } from '@web/lib/i18n';

/** The cancellation modal's texts (locales/<lang>/cancellation.po): loaded with the modal, not with the screens that open it. */
export const loadCancellationTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/cancellation.po'),
    en: () => import('@locales/en/cancellation.po'),
  });
