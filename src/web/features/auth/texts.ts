import { loadCatalog } from '@web/lib/i18n';

/** The sign-in, sign-up, password, activation, first-login onboarding and token sign-in screens' texts (locales/<lang>/auth.po): loaded with them, not on the first load of `/`. */
export const loadAuthTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/auth.po'),
    en: () => import('@locales/en/auth.po'),
  });
