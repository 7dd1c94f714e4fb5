import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { TravelStats } from '@contract/stats';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';

// jsdom draws no canvas: the chart is a stand-in saying what it was given (the table is what the test reads).
vi.mock('./Co2Chart', () => ({ default: ({ months }: { months: unknown[] }) => <div data-testid="co2-chart">{months.length} months</div> }));

const year = new Date().getFullYear();
const mode = (m: TravelStats['modes'][number]['mode'], products: number, km: number, kg: number, minutes: number, amount: string) => ({
  mode: m,
  products,
  travels: products,
  km,
  gHGEmission: { value: kg, unit: 'kg' as const },
  minutes,
  cost: { amount, currency: 'EUR' as const },
});

function statsFixture(overrides: Partial<TravelStats> = {}): TravelStats {
  return {
    scope: 'user',
    period: { beginPeriod: `${year}-01-01`, endPeriod: `${year}-12-31` },
    travels: 2,
    km: 1_500,
    emission: {
      gHGEmission: { value: 84.4, unit: 'kg' },
      equivalents: [
        { name: 'car_km', logo: 'car', quantity: 387, description: 'km en voiture thermique' },
        { name: 'beef_meal', logo: 'meal', quantity: 12, description: 'repas avec du bœuf' },
        { name: 'tree_year', logo: 'tree', quantity: 3.4, description: 'arbres pendant un an pour les absorber' },
      ],
      rail: { value: 4.4, proportion: 0.052 },
      flight: { value: 80, proportion: 0.948 },
      hotel: { value: 0, proportion: 0 },
      car_rental: { value: 0, proportion: 0 },
    },
    time: { total: 195 },
    cost: { totalDirectAmount: { amount: '300.00', currency: 'EUR' } },
    railVsAir: { rail: 0.6, flight: 0.4 },
    modes: [
      mode('rail', 1, 900, 4.4, 120, '100.00'),
      mode('flight', 1, 600, 80, 75, '200.00'),
      mode('hotel', 0, 0, 0, 0, '0.00'),
      mode('car_rental', 0, 0, 0, 0, '0.00'),
    ],
    topDestinations: [
      { name: 'Nice', trips: 1, gHGEmission: { value: 80, unit: 'kg' } },
      { name: 'Lyon', trips: 1, gHGEmission: { value: 4.4, unit: 'kg' } },
    ],
    months: Array.from({ length: 12 }, (_, i) => ({
      month: `${year}-${String(i + 1).padStart(2, '0')}`,
      rail: i === 2 ? 4.4 : 0,
      flight: i === 5 ? 80 : 0,
      hotel: 0,
      car_rental: 0,
    })),
    upcoming: [
      {
        travelID: 't-lyon',
        startsAt: `${year + 1}-01-10T07:00:00.000Z`,
        endsAt: `${year + 1}-01-10T09:00:00.000Z`,
        status: 'issued',
        products: [{ type: 'rail', from: 'Paris', to: 'Lyon', departure: `${year + 1}-01-10T08:00:00+01:00` }],
        travellers: [{ firstname: 'Alice', lastname: 'Martin' }],
        links: { getTravel: { href: '/api/v1/v2/travels/t-lyon', method: 'GET' } },
      },
    ],
    ...overrides,
  };
}

const statsLink = { href: '/api/v1/stats/travels', method: 'GET' as const };
const companyLink = { href: '/api/v1/companies/c-acme/stats/travels', method: 'GET' as const };
const links = {
  self: { href: '/api/v1/user/', method: 'GET' as const },
  logout: { href: '/api/v1/user/logout', method: 'POST' as const },
  travelStats: statsLink,
};

/** Serves the user's statistics (and the company's), recording each call's period. */
function serve(stats: TravelStats = statsFixture(), company: TravelStats = statsFixture({ scope: 'company', travels: 9 })) {
  const calls: { scope: string; begin: string | null; end: string | null }[] = [];
  server.use(
    http.get(statsLink.href, ({ request }) => {
      const url = new URL(request.url);
      calls.push({ scope: 'user', begin: url.searchParams.get('beginPeriod'), end: url.searchParams.get('endPeriod') });
      return HttpResponse.json({ result: stats });
    }),
    http.get(companyLink.href, ({ request }) => {
      const url = new URL(request.url);
      calls.push({ scope: 'company', begin: url.searchParams.get('beginPeriod'), end: url.searchParams.get('endPeriod') });
      return HttpResponse.json({ result: company });
    }),
  );
  return calls;
}

describe('the dashboard', () => {
  it('opens at /account, first in the menu, with the year’s totals, CO2 by mode, equivalents, rail against air and the trips to come', async () => {
    const calls = serve();
    startSession('token', userFixture({ links }));
    const { router } = await renderRoute('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/dashboard');
    const menu = screen.getByRole('navigation', { name: 'Mon espace' });
    const first = within(menu).getAllByRole('link')[0]!;
    expect(first.textContent).toBe('Tableau de bord');
    expect(first.getAttribute('aria-current')).toBe('page');

    expect((screen.getByRole('radio', { name: 'Année en cours' }) as HTMLInputElement).checked).toBe(true);
    const totals = await screen.findByRole('region', { name: 'Totaux de la période' });
    expect(calls[0]).toEqual({ scope: 'user', begin: `${year}-01-01`, end: `${year}-12-31` });
    const figure = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(figure('Voyages')).toBe('2');
    expect(figure('Kilomètres')).toBe('1\u202f500 km');
    expect(figure('CO2 émis')).toBe('84 kg');
    expect(figure('Dépenses')).toBe('300,00\u00a0€');
    expect(figure('Temps de trajet')).toBe('3 h 15');

    const emissions = screen.getByRole('region', { name: 'Émissions de CO2' });
    expect(within(emissions).getByText('4,4 kg · 5 %')).toBeTruthy();
    expect(within(emissions).getByText('80 kg · 95 %')).toBeTruthy();
    expect(within(emissions).getByText('km en voiture thermique').textContent).toBe('387 km en voiture thermique');
    expect(within(emissions).getByText('arbres pendant un an pour les absorber').textContent).toContain('3,4');

    expect(screen.getByText('60 % des kilomètres en train, 40 % en avion.')).toBeTruthy();

    // The chart is hidden from assistive technologies; the table says the same.
    const table = screen.getByRole('table', { name: 'Émissions de CO2 par mois et par mode, en kg' });
    const june = within(table)
      .getAllByRole('row')
      .find((r) => within(r).queryByRole('rowheader')?.textContent?.startsWith('juin'))!;
    expect(
      within(june)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0,0 kg', '80 kg', '0,0 kg', '0,0 kg', '80 kg']);
    expect((await screen.findByTestId('co2-chart')).closest('[aria-hidden="true"]')).toBeTruthy();

    const upcoming = screen.getByRole('region', { name: 'Prochains voyages' });
    expect(within(upcoming).getByText('Train : Paris → Lyon')).toBeTruthy();
    expect(
      within(upcoming)
        .getByRole('link', { name: /Voir le voyage/ })
        .getAttribute('href'),
    ).toBe('/travel-view?travel=t-lyon');
    // A traveller has no company view.
    expect(screen.queryByRole('button', { name: 'Mon entreprise' })).toBeNull();
  });

  it('asks for the period chosen, and keeps it in the address', async () => {
    const calls = serve();
    startSession('token', userFixture({ links }));
    const { router } = await renderRoute('/account/dashboard');
    await screen.findByRole('region', { name: 'Totaux de la période' });
    await userEvent.click(screen.getByRole('radio', { name: 'Année précédente' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ scope: 'user', begin: `${year - 1}-01-01`, end: `${year - 1}-12-31` }));
    expect(router.state.location.search).toEqual({ period: 'previousYear' });
    expect(screen.getByText(`Du 01/01/${year - 1} au 31/12/${year - 1}`)).toBeTruthy();
  });

  it('says so when nothing was booked over the period', async () => {
    serve(
      statsFixture({
        travels: 0,
        km: 0,
        emission: { ...statsFixture().emission, gHGEmission: { value: 0, unit: 'kg' } },
        railVsAir: { rail: 0, flight: 0 },
        modes: (['rail', 'flight', 'hotel', 'car_rental'] as const).map((m) => mode(m, 0, 0, 0, 0, '0.00')),
        upcoming: [],
      }),
    );
    startSession('token', userFixture({ links }));
    await renderRoute('/account/dashboard?period=thisMonth');
    expect(await screen.findByText('Aucun voyage réservé sur cette période.')).toBeTruthy();
    expect(screen.getByText('Aucun voyage à venir.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Ce mois-ci' }) as HTMLInputElement).checked).toBe(true);
  });

  it('lets a travel manager switch to their company’s travels, with who travels and no way into them', async () => {
    const company = statsFixture({
      scope: 'company',
      travels: 9,
      upcoming: [{ ...statsFixture().upcoming[0]!, travellers: [{ firstname: 'Bob', lastname: 'Durand' }], links: {} }],
    });
    const calls = serve(statsFixture(), company);
    startSession('token', userFixture({ perms: ['account_creation'], links: { ...links, companyTravelStats: companyLink } }));
    const { router } = await renderRoute('/account/dashboard');
    await screen.findByRole('region', { name: 'Totaux de la période' });
    await userEvent.click(screen.getByRole('button', { name: 'Mon entreprise' }));
    await waitFor(() => expect(calls.at(-1)?.scope).toBe('company'));
    expect(router.state.location.search).toEqual({ scope: 'company' });
    expect(screen.getByRole('button', { name: 'Mon entreprise' }).getAttribute('aria-current')).toBe('page');
    const upcoming = await screen.findByRole('region', { name: 'Prochains voyages' });
    await within(upcoming).findByText('Bob Durand');
    expect(within(upcoming).queryByRole('link')).toBeNull();
  });

  it('shows why the figures could not load, with a way to ask again', async () => {
    server.use(http.get(statsLink.href, () => HttpResponse.json(apiError(182, 'La période ne peut pas dépasser 366 jours.'), { status: 400 })));
    startSession('token', userFixture({ links }));
    await renderRoute('/account/dashboard');
    expect((await screen.findByRole('alert')).textContent).toContain('La période ne peut pas dépasser 366 jours.');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
