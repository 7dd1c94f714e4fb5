import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import type { Branding } from '../contract/agency';
import { messages as en } from '../../locales/en/messages.po';
import { messages as fr } from '../../locales/fr/messages.po';
import { brandingQuery } from './lib/branding';
import type { Lang } from './lib/i18n';
import { LANGS, i18n } from './lib/i18n';
import { queryClient } from './lib/query';
import { createAppRouter } from './router';

/** What the server substitutes, per request, with the agency's details (HTML-escaped, but the info block's HTML). */
export const SHELL_SLOTS = {
  name: '%AGENCY_NAME%',
  logo: '%AGENCY_LOGO%',
  infoTitle: '%AGENCY_INFO_TITLE%',
  infoHtml: '%AGENCY_INFO_HTML%',
  supportEmail: '%AGENCY_SUPPORT_EMAIL%',
} as const;

/** Which footer an agency gets: with its info block, its support address, both or neither. */
export type FooterKind = 'none' | 'info' | 'support' | 'info+support';
const FOOTERS: Record<FooterKind, { info: boolean; support: boolean }> = {
  none: { info: false, support: false },
  info: { info: true, support: false },
  support: { info: false, support: true },
  'info+support': { info: true, support: true },
};

/**
 * The home page's first screen in one language, in pieces: the layout from its start to the end of
 * `<main>` (for an agency with a logo, and one without), then its footer, then the layout's end.
 */
export type HomeShell = { top: { logo: string; name: string }; footer: Record<FooterKind, string>; end: string };
export type AppShell = Record<Lang, HomeShell>;

const CATALOGS = { fr, en };

type Variant = { logo: boolean; info: boolean; support: boolean };

async function renderLang(lang: Lang): Promise<HomeShell> {
  i18n.loadAndActivate({ locale: lang, messages: CATALOGS[lang] });
  queryClient.clear();
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
  await router.load();
  const render = ({ logo, info, support }: Variant) => {
    const branding: Branding = {
      uid: 'shell',
      name: SHELL_SLOTS.name,
      logo: logo ? SHELL_SLOTS.logo : null,
      colors: { brand: '#1d4ed8', brandContrast: '#ffffff', accent: '#0f766e' },
      info: info ? { title: SHELL_SLOTS.infoTitle, html: SHELL_SLOTS.infoHtml } : null,
      supportEmail: support ? SHELL_SLOTS.supportEmail : null,
    };
    queryClient.setQueryData(brandingQuery().queryKey, branding);
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>,
    )
      // Hoisted resource hints and the router's inline scroll script (the CSP allows no inline script).
      .replace(/^(<link [^>]*>)+/, '')
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
    // layout start … </main> <footer>…</footer> </div>; the toasts region comes with the first toast.
    const match = /^(<div class="flex min-h-screen flex-col">)([\s\S]*<\/main>)(<footer\b[\s\S]*<\/footer>)(<\/div>)$/.exec(html);
    if (!match) throw new Error('prerender: the home page markup no longer has the expected layout');
    // Inert until the app renders over it: a click on a button without its code would be lost.
    return { top: `<div class="flex min-h-screen flex-col" inert="">${match[2]}`, footer: match[3]!, end: match[4]! };
  };
  const withLogo = render({ logo: true, info: false, support: false });
  return {
    top: { logo: withLogo.top, name: render({ logo: false, info: false, support: false }).top },
    footer: Object.fromEntries(
      Object.entries(FOOTERS).map(([kind, footer]) => [kind, render({ logo: true, ...footer }).footer]),
    ) as Record<FooterKind, string>,
    end: withLogo.end,
  };
}

/**
 * Build time only (vite.config.ts runs it): the home page as the app first renders it for a signed-out
 * visitor, in each language. The server puts it in #root with the agency's details, so the page paints
 * before any JavaScript runs; the app then renders the same markup over it.
 */
export async function renderAppShell(): Promise<AppShell> {
  const shell = {} as AppShell;
  for (const lang of LANGS) shell[lang] = await renderLang(lang);
  return shell;
}
