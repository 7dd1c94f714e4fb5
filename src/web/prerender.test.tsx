import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { http } from 'msw';
import { loadBranding } from './lib/branding';
import { i18n } from './lib/i18n';
import type { PageData } from './lib/page-data';
import { setPageData } from './lib/page-data';
import { queryClient } from './lib/query';
import type { AppShell, PageShell } from './prerender';
import { renderAppShell } from './prerender';
import { searchLineHtml } from '../contract/search-line';
import { createAppRouter } from './router';
import { brandingFixture } from './testing/fixtures';
import { renderRoute } from './testing/render';
import { server } from './testing/server';

// The trip form is a lazily loaded chunk: until it arrives the home shows its skeleton, which is what
// the prerender paints. Held back here so the comparison is of the app's first render, not a race.
vi.mock('./features/trip/search-form/TripSearchForm', () => ({
  TripSearchForm: () => {
    throw new Promise(() => {});
  },
}));

let shell: AppShell | undefined;
const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DDTHH:mm` of a local day and time: a date the results page searches when in the year ahead. */
const localDateTime = (day: Date, time: string) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T${time}`;
/** Tomorrow at 08:00, local. */
const tomorrowAt8 = () => localDateTime(new Date(Date.now() + 86_400_000), '08:00');
/** The 3rd of the month after next at 17:45, local: a day of one digit, another month. */
function inTwoMonths() {
  const now = new Date();
  return localDateTime(new Date(now.getFullYear(), now.getMonth() + 2, 3), '17:45');
}
const appShell = async () => (shell ??= await renderAppShell());

/** A first screen as the server sends it: the page's pieces, with the agency's details and the page's slots. */
const filled = (page: PageShell, slots: Record<string, string>) =>
  `${page.top.name}${page.footer['info+support']}${page.end}`.replace(/%((?:AGENCY|TRIP)_[A-Z_]+)%/g, (_, name: string) => slots[name]!);

/** The markup without React's hydration markers (comments, the client-rendered boundary's template). */
const withoutMarkers = (html: string) => html.replace(/<!--[^>]*-->/g, '').replace(/<template[^>]*><\/template>/g, '');

/** The app's markup, for a comparison with a first screen (without the prerender's inert attribute). */
function expectSameMarkup(container: HTMLElement, page: PageShell, slots: Record<string, string>) {
  const expected = document.createElement('div');
  expected.innerHTML = withoutMarkers(filled(page, slots));
  expected.firstElementChild!.removeAttribute('inert');
  expect(container.firstElementChild!.outerHTML).toBe(expected.firstElementChild!.outerHTML);
}

/**
 * What start.tsx does with the server's first screen: the route loaded and the page data in place, React
 * hydrates the markup. Resolves with the errors React reported and the screen's h1 before hydration.
 */
async function hydrate(path: string, html: string, data: PageData) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  container.firstElementChild!.removeAttribute('inert');
  const h1 = container.querySelector('h1');
  setPageData(data);
  await loadBranding();
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error');
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
    { container, hydrate: true, onRecoverableError: (error) => errors.push(error) },
  );
  await screen.findByRole('banner');
  return { container, h1, errors, consoleError };
}

const agencySlots = {
  AGENCY_NAME: brandingFixture.name,
  AGENCY_INFO_TITLE: brandingFixture.info!.title,
  AGENCY_INFO_HTML: brandingFixture.info!.html,
  AGENCY_SUPPORT_EMAIL: brandingFixture.supportEmail!,
};

describe('the first screens, prerendered for the server (src/server/web.ts)', () => {
  it('has the home page in each language, inert, without scripts, footer or toasts', async () => {
    const { fr: frShell, en: enShell } = await appShell();
    const [fr, en] = [frShell.home, enShell.home];
    expect(fr.top.logo).toContain('>Que souhaitez-vous réserver ?</h1>');
    expect(en.top.logo).toContain('>What would you like to book?</h1>');
    expect(fr.top.logo).toContain('Chargement du formulaire de recherche…');
    expect(fr.top.logo).toContain('>Comparez et réservez</h3>');
    for (const { top, footer, end } of [fr, en, frShell.search, enShell.search]) {
      for (const html of [top.logo, top.name]) {
        expect(html).toMatch(/^<!--\$--><div class="flex min-h-screen flex-col" inert="">/);
        expect(html).toMatch(/<\/main>$/);
        expect(html).not.toMatch(/<script|<footer|<link|aria-label="Notifications"/);
      }
      expect(top.logo).toContain('<img src="%AGENCY_LOGO%" alt="%AGENCY_NAME%"');
      expect(top.name).toContain('<span class="text-xl font-bold text-brand">%AGENCY_NAME%</span>');
      expect(footer.none).not.toMatch(/%AGENCY_INFO|%AGENCY_SUPPORT/);
      expect(footer.info).toContain('%AGENCY_INFO_TITLE%</h2><div class="agency-html text-gray-800">%AGENCY_INFO_HTML%</div>');
      expect(footer.info).not.toContain('%AGENCY_SUPPORT_EMAIL%');
      expect(footer.support).toContain('href="mailto:%AGENCY_SUPPORT_EMAIL%"');
      expect(footer['info+support']).toMatch(/%AGENCY_INFO_HTML%[\s\S]*%AGENCY_SUPPORT_EMAIL%/);
      expect(end).toBe('</div><!--/$-->');
    }
  });

  it('has the results page of a search in each language, searching, with slots for the places and the fact', async () => {
    const { fr, en } = await appShell();
    expect(fr.search.top.logo).toContain('>Aller : %TRIP_FROM% - %TRIP_TO%</h1>');
    expect(en.search.top.logo).toContain('>Outward: %TRIP_FROM% - %TRIP_TO%</h1>');
    expect(fr.search.top.logo).toContain('Recherche de votre trajet');
    expect(fr.search.top.name).toContain('<p>%TRIP_FACT%</p>');
    expect(fr.search.top.name).toContain('</h1>%TRIP_LINE%</div>');
    expect(fr.searchLine.line.departure.one).toContain('>%TRIP_DAY%</span>');
    expect(fr.searchLine.line.arrival.many).toMatch(/arrivée avant (<!-- -->)?%TRIP_TIME%[\s\S]*%TRIP_PAX%(<!-- -->)? passagers/);
    expect(en.searchLine.weekdays).toHaveLength(7);
    expect(en.searchLine.months[11]).toBe('December');
    // No such day: no line (the app says why instead of searching).
    expect(searchLineHtml(fr.searchLine, { date: '2027-02-31T08:00', mode: 'departure', passengers: 1 })).toBeNull();
    expect(fr.facts).toHaveLength(5);
    expect(en.facts[0]).toMatch(/^A Paris – Lyon trip/);
  });

  it('lists the routes, marking those only a signed-in user sees', async () => {
    const { routes } = await appShell();
    const signedInOnly = (path: string) => routes.find((route) => route.path === path)?.signedInOnly;
    for (const path of ['/cart/', '/cart/checkout', '/travel-view', '/recap/$travelId/$travelerId', '/account', '/account/informations'])
      expect(signedInOnly(path), path).toBe(true);
    for (const path of ['/', '/search', '/password/$token', '/sso/$segment', '/$', '/account/approvals']) expect(signedInOnly(path), path).toBe(false);
  });

  it('is the home page’s markup as the app renders it, so the app adopts it without a visible change', async () => {
    const { fr } = await appShell();
    i18n.activate('fr');
    const { container } = await renderRoute('/');
    await within(screen.getByRole('contentinfo')).findByRole('heading', { name: 'Votre agence' });
    expectSameMarkup(container, fr.home, agencySlots);
  });

  it('is hydrated by the app: the same nodes, no error, the trip form’s boundary left to the client', async () => {
    const { fr } = await appShell();
    i18n.activate('fr');
    const { container, h1, errors, consoleError } = await hydrate('/', filled(fr.home, agencySlots), { lang: 'fr', branding: brandingFixture });
    await screen.findByText('Chargement du formulaire de recherche…');
    expect(container.querySelector('h1')).toBe(h1);
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    setPageData({});
  });

  it('is hydrated on the results page too, with the server’s names, line and fact', async () => {
    const { fr } = await appShell();
    i18n.activate('fr');
    server.use(http.post('/api/v1/treep/search', () => new Promise<never>(() => undefined)));
    const date = tomorrowAt8();
    const line = searchLineHtml(fr.searchLine, { date, mode: 'departure', passengers: 1 })!;
    const slots = { ...agencySlots, TRIP_FROM: 'Paris', TRIP_TO: 'Lyon', TRIP_FACT: fr.facts[2]!, TRIP_LINE: line };
    const data: PageData = { lang: 'fr', branding: brandingFixture, places: { 'city:paris': 'Paris', 'city:lyon': 'Lyon' }, fact: 2 };
    const { container, h1, errors, consoleError } = await hydrate(`/search?from=city:paris&to=city:lyon&date=${date}`, filled(fr.search, slots), data);
    const serverLine = h1?.nextElementSibling;
    expect(container.querySelector('h1')).toBe(h1);
    expect(h1?.textContent).toBe('Aller : Paris - Lyon');
    // The line the server wrote is the one on display, adopted as it is.
    expect(h1?.nextElementSibling).toBe(serverLine);
    expect(serverLine?.textContent).toMatch(/^\S+ \d+ \S+ \d{4} · départ à partir de 08:00 · 1 passager$/);
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    setPageData({});
  });

  // The line in each of its forms: a departure or an arrival, one traveller or more, a day of one digit or two.
  const searches = [
    { lang: 'fr', date: tomorrowAt8(), mode: 'departure', pax: ['me'], h1: 'Aller : Paris - Lyon' },
    { lang: 'en', date: inTwoMonths(), mode: 'arrival', pax: ['me', 'age:30-59', 'age:4-29'], h1: 'Outward: Paris - Lyon' },
    { lang: 'fr', date: inTwoMonths(), mode: 'arrival', pax: ['me'], h1: 'Aller : Paris - Lyon' },
    { lang: 'en', date: tomorrowAt8(), mode: 'departure', pax: ['me', 'age:60+'], h1: 'Outward: Paris - Lyon' },
  ] as const;
  it.each(searches)(
    'is the results page’s markup as the app renders it while the search runs, with the server’s names, fact and line ($lang, $date, $mode, $pax.length)',
    async ({ lang, date, mode, pax, h1 }) => {
      const shells = await appShell();
      i18n.activate(lang);
      server.use(http.post('/api/v1/treep/search', () => new Promise<never>(() => undefined)));
      setPageData({ places: { 'city:paris': 'Paris', 'city:lyon': 'Lyon' }, fact: 3 });
      const query = new URLSearchParams({ from: 'city:paris', to: 'city:lyon', date, mode, pax: JSON.stringify(pax) });
      const { container } = await renderRoute(`/search?${query}`);
      await screen.findByRole('heading', { level: 1, name: h1 });
      await within(screen.getByRole('contentinfo')).findByRole('heading', { name: brandingFixture.info!.title });
      const line = searchLineHtml(shells[lang].searchLine, { date, mode, passengers: pax.length });
      expect(line).not.toBeNull();
      expectSameMarkup(container, shells[lang].search, {
        ...agencySlots,
        TRIP_FROM: 'Paris',
        TRIP_TO: 'Lyon',
        TRIP_FACT: shells[lang].facts[3]!,
        TRIP_LINE: line!,
      });
      setPageData({});
    },
  );
});
