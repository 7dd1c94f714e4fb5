import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, isRedirect } from '@tanstack/react-router';
import type { AnyRoute } from '@tanstack/react-router';
import { DEFAULT_FEATURES } from './lib/features';
import type { Branding } from '../contract/agency';
import { escapeHtml } from '../contract/html';
import type { SearchLinePieces } from '../contract/search-line';
import { searchUrlSchema } from '../contract/search-url';
import { messages as en } from '@locales/en/messages.po';
import { messages as fr } from '@locales/fr/messages.po';
import { tripSearchQuery } from './features/trip/results/api';
import { TRIP_FACTS } from './features/trip/results/facts';
import { MONTHS, WEEKDAYS, dayLabel, dayLabelOf } from './features/trip/results/format';
import type { SearchLineProps } from './features/trip/results/SearchLine';
import { SearchLine } from './features/trip/results/SearchLine';
import { brandingQuery } from './lib/branding';
import type { Lang } from './lib/i18n';
import { LANGS, i18n } from './lib/i18n';
import { setPageData } from './lib/page-data';
import { queryClient } from './lib/query';
import type { RouterContext } from './lib/router-context';
import { createAppRouter } from './router';

/** What the server substitutes, per request, with the agency's details (HTML-escaped, but the info block's HTML). */
export const SHELL_SLOTS = {
  name: '%AGENCY_NAME%',
  logo: '%AGENCY_LOGO%',
  infoTitle: '%AGENCY_INFO_TITLE%',
  infoHtml: '%AGENCY_INFO_HTML%',
  supportEmail: '%AGENCY_SUPPORT_EMAIL%',
} as const;

/**
 * What the server substitutes in the results page: the names of the places searched, the fact shown
 * (HTML-escaped), and the line of the day, time and travellers (its pieces: contract/search-line.ts).
 */
export const SEARCH_SLOTS = { from: '%TRIP_FROM%', to: '%TRIP_TO%', fact: '%TRIP_FACT%', line: '%TRIP_LINE%' } as const;

/** Which footer an agency gets: with its info block, its support address, both or neither. */
export type FooterKind = 'none' | 'info' | 'support' | 'info+support';
const FOOTERS: Record<FooterKind, { info: boolean; support: boolean }> = {
  none: { info: false, support: false },
  info: { info: true, support: false },
  support: { info: false, support: true },
  'info+support': { info: true, support: true },
};

/**
 * A page's first screen in one language, in pieces: the layout from its start to the end of `<main>`
 * (for an agency with a logo, and one without), then its footer, then the layout's end.
 */
export type PageShell = { top: { logo: string; name: string }; footer: Record<FooterKind, string>; end: string };

/**
 * Per language: the home page (`/`), the results page of a search (`/search?…`, searching) with the
 * SEARCH_SLOTS, the "did you know" facts (HTML-escaped) the server puts in its fact slot and the pieces
 * of the line it puts in its line slot.
 */
export type LangShell = { home: PageShell; search: PageShell; facts: string[]; searchLine: SearchLinePieces };

/** A route of the app, for the server: its path pattern (`$param`, `$` for the rest) and whether only a signed-in user sees it. */
export type RouteInfo = { id: string; parentId: string | null; path: string; signedInOnly: boolean };

export type AppShell = Record<Lang, LangShell> & { routes: RouteInfo[] };

const CATALOGS = { fr, en };

type Variant = { logo: boolean; info: boolean; support: boolean };

/** The search the results page is rendered for; its place IDs become the names' slots. */
const SLOT_IDS = { from: 'escale-slot-from', to: 'escale-slot-to' };
// Tomorrow: a date the results page searches (it says why instead for a past or too distant one).
const SLOT_DAY = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const SLOT_SEARCH = { from: SLOT_IDS.from, to: SLOT_IDS.to, date: `${SLOT_DAY}T08:00` };
/** A number of travellers that stands for its slot in the line (once in it: toSlot checks). */
const SLOT_PASSENGERS = 7;

/** Renders the page at `href` as the app first renders it for a signed-out visitor, in each layout variant. */
async function renderPage(href: string, prepare: () => void = () => undefined): Promise<PageShell> {
  queryClient.clear();
  prepare();
  const router = createAppRouter(createMemoryHistory({ initialEntries: [href] }), { isServer: true });
  await router.load();
  if (router.state.location.href !== href || !router.state.matches.length) throw new Error(`prerender: ${href} did not render (not its canonical address?)`);
  const render = ({ logo, info, support }: Variant) => {
    const branding: Branding = {
      uid: 'shell',
      name: SHELL_SLOTS.name,
      logo: logo ? SHELL_SLOTS.logo : null,
      colors: { brand: '#1d4ed8', brandContrast: '#ffffff', accent: '#0f766e' },
      info: info ? { title: SHELL_SLOTS.infoTitle, html: SHELL_SLOTS.infoHtml } : null,
      supportEmail: support ? SHELL_SLOTS.supportEmail : null,
      // The defaults: the server paints these screens only for an agency whose flags they show (web.ts shellFlagsMatch).
      features: DEFAULT_FEATURES,
    };
    queryClient.setQueryData(brandingQuery().queryKey, branding);
    setPageData({ fact: 0 });
    // renderToString: the markup with React's hydration markers, so the app adopts it (start.tsx).
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>,
    )
      // Hoisted resource hints and the router's inline scroll script (the CSP allows no inline script).
      .replace(/^(<link [^>]*>)+/, '')
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      // A boundary left to the client (the trip form, a lazy chunk) says why, with a stack: not for the page.
      // The empty digest marks it as expected, so hydrating it reports no error (React's own convention).
      .replace(/<template\b[^>]*><\/template>/g, '<template data-dgst=""></template>');
    // layout start … </main> <footer>…</footer> </div>; the toasts region comes with the first toast.
    const match = /^(<div class="flex min-h-screen flex-col">)([\s\S]*<\/main>)(<footer\b[\s\S]*<\/footer>)(<\/div>)$/.exec(html);
    if (!match) throw new Error(`prerender: the markup of ${href} no longer has the expected layout`);
    // Inert until the app hydrates it: a click on a button without its code would be lost. In the browser
    // the router wraps the page in a Suspense boundary it leaves out on a server: its markers go around.
    return { top: `<!--$--><div class="flex min-h-screen flex-col" inert="">${match[2]}`, footer: match[3]!, end: `${match[4]!}<!--/$-->` };
  };
  const withLogo = render({ logo: true, info: false, support: false });
  const page = {
    top: { logo: withLogo.top, name: render({ logo: false, info: false, support: false }).top },
    footer: Object.fromEntries(Object.entries(FOOTERS).map(([kind, footer]) => [kind, render({ logo: true, ...footer }).footer])) as Record<FooterKind, string>,
    end: withLogo.end,
  };
  setPageData({});
  return page;
}

/** Replaces the one occurrence of `text` in `html` by `slot`. */
function toSlot(html: string, text: string, slot: string): string {
  const parts = html.split(text);
  if (parts.length !== 2) throw new Error(`prerender: expected "${text}" once in the results page, found it ${parts.length - 1} times`);
  return parts.join(slot);
}

/** The results page's line, as the app renders it (renderToString: with the markers React hydrates). */
const lineHtml = (props: SearchLineProps) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <SearchLine {...props} />
    </I18nProvider>,
  );

/** The line's pieces in the active language (its catalog loaded), their texts HTML-escaped. */
function searchLinePieces(): SearchLinePieces {
  const variant = (mode: 'departure' | 'arrival', passengers: number) => {
    const html = lineHtml({ mode, passengers, day: '%TRIP_DAY%', time: '%TRIP_TIME%' });
    return passengers > 1 ? toSlot(html, String(passengers), '%TRIP_PAX%') : html;
  };
  const line = (mode: 'departure' | 'arrival') => ({ one: variant(mode, 1), many: variant(mode, SLOT_PASSENGERS) });
  return {
    line: { departure: line('departure'), arrival: line('arrival') },
    day: escapeHtml(dayLabelOf(i18n, { weekday: '%TRIP_WEEKDAY%', day: '%TRIP_DATE%', month: '%TRIP_MONTH%', year: '%TRIP_YEAR%' })),
    weekdays: WEEKDAYS.map((name) => escapeHtml(i18n._(name))),
    months: MONTHS.map((name) => escapeHtml(i18n._(name))),
  };
}

async function renderLang(lang: Lang): Promise<LangShell> {
  i18n.loadAndActivate({ locale: lang, messages: CATALOGS[lang] });
  const home = await renderPage('/');
  // The address as the app writes it (the router would redirect to it otherwise).
  const href = createAppRouter(createMemoryHistory(), { isServer: true }).buildLocation({ to: '/search', search: searchUrlSchema.parse(SLOT_SEARCH) }).href;
  const raw = await renderPage(href, () => {
    // The search is on its way: the page shows its "searching" state.
    const search = tripSearchQuery(searchUrlSchema.parse(SLOT_SEARCH), null);
    void queryClient.prefetchQuery({ ...search, queryFn: () => new Promise<never>(() => undefined) });
  });
  // After the results page's catalog loaded with its route.
  const facts = TRIP_FACTS.map((fact) => escapeHtml(i18n._(fact)));
  // The page's line is the component's alone (so its pieces, rendered alone, are the page's too).
  const line = lineHtml({ day: dayLabel(i18n, SLOT_SEARCH.date, true), mode: 'departure', time: '08:00', passengers: 1 });
  const slots = (html: string) =>
    toSlot(toSlot(toSlot(toSlot(html, SLOT_IDS.from, SEARCH_SLOTS.from), SLOT_IDS.to, SEARCH_SLOTS.to), facts[0]!, SEARCH_SLOTS.fact), line, SEARCH_SLOTS.line);
  const search = { ...raw, top: { logo: slots(raw.top.logo), name: slots(raw.top.name) } };
  return { home, search, facts, searchLine: searchLinePieces() };
}

/**
 * The routes a signed-out visitor cannot see: their beforeLoad (or a parent's) sends them home. The
 * server answers them with the home page's first screen (src/server/web.ts) and main.tsx puts `/` in
 * the address bar, as the app's redirect would.
 */
function routeInfos(routesById: Record<string, AnyRoute>): RouteInfo[] {
  const context: RouterContext = { queryClient, user: () => null };
  // `route`'s guard, on a visit of `path` (a guard may let some of its pages through, e.g. an e-mail's deep link).
  const sendsHome = (route: AnyRoute, path: string): boolean => {
    const beforeLoad = route.options.beforeLoad as ((options: { context: RouterContext; location: { pathname: string } }) => unknown) | undefined;
    if (!beforeLoad) return false;
    try {
      beforeLoad({ context, location: { pathname: path } });
      return false;
    } catch (thrown) {
      return isRedirect(thrown) && thrown.options.to === '/';
    }
  };
  const guarded = (route: AnyRoute | undefined, path: string): boolean =>
    !!route && (sendsHome(route, path) || guarded(route.parentRoute as AnyRoute | undefined, path));
  return Object.values(routesById)
    .filter((route) => !route.isRoot)
    .map((route) => ({
      id: route.id,
      parentId: (route.parentRoute as AnyRoute | undefined)?.isRoot ? null : ((route.parentRoute as AnyRoute | undefined)?.id ?? null),
      path: route.fullPath as string,
      signedInOnly: guarded(route, route.fullPath as string),
    }));
}

/**
 * Build time only (vite.config.ts runs it): the first screens as the app first renders them for a
 * signed-out visitor, in each language, and the app's routes. The server puts a page in #root with the
 * agency's details, so it paints before any JavaScript runs; the app then hydrates it (start.tsx).
 */
export async function renderAppShell(): Promise<AppShell> {
  const shell = {} as AppShell;
  for (const lang of LANGS) shell[lang] = await renderLang(lang);
  shell.routes = routeInfos(createAppRouter(createMemoryHistory()).routesById as unknown as Record<string, AnyRoute>);
  return shell;
}
