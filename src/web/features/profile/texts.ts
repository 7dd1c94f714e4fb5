import { loadCatalog } from '@web/lib/i18n';

/** The profile page (locales/<lang>/profile.po): loaded by /account/informations. */
export const loadProfileTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/profile.po'),
    en: () => import('@locales/en/profile.po'),
  });
