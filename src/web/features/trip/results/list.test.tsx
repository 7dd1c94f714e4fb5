import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { TripResults } from '@contract/trip';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { results } from './fixtures';
import { formatCo2, formatPrice } from '@web/lib/format';

const URL = '/search?from=city:paris&to=city:lyon&date=2026-12-01T05:00&mode=departure&pax=me';

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A leg of 1,000 trains, one a minute from 05:00, each 2 h long, prices and CO2 varying. */
function thousandTrains(): TripResults {
  return results(
    Array.from({ length: 1000 }, (_, i) => ({
      index: i,
      dep: hhmm(300 + i),
      arr: hhmm(420 + i),
      duration: 120 + (i % 7),
      co2: 2000 + ((i * 37) % 900),
      prices: [3000 + ((i * 53) % 5000), 9000, 12000] as [number, number, number],
    })),
  );
}

const serve = (answer: TripResults) => server.use(http.post('/api/v1/treep/search', () => HttpResponse.json({ result: answer })));
const rows = (list: HTMLElement) => within(list).getAllByRole('listitem', { name: /Départ/ });
const normalise = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

describe('Windowed proposals list', () => {
  it('keeps at most 40 of 1,000 proposals in the DOM, each telling its place in the whole list', async () => {
    serve(thousandTrains());
    await renderRoute(URL);
    const list = await screen.findByRole('list', { name: 'Trajets' });
    const shown = rows(list);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(40);
    expect(shown[0]!.getAttribute('aria-setsize')).toBe('1000');
    expect(shown[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(screen.getByRole('button', { name: 'Train (1000)' })).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Trier par'), 'BY_PRICE');
    expect(rows(list).length).toBeLessThanOrEqual(40);
    expect(rows(list)[0]!.textContent).toContain('30,00');
  });

  it('moves between proposals with the arrow keys and reaches the last one with End', async () => {
    serve(thousandTrains());
    const user = userEvent.setup();
    await renderRoute(URL);
    const list = await screen.findByRole('list', { name: 'Trajets' });
    within(rows(list)[0]!)
      .getByRole('button', { name: /2de classe/ })
      .focus();

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.closest('li[aria-posinset]')?.getAttribute('aria-posinset')).toBe('2'));

    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.closest('li[aria-posinset]')?.getAttribute('aria-posinset')).toBe('1000'));
    expect(document.activeElement?.closest('li[aria-posinset]')?.textContent).toContain('21:39');
    expect(rows(list).length).toBeLessThanOrEqual(40);

    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement?.closest('li[aria-posinset]')?.getAttribute('aria-posinset')).toBe('1'));
  });
});

describe('Stats comparison', () => {
  it('compares rail and flight: trips, lowest price, shortest trip, lowest CO2', async () => {
    serve(
      results([
        { index: 0, dep: '07:04', arr: '09:02', duration: 118, prices: [4500, 6900, 9900], co2: 2400 },
        { index: 1, dep: '06:30', arr: '08:56', duration: 146, transits: 1, prices: [2900, 5900, 8900], co2: 1800 },
        { index: 2, type: 'flight', dep: '07:00', arr: '08:10', duration: 70, prices: [8900, 12900, 19900], co2: 48_000, carrier: ['AF', 'Air France'] },
      ]),
    );
    await renderRoute(URL);
    const panel = await screen.findByRole('region', { name: 'Comparatif train et avion' });
    const table = within(panel).getByRole('table');
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    const cells = (name: string) =>
      within(row(name))
        .getAllByRole('cell')
        .map((c) => normalise(c.textContent));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Train (affiché)', 'Avion']);
    expect(cells('Trajets')).toEqual(['2', '1']);
    expect(cells('À partir de')).toEqual([formatPrice(2900), formatPrice(8900)].map(normalise));
    expect(cells('Le plus rapide')).toEqual(['1 h 58', '1 h 10']);
    expect(cells('CO2 le plus bas')).toEqual([formatCo2(1800), formatCo2(48_000)]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Avion (1)' }));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Train', 'Avion (affiché)']),
    );
  });

  it('shows a dash for a transport without any bookable trip', async () => {
    serve(results([{ index: 0, dep: '07:04', arr: '09:02', duration: 118 }]));
    await renderRoute(URL);
    const panel = await screen.findByRole('region', { name: 'Comparatif train et avion' });
    const flightCells = within(panel)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(flightCells).toEqual(['0', '–', '–', '–']);
  });
});
