import { keepPreviousData, onlineManager, queryOptions, useQuery } from '@tanstack/react-query';
import type { Branding } from '@contract/agency';
import { contrast, darken, ensureContrast, parseHex } from './color';
import { api } from './http';
import { currentLang } from './i18n';
import { pageData } from './page-data';
import { OFFLINE, queryClient } from './query';
import { entries } from '@contract/entries';

export const DEFAULT_NAME = 'Escale';

/** GET /agency: the white-label deployment's name, logo, colours and info block. */
export const brandingQuery = () =>
  queryOptions({
    queryKey: ['agency', currentLang()] as const,
    // Branding failures keep the default look; nothing for the user to act on.
    queryFn: () => api.get(entries.agency, () => import('./boot-schemas').then((m) => m.brandingSchema), { silent: true }),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    // A signed-in user offline keeps the agency's look (kept with their offline copies).
    meta: OFFLINE,
  });

/**
 * Start-up: the branding the server put in the page (lib/page-data.ts) when it is in the app's language,
 * else GET /agency. Its query is keyed by language: another language asks GET /agency again.
 */
export function loadBranding(): Promise<void> {
  const query = brandingQuery();
  const { branding, lang } = pageData();
  if (branding && lang === currentLang() && queryClient.getQueryData(query.queryKey) === undefined) queryClient.setQueryData(query.queryKey, branding);
  const prefetch = queryClient.prefetchQuery(query);
  // Offline the query waits for the network; the start-up does not (the offline copy, or the default look, meanwhile).
  return onlineManager.isOnline() ? prefetch : Promise.resolve();
}

export const useBranding = (): Branding | undefined => useQuery(brandingQuery()).data;

/** The agency colours as the CSS variables Tailwind's theme uses, each checked for WCAG AA. */
export function themeVariables(colors: Branding['colors']): Record<string, string> {
  const white = '#ffffff';
  const brand = parseHex(colors.brand) ? ensureContrast(colors.brand, white, 4.5) : '#1d4ed8';
  const contrastText = [colors.brandContrast, white, '#111827'].filter((c) => parseHex(c)).find((c) => contrast(c, brand) >= 4.5) ?? white;
  const accent = parseHex(colors.accent) ? ensureContrast(colors.accent, white, 3) : '#0f766e';
  return {
    '--brand': brand,
    '--brand-contrast': contrastText,
    '--brand-strong': darken(brand, 0.25),
    '--accent': accent,
  };
}

/** Applies the branding through the CSSOM (the CSP allows no inline <style>). */
export function applyBranding(branding: Branding) {
  const root = document.documentElement;
  const vars = themeVariables(branding.colors);
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  document.title = branding.name;
  document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.setAttribute('content', vars['--brand'] ?? '');
}
