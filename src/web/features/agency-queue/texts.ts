import { loadCatalog } from '@web/lib/i18n';

/** The work queue's texts (locales/<lang>/agency-queue.po): loaded by its route, not on the first load of `/`. */
export const loadAgencyQueueTexts = () =>
  loadCatalog({
    fr: () => import('@locales/fr/agency-queue.po'),
    en: () => import('@locales/en/agency-queue.po'),
  });
