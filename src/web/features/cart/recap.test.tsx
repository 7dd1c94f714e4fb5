import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Travel } from '@contract/travel';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { railProduct } from '@web/testing/travels';
import { cartTravel } from './fixtures';

const bob = { firstname: 'Bob', lastname: 'Durand', birthdate: null, phone: null, email: null, username: null, cards: [] };

/** A booked Paris → Lyon for Alice (seat 14, ticket issued) and Bob. */
function bookedTravel(): Travel {
  const product = railProduct({ status: 'issued', pnr: 'QXZ7PL', travelersCount: 2, price: { amount: '178.00', currency: 'EUR', initialAmount: '178.00' } });
  const [alice] = product.ticketsByPax;
  const ticket = alice!.tickets[0]!;
  product.ticketsByPax = [
    {
      ...alice!,
      tickets: [
        { ...ticket, reference: '8721 0045 1122', pnr: 'QXZ7PL', transportations: [{ number: '6601', placement: { coachNumber: '7', seatNumber: '14' } }] },
      ],
    },
    { pax: bob, price: { amount: '89.00', currency: 'EUR' }, tickets: [{ ...ticket, reference: '8721 0045 1123' }] },
  ];
  return cartTravel({
    status: 'issued',
    products: [product],
    price: { amount: '178.00', currency: 'EUR' },
    links: { getTravel: { href: '/api/v1/v2/travels/t1', method: 'GET' } },
    treepRecaps: [
      { paxName: 'Alice Martin', link: '/recap/t1/1' },
      { paxName: 'Bob Durand', link: '/recap/t1/2' },
    ],
  });
}

function serve(travels: Travel[]) {
  startSession('token', userFixture());
  server.use(
    http.get('/api/v1/v2/travels/', () => HttpResponse.json({ result: { travels, links: {} } })),
    http.get('/api/v1/v2/travels/:id', ({ params }) => {
      const travel = travels.find((t) => t.id === params.id);
      return travel
        ? HttpResponse.json({ result: travel })
        : HttpResponse.json({ api_code: 38, msg: 'No travel', errorMessage: 'Aucun voyage.' }, { status: 404 });
    }),
  );
}

describe('Travel view and per-person recap (spec 2 §2)', () => {
  it('shows one travel from ?travel= with its status and price, without delete or checkout', async () => {
    serve([bookedTravel()]);
    await renderRoute('/travel-view?travel=t1');
    const card = await screen.findByRole('article', { name: 'Voyage du 01/12/2026' });
    expect(within(card).getAllByText('Émis').length).toBeGreaterThan(0);
    expect(card.textContent!.replace(/\s/g, ' ')).toContain('178,00 €');
    expect(within(card).queryByRole('button', { name: /Supprimer|ce voyage/ })).toBeNull();
  });

  it('says so when the travel is not the user’s', async () => {
    serve([]);
    await renderRoute('/travel-view?travel=nope');
    expect(await screen.findByText('Ce voyage n’existe pas ou n’est plus disponible.')).toBeTruthy();
  });

  it('opens a modal to pick a person; each recap opens in a new tab', async () => {
    serve([bookedTravel()]);
    const user = userEvent.setup();
    await renderRoute('/travel-view?travel=t1');
    await user.click(await screen.findByRole('button', { name: 'Récapitulatif' }));
    const dialog = await screen.findByRole('dialog', { name: 'Récapitulatif par voyageur' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['Alice Martin(nouvel onglet)', '/recap/t1/1', '_blank'],
      ['Bob Durand(nouvel onglet)', '/recap/t1/2', '_blank'],
    ]);
    expect(document.activeElement).toBe(links[0]);
  });

  it('prints the passenger’s recap: trip, times, PNR, ticket number, seat, fare conditions, price and agency', async () => {
    serve([bookedTravel()]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderRoute('/recap/t1/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Récapitulatif de voyage – Alice Martin' })).toBeTruthy();
    const section = screen.getByRole('region', { name: /Train · Paris → Lyon · 01\/12\/2026/ });
    const text = section.textContent!.replace(/\s/g, ' ');
    for (const part of [
      '07:04 Paris Gare de Lyon',
      '09:02 Lyon Part-Dieu',
      'SNCF TGV INOUI 6601',
      'Voiture 7, place 14',
      'QXZ7PL',
      '8721 0045 1122',
      'Business Première · Flexible',
      'Échangeable et remboursable sans frais.',
      'Prix : 89,00 €',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('8721 0045 1123');
    expect(screen.getByText(/Document établi par Escale Voyages/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('finds no recap for a traveller who is not in the travel', async () => {
    serve([bookedTravel()]);
    await renderRoute('/recap/t1/9');
    expect(await screen.findByRole('heading', { name: 'Récapitulatif introuvable' })).toBeTruthy();
  });
});
