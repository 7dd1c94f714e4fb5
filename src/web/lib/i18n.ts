import { i18n } from '@lingui/core';
import { LANG_STORAGE_KEY } from './storage-keys';

export type Lang = 'fr' | 'en';
export const LANGS: readonly Lang[] = ['fr', 'en'];
export { LANG_STORAGE_KEY };

export const isLang = (value: unknown): value is Lang => value === 'fr' || value === 'en';

function readStored(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Spec 3 §9: the stored choice, else the browser language (fr or en), else English. */
export function detectLang(): Lang {
  const stored = readStored();
  if (isLang(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of browser) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (isLang(base)) return base;
  }
  return 'en';
}

const catalogs: Record<Lang, () => Promise<{ messages: Record<string, unknown> }>> = {
  fr: () => import('@locales/fr/messages.po'),
  en: () => import('@locales/en/messages.po'),
};

type Messages = Parameters<typeof i18n.load>[1];
export type CatalogLoaders = Record<Lang, () => Promise<{ messages: Record<string, unknown> }>>;

/** The catalogs of lazily loaded parts of the app, loaded with them and again on each language change. */
const extraCatalogs = new Set<CatalogLoaders>();

/** Loads (and keeps loading on language changes) the catalog of a lazily loaded part of the app. */
export async function loadCatalog(loaders: CatalogLoaders): Promise<void> {
  extraCatalogs.add(loaders);
  const lang = currentLang();
  const { messages } = await loaders[lang]();
  i18n.load(lang, messages as Messages);
}

/** Loads the language's catalog, activates it and sets `<html lang>`; `persist` stores the choice. */
export async function activateLang(lang: Lang, { persist = false } = {}): Promise<void> {
  const [{ messages }, ...extras] = await Promise.all([catalogs[lang](), ...[...extraCatalogs].map((loaders) => loaders[lang]())]);
  // Merged, not replaced: loadAndActivate would drop the catalogs of the screens already loaded.
  i18n.load(lang, messages as Messages);
  for (const extra of extras) i18n.load(lang, extra.messages as Messages);
  i18n.activate(lang);
  document.documentElement.lang = lang;
  if (persist) {
    try {
      localStorage.setItem(LANG_STORAGE_KEY, lang);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }
}

/** The active language; French (the source language) until a catalog is activated. */
export const currentLang = (): Lang => (isLang(i18n.locale) ? i18n.locale : 'fr');

export { i18n };
