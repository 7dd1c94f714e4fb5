import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { BookingTicket } from '@contract/my-bookings';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';

const remind = { href: '/api/v1/approvals/ap1/remind', method: 'PATCH' } as const;

/** A ticket as GET /tickets/ answers it; `overrides` replace fields. */
function ticket(overrides: Partial<BookingTicket> = {}): BookingTicket {
  const uid = overrides.uid ?? 'p1';
  const travelID = overrides.travelID ?? 't1';
  return {
    uid,
    status: 'issued',
    type: 'rail',
    departure: '2026-12-01T08:22:00+01:00',
    arrival: '2026-12-01T10:20:00+01:00',
    from: 'Paris Gare de Lyon',
    to: 'Lyon Part-Dieu',
    travelers: [{ uid: 'u-alice', firstname: 'Alice', lastname: 'Martin' }],
    price: { amount: '89.00', currency: 'EUR' },
    cabin: 'second',
    carrier: 'SNCF',
    compliant: true,
    ticket_time_limit: null,
    fare_condition: 'semiFlex',
    fare_category: 'Flex Loisir',
    main_approver: null,
    secondary_approver: null,
    summaries: [{ paxName: 'Alice Martin', link: `/recap/${travelID}/1` }],
    ancillaries: [],
    pnr: 'ABC234',
    reference: '1234567890123',
    productId: uid,
    tag: 'ITP',
    travelID,
    approvalID: null,
    booked_by: null,
    staff_actions: [],
    card_payment: null,
    links: { getTravel: { href: `/api/v1/v2/travels/${travelID}`, method: 'GET' } },
    ...overrides,
  };
}

const pendingApproval = (uid: string, travelID: string, approvalID: string, links: BookingTicket['links'] = {}) =>
  ticket({
    uid,
    travelID,
    approvalID,
    status: 'pending_approval',
    summaries: [],
    reference: null,
    tag: '',
    ticket_time_limit: '2026-11-30T17:00:00.000Z',
    main_approver: { firstname: 'Bob', lastname: 'Durand', email: 'bob@acme.example' },
    secondary_approver: { firstname: 'Carol', lastname: 'Petit', email: 'carol@acme.example' },
    links,
  });

/** The API's lists: active and passed, a page of them (`limit` after `offset`) as the server pages them; every call recorded. */
function serve(active: BookingTicket[], passed: BookingTicket[] = []) {
  const calls: URL[] = [];
  server.use(
    http.get('/api/v1/tickets/', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url);
      const list = url.searchParams.get('passed') === 'true' ? passed : active;
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json({ result: list.slice(offset, offset + Number(url.searchParams.get('limit') ?? 1000)) });
    }),
  );
  return calls;
}

/** `count` booked tickets, one travel each, a day apart from 01/12/2026 (the server's order); the traveller of each named by `who`. */
const many = (count: number, who: (i: number) => BookingTicket['travelers'][number] = () => ({ uid: 'u-alice', firstname: 'Alice', lastname: 'Martin' })) =>
  Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 11, 1 + i)).toISOString().slice(0, 10);
    return ticket({ uid: `p${i}`, travelID: `t${i}`, departure: `${day}T08:22:00+01:00`, arrival: `${day}T10:20:00+01:00`, travelers: [who(i)] });
  });
const pageOf = (call: URL) => `${call.searchParams.get('offset')}+${call.searchParams.get('limit')}`;
/** The list item of a travel's card: its position in the section's set. */
const setSizeOf = (article: HTMLElement) => article.closest('li')!.getAttribute('aria-setsize');

const world = () => [
  pendingApproval('p-ap1', 't-ap1', 'ap1', { remind }),
  pendingApproval('p-ap2', 't-ap2', 'ap2', {}),
  ticket({ uid: 'p-out', travelID: 't-rt', departure: '2026-12-03T07:00:00+01:00', arrival: '2026-12-03T09:00:00+01:00' }),
  ticket({
    uid: 'p-back',
    travelID: 't-rt',
    from: 'Lyon Part-Dieu',
    to: 'Paris Gare de Lyon',
    departure: '2026-12-04T18:00:00+01:00',
    arrival: '2026-12-04T20:00:00+01:00',
  }),
  ticket({
    uid: 'p-fly',
    travelID: 't-fly',
    type: 'flight',
    from: 'Paris Orly',
    to: 'Nice',
    departure: '2026-12-10T07:00:00+01:00',
    arrival: '2026-12-10T08:30:00+01:00',
    travelers: [{ uid: 'g1', firstname: 'Inès', lastname: 'Benali' }],
    status: 'error',
    summaries: [],
  }),
];

describe('Mes réservations (/account/tickets)', () => {
  it('says which card a ticket was paid with, and what its cancellation gave back to it', async () => {
    startSession('token', userFixture());
    serve([
      ticket({ uid: 'p-card', travelID: 't-card', card_payment: { brand: 'visa', last4: '3184', refund: null } }),
      ticket({
        uid: 'p-refunded',
        travelID: 't-refunded',
        status: 'cancelled',
        departure: '2026-12-05T07:00:00+01:00',
        arrival: '2026-12-05T09:00:00+01:00',
        card_payment: { brand: 'mastercard', last4: '4444', refund: { amount: '89.00', currency: 'EUR' } },
      }),
      ticket({ uid: 'p-company', travelID: 't-company', departure: '2026-12-06T07:00:00+01:00', arrival: '2026-12-06T09:00:00+01:00' }),
    ]);
    await renderRoute('/account/tickets');
    const travelCard = (name: string) => screen.findByRole('article', { name });
    const paid = await travelCard('Voyage du 01/12/2026');
    expect(within(paid).getByText('Paiement :').nextElementSibling!.textContent).toBe('Payé par carte Visa •••• 3184');
    const refunded = await travelCard('Voyage du 05/12/2026');
    expect(within(refunded).getByText('Paiement :').nextElementSibling!.textContent).toMatch(
      /^Payé par carte Mastercard •••• 4444 · 89,00\s€ remboursés sur la carte$/,
    );
    expect(within(await travelCard('Voyage du 06/12/2026')).queryByText('Paiement :')).toBeNull();
  });

  it('asks for the active tickets, shows the pending section above the reservations, per travel, with what each ticket says', async () => {
    startSession('token', userFixture());
    const calls = serve(world());
    await renderRoute('/account/tickets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes réservations' })).toBeTruthy();
    const pending = await screen.findByRole('region', { name: 'En attente' });
    const reservations = screen.getByRole('region', { name: 'Réservations' });
    expect(calls[0]!.searchParams.get('active')).toBe('true');
    // The first screenful only (the rest as the user scrolls): here, everything.
    expect(calls.map(pageOf)).toEqual(['0+20']);
    expect(setSizeOf(within(pending).getAllByRole('article')[0]!)).toBe('2');
    expect(within(pending).getAllByRole('article')).toHaveLength(2);
    expect(within(pending).getAllByText('En attente d’approbation')).toHaveLength(2);
    expect(within(pending).getAllByText('Bob Durand')).toHaveLength(2);
    expect(within(pending).getAllByText('Carol Petit')).toHaveLength(2);
    const roundTrip = within(reservations).getByRole('article', { name: 'Voyage du 03/12/2026' });
    expect(within(roundTrip).getAllByRole('group')).toHaveLength(2);
    // Times on the stations' clocks, price, references, the recap in a new tab.
    expect(within(roundTrip).getByText('03/12/2026 07:00 – 09:00')).toBeTruthy();
    expect(within(roundTrip).getAllByText('89,00 €')).toHaveLength(2);
    expect(within(roundTrip).getAllByText('ABC234')).toHaveLength(2);
    const recap = within(roundTrip).getAllByRole('link', { name: /Récapitulatif de Alice Martin/ })[0]!;
    expect(recap.getAttribute('href')).toBe('/recap/t-rt/1');
    expect(recap.getAttribute('target')).toBe('_blank');
    // An error ticket says so, in words.
    const error = within(reservations).getByRole('group', { name: /Paris Orly → Nice/ });
    expect(error.dataset.status).toBe('error');
    expect(within(error).getByText('Ce billet est en erreur : contactez votre agence.')).toBeTruthy();
    expect(within(error).getByText('En erreur')).toBeTruthy();
    // The side menu leads to both lists.
    const nav = screen.getByRole('navigation', { name: 'Mon espace' });
    expect(within(nav).getByRole('link', { name: 'Mes réservations' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Mes archives' })).toBeTruthy();
  });

  it('filters and sorts from the address, and writes each change back to it', async () => {
    startSession('token', userFixture());
    serve(world());
    const { router } = await renderRoute('/account/tickets?type=flight');
    await screen.findByRole('region', { name: 'Réservations' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('group', { name: /Paris Orly → Nice/ })).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Type'), '');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    await user.selectOptions(screen.getByLabelText('Statut'), 'Émis');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'issued' }));
    expect(screen.queryByRole('region', { name: 'En attente' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    // A traveller's name, without accents or case.
    await user.selectOptions(screen.getByLabelText('Statut'), '');
    await user.type(screen.getByLabelText('Voyageur'), 'ines');
    await waitFor(() => expect(router.state.location.search).toEqual({ traveller: 'ines' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    await user.clear(screen.getByLabelText('Voyageur'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    // Departure days, inclusive; nothing left says so and offers to clear.
    await router.navigate({ to: '/account/tickets', search: { from: '2026-12-04', to: '2026-12-04' } });
    await waitFor(() => expect(screen.getAllByRole('group', { name: /Lyon Part-Dieu → Paris Gare de Lyon/ })).toHaveLength(1));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await router.navigate({ to: '/account/tickets', search: { from: '2027-01-01' } });
    expect(await screen.findByText('Aucun billet ne correspond à ces filtres')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    // Sort: latest first puts the flight's travel first among the reservations.
    await user.selectOptions(screen.getByLabelText('Trier par'), 'date-desc');
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'date-desc' }));
    const reservations = screen.getByRole('region', { name: 'Réservations' });
    expect(
      within(reservations)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual(['travel-t-fly', 'travel-t-rt']);
    // A bad value in the address is dropped.
    await router.navigate({ to: '/account/tickets', search: { type: 'boat' } as never });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('');
  }, 20_000);

  it('reads the first screenful of a long list, then the next pages as asked ("Voir plus de billets"), their size unknown until the last', async () => {
    startSession('token', userFixture());
    const calls = serve(many(145));
    await renderRoute('/account/tickets');
    const reservations = await screen.findByRole('region', { name: 'Réservations' });
    const first = within(reservations).getByRole('article', { name: 'Voyage du 01/12/2026' });
    expect(calls.map(pageOf)).toEqual(['0+20']);
    expect(setSizeOf(first)).toBe('-1');
    expect(within(reservations).queryByRole('article', { name: 'Voyage du 21/12/2026' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Voir plus de billets' }));
    await waitFor(() => expect(calls.map(pageOf)).toEqual(['0+20', '20+100']));
    const more = screen.getByRole('button', { name: 'Voir plus de billets' }) as HTMLButtonElement;
    await waitFor(() => expect(more.disabled).toBe(false));
    expect(setSizeOf(within(reservations).getByRole('article', { name: 'Voyage du 01/12/2026' }))).toBe('-1');
    await user.click(more);
    // The last page (25 tickets, not a full one): the list is whole, nothing more to ask.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Voir plus de billets' })).toBeNull());
    expect(calls.map(pageOf)).toEqual(['0+20', '20+100', '120+100']);
    expect(setSizeOf(within(reservations).getByRole('article', { name: 'Voyage du 01/12/2026' }))).toBe('145');
  }, 20_000);

  it('reads every page when a filter or another order asks for the whole list', async () => {
    startSession('token', userFixture());
    // Zoé travels on the last ticket of the second page.
    const calls = serve(
      many(120, (i) => (i === 119 ? { uid: 'u-zoe', firstname: 'Zoé', lastname: 'Roux' } : { uid: 'u-alice', firstname: 'Alice', lastname: 'Martin' })),
    );
    const { router } = await renderRoute('/account/tickets?traveller=zoe');
    const found = await screen.findByRole('article', { name: 'Voyage du 30/03/2027' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    // Counted once the list is whole.
    await waitFor(() => expect(screen.getByText('1 billet affiché')).toBeTruthy());
    expect(setSizeOf(found)).toBe('1');
    // Full pages both: a third, empty, says the list ends there.
    expect(calls.map(pageOf)).toEqual(['0+20', '20+100', '120+100']);
    await router.navigate({ to: '/account/tickets', search: {} });
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(1));
  }, 20_000);

  it('reads every page before showing another order than the server’s', async () => {
    startSession('token', userFixture());
    const calls = serve(many(45));
    await renderRoute('/account/tickets?sort=date-desc');
    const reservations = await screen.findByRole('region', { name: 'Réservations' });
    // The latest of the 45 first, though it came on the second page.
    expect(within(reservations).getAllByRole('article')[0]!.getAttribute('aria-labelledby')).toBe('travel-t44');
    expect(calls.map(pageOf)).toEqual(['0+20', '20+100']);
    expect(setSizeOf(within(reservations).getAllByRole('article')[0]!)).toBe('45');
  });

  it('ticks tickets per travel (select all, indeterminate) and reminds the approver of exactly one pending approval with a remind link', async () => {
    startSession('token', userFixture());
    serve(world());
    let reminded = 0;
    server.use(
      http.patch('/api/v1/approvals/ap1/remind', () => {
        reminded++;
        return HttpResponse.json({ result: { message: 'approver reminded' } });
      }),
    );
    await renderRoute('/account/tickets');
    const reservations = await screen.findByRole('region', { name: 'Réservations' });
    const toolbar = screen.getByRole('toolbar', { name: 'Billets sélectionnés' });
    const user = userEvent.setup();
    const all = within(reservations).getByRole('checkbox', { name: 'Sélectionner tous les billets du voyage du 03/12/2026' }) as HTMLInputElement;
    await user.click(all);
    const roundTrip = within(reservations).getByRole('article', { name: 'Voyage du 03/12/2026' });
    for (const box of within(roundTrip).getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(true);
    expect(within(toolbar).getByText('2 billets sélectionnés')).toBeTruthy();
    await user.click(within(roundTrip).getByRole('checkbox', { name: 'Sélectionner le billet Lyon Part-Dieu → Paris Gare de Lyon' }));
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    // Booked tickets are no approval to remind.
    expect(within(toolbar).queryByRole('button', { name: 'Relancer l’approbateur' })).toBeNull();
    await user.click(within(toolbar).getByRole('button', { name: 'Tout désélectionner' }));
    expect(within(toolbar).getByText('Cochez des billets pour agir sur eux')).toBeTruthy();

    const pending = screen.getByRole('region', { name: 'En attente' });
    const [first, second] = within(pending).getAllByRole('checkbox', { name: /^Sélectionner le billet/ });
    await user.click(second!);
    // One approval, but without a remind link (answered since): not offered.
    expect(within(toolbar).queryByRole('button', { name: 'Relancer l’approbateur' })).toBeNull();
    await user.click(first!);
    // Two approvals chosen: not offered.
    expect(within(toolbar).queryByRole('button', { name: 'Relancer l’approbateur' })).toBeNull();
    await user.click(second!);
    await user.click(within(toolbar).getByRole('button', { name: 'Relancer l’approbateur' }));
    expect(await (await findToasts()).findByText('L’approbateur a été relancé')).toBeTruthy();
    expect(reminded).toBe(1);
  }, 20_000);

  it('says why the lists are empty and where to go', async () => {
    startSession('token', userFixture());
    serve([], []);
    const { router } = await renderRoute('/account/tickets');
    expect(await screen.findByText('Aucune réservation récente')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Réserver un voyage' }).getAttribute('href')).toBe('/');
    await router.navigate({ to: '/account/archives' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes archives' })).toBeTruthy();
    expect(await screen.findByText('Aucune archive')).toBeTruthy();
  });

  it('shows the archives (passed=true) in one section', async () => {
    startSession('token', userFixture());
    const calls = serve([], [ticket({ uid: 'old', travelID: 't-old', departure: '2026-10-01T08:00:00+02:00', arrival: '2026-10-01T10:00:00+02:00', tag: '' })]);
    await renderRoute('/account/archives');
    const past = await screen.findByRole('region', { name: 'Voyages passés' });
    expect(within(past).getByRole('article', { name: 'Voyage du 01/10/2026' })).toBeTruthy();
    expect(calls.at(-1)!.searchParams.get('passed')).toBe('true');
  });
});

describe('a booking agency staff made for the user', () => {
  it('says who booked it and lists what staff did, when, in the user’s zone', async () => {
    startSession('token', userFixture());
    serve([
      ticket({
        uid: 'p-agent',
        travelID: 't-agent',
        booked_by: { firstname: 'Tina', lastname: 'Garnier', role: 'travel_agent' },
        staff_actions: [
          { firstname: 'Tina', lastname: 'Garnier', role: 'travel_agent', action: 'addToCart', at: '2026-11-22T09:00:00.000Z' },
          { firstname: 'Arthur', lastname: 'Roux', role: 'assistance_agent', action: 'cancelProduct', at: '2026-11-23T10:30:00.000Z' },
        ],
      }),
    ]);
    await renderRoute('/account/tickets');
    const row = await screen.findByRole('group', { name: /Paris Gare de Lyon/ });
    expect(within(row).getByText('Tina Garnier (agent de voyage)')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(row).getByText('Ce que l’agence a fait pour vous (2)'));
    const items = within(row)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/^22\/11\/2026 09:00 \(UTC\) — Tina Garnier \(agent de voyage\) : ajout au panier$/);
    expect(items[1]).toMatch(/— Arthur Roux \(assistance\) : annulation$/);
  });

  it('shows nothing of the kind on a booking the user made', async () => {
    startSession('token', userFixture());
    serve([ticket({ uid: 'p-own', travelID: 't-own' })]);
    await renderRoute('/account/tickets');
    const row = await screen.findByRole('group', { name: /Paris Gare de Lyon/ });
    expect(within(row).queryByText('Réservé par :')).toBeNull();
    expect(within(row).queryByText(/Ce que l’agence a fait/)).toBeNull();
  });
});
