import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { TravelListItem } from '@contract/travel-list';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';

const day = (i: number) => new Date(Date.UTC(2026, 11, 6) - i * 86_400_000).toISOString().slice(0, 10);

/** Travel `i` leaves i days before 6 December 2026 (newest first); every third is Zoé's trip to Marseille. */
function travel(i: number, overrides: Partial<TravelListItem> = {}): TravelListItem {
  const marseille = i % 3 === 2;
  const pax = marseille ? { firstname: 'Zoé', lastname: 'Benali' } : { firstname: 'Gus', lastname: 'Moreau' };
  return {
    id: `t-${i}`,
    status: i % 5 === 4 ? 'pending_approval' : 'issued',
    startDate: day(i),
    endDate: day(i),
    products: [
      {
        id: `p-${i}`,
        type: 'rail',
        status: 'issued',
        from: 'Paris',
        to: marseille ? 'Marseille' : 'Lyon',
        departure: `${day(i)}T07:12:00+01:00`,
        arrival: `${day(i)}T09:10:00+01:00`,
        routes: marseille
          ? [
              { from: 'Paris Gare de Lyon', to: 'Lyon Part-Dieu' },
              { from: 'Lyon Part-Dieu', to: 'Marseille Saint-Charles' },
            ]
          : [{ from: 'Paris Gare de Lyon', to: 'Lyon Part-Dieu' }],
        ticketsByPax: [{ pax }],
      },
    ],
    ...overrides,
  };
}

type Served = { requests: URL[] };
/** The beta list as the server answers it: by beta status (issued or approval here), by page index of `limit`; every request recorded. */
function serveList(all: TravelListItem[]): Served {
  const state: Served = { requests: [] };
  server.use(
    http.get('/api/v1/v2/travels/', ({ request }) => {
      const url = new URL(request.url);
      if (!url.searchParams.has('limit')) return HttpResponse.json({ result: { travels: [], links: {} } });
      state.requests.push(url);
      const statuses = url.searchParams.getAll('travelStatus');
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const matching = all.filter((t) => (t.status === 'pending_approval' ? statuses.includes('approval') : statuses.includes('issued')));
      const ordered = url.searchParams.get('orderBy') === 'asc' ? [...matching].reverse() : matching;
      return HttpResponse.json({ result: { travels: ordered.slice(offset * limit, (offset + 1) * limit), total: matching.length, offset, limit } });
    }),
  );
  return state;
}

/** IntersectionObserver as the browser would call it: tests say when the bottom marker comes near. */
let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; target?: Element }[] = [];
beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const bottomComesNear = () => {
  const last = observers[observers.length - 1]!;
  last.callback([{ isIntersecting: true, target: last.target } as IntersectionObserverEntry], {} as IntersectionObserver);
};

const signIn = () => startSession('token', userFixture());
const rows = () => screen.getAllByRole('article');

describe('Beta bookings list (spec 2 §9)', () => {
  it('asks for a page of every beta status, newest first, and shows a virtual feed of the travels', async () => {
    signIn();
    const served = serveList(Array.from({ length: 120 }, (_, i) => travel(i)));
    await renderRoute('/account/tickets-beta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes réservations (bêta)' })).toBeTruthy();
    const feed = await screen.findByRole('feed', { name: 'Mes réservations (bêta)' });
    const first = served.requests[0]!.searchParams;
    expect(first.getAll('travelStatus')).toEqual(['issued', 'approval', 'pending', 'error', 'cancelled', 'printed']);
    expect(Object.fromEntries([...first].filter(([k]) => k !== 'travelStatus'))).toEqual({
      limit: '50',
      offset: '0',
      sortBy: 'startDate',
      orderBy: 'desc',
      passed: 'false',
    });
    expect(screen.getByRole('status').textContent).toBe('120 voyages');

    const articles = within(feed).getAllByRole('article');
    // Virtual: a screenful and a few more of the 50 loaded.
    expect(articles.length).toBeGreaterThan(3);
    expect(articles.length).toBeLessThan(20);
    const row = articles[0]!;
    expect(row.getAttribute('aria-setsize')).toBe('120');
    expect(row.getAttribute('aria-posinset')).toBe('1');
    expect(within(row).getByRole('heading', { level: 2, name: 'Paris → Lyon' })).toBeTruthy();
    expect(row.textContent).toContain('06/12/2026 07:12 – 09:10');
    expect(row.textContent).toContain('Gus Moreau');
    expect(row.textContent).toContain('Émis');
    const third = articles[2]!;
    expect(third.textContent).toContain('Paris Gare de Lyon → Lyon Part-Dieu → Marseille Saint-Charles');
    expect(within(articles[4]!).getByText('En attente d’approbation')).toBeTruthy();

    // The bottom marker: 100 px margin, 10 % visible (spec 2 §9).
    expect(observers[observers.length - 1]!.options).toEqual({ rootMargin: '100px', threshold: 0.1 });
  });

  it('asks for the next page when the end comes near, while the last page was full, then says there is no more', async () => {
    signIn();
    const served = serveList(Array.from({ length: 60 }, (_, i) => travel(i)));
    await renderRoute('/account/tickets-beta');
    await screen.findByRole('feed');
    bottomComesNear();
    await waitFor(() => expect(served.requests.map((u) => u.searchParams.get('offset'))).toEqual(['0', '1']));
    expect(await screen.findByText('Il n’y a plus d’autre voyage.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir plus de voyages' })).toBeNull();
    expect(served.requests).toHaveLength(2);
  });

  it('filters by status and sorts on the server, by name, place and day on the travels loaded', async () => {
    signIn();
    const served = serveList(Array.from({ length: 30 }, (_, i) => travel(i)));
    await renderRoute('/account/archives-beta');
    await screen.findByRole('feed', { name: 'Mes archives (bêta)' });
    expect(served.requests[0]!.searchParams.get('passed')).toBe('true');
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'approval');
    await waitFor(() => expect(served.requests[served.requests.length - 1]!.searchParams.getAll('travelStatus')).toEqual(['approval']));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('6 voyages'));
    expect(rows().every((r) => r.textContent!.includes('En attente d’approbation'))).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'all');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'dateAsc');
    await waitFor(() => expect(served.requests[served.requests.length - 1]!.searchParams.get('orderBy')).toBe('asc'));
    await waitFor(() => expect(rows()[0]!.textContent).toContain(`${day(29).split('-').reverse().join('/')}`));

    await user.type(screen.getByRole('searchbox', { name: /Voyageur/ }), 'zoe');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('10 voyages correspondent'));
    expect(rows().every((r) => r.textContent!.includes('Zoé Benali'))).toBe(true);
    await user.clear(screen.getByRole('searchbox', { name: /Voyageur/ }));

    // A route leg counts as a place.
    await user.type(screen.getByRole('searchbox', { name: /Lieu/ }), 'part-dieu');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('30 voyages correspondent'));
    await user.clear(screen.getByRole('searchbox', { name: /Lieu/ }));
    await user.type(screen.getByRole('searchbox', { name: /Lieu/ }), 'marseille');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('10 voyages correspondent'));
    await user.clear(screen.getByRole('searchbox', { name: /Lieu/ }));

    const date = screen.getByLabelText(/^Date/);
    await user.type(date, day(3));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 voyage correspond'));
    expect(rows()[0]!.getAttribute('data-travel-id')).toBe('t-3');

    await user.type(screen.getByRole('searchbox', { name: /Voyageur/ }), 'nobody');
    expect(await screen.findByText('Aucun voyage ne correspond à ces filtres')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('30 voyages'));
    // Many typed keys: more than the default 5 s on a loaded 2-core machine.
  }, 20_000);

  it('moves between travels with the keyboard, one of them in the tab order', async () => {
    signIn();
    serveList(Array.from({ length: 40 }, (_, i) => travel(i)));
    await renderRoute('/account/tickets-beta');
    await screen.findByRole('feed');
    const tabbable = rows().filter((r) => r.tabIndex === 0);
    expect(tabbable.map((r) => r.getAttribute('data-travel-id'))).toEqual(['t-0']);
    tabbable[0]!.focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect((document.activeElement as HTMLElement).getAttribute('data-travel-id')).toBe('t-1'));
    await user.keyboard('{End}');
    await waitFor(() => expect((document.activeElement as HTMLElement).getAttribute('data-travel-id')).toBe('t-39'));
    expect(rows().length).toBeLessThan(25);
  });

  it('says why the list is empty and offers a search', async () => {
    signIn();
    serveList([]);
    await renderRoute('/account/tickets-beta');
    expect(await screen.findByText('Aucun voyage à venir')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rechercher un trajet' })).toBeTruthy();
  });
});
