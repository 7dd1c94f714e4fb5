import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { FeatureFlags } from '@contract/account';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { HREF, checkoutTravel, serveTravel, signIn } from './fixtures';

const INTRANET = { url: 'https://intranet.example/voyages', label: 'Retour à l’intranet' };

/** Books t1 with company payment and answers the success view's region. */
async function book(features: Partial<FeatureFlags>) {
  signIn(features);
  const state = { travel: checkoutTravel(['confirm']) };
  serveTravel(state);
  server.use(
    http.post(`${HREF}/confirm`, () => {
      state.travel = checkoutTravel([], { status: 'booked', version: 4 });
      return HttpResponse.json({ result: state.travel });
    }),
  );
  await renderRoute('/cart/checkout?travel=t1');
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirmer et payer (paiement entreprise)' }));
  await screen.findByRole('heading', { name: 'Votre réservation est confirmée' });
  return within(screen.getByRole('region', { name: 'Votre réservation est confirmée' }));
}

describe('the success view’s feature flags (spec 2 "Success view")', () => {
  it('seeTicketButtonOnSuccess on: SEE_TICKETS leads to the booked travel', async () => {
    const success = await book({ seeTicketButtonOnSuccess: true });
    expect(success.getByRole('link', { name: 'Voir mes billets' }).getAttribute('href')).toBe('/travel-view?travel=t1');
  }, 15_000); // the first render of the file loads the route's code cold

  it('seeTicketButtonOnSuccess off: no SEE_TICKETS, the way home stays', async () => {
    const success = await book({ seeTicketButtonOnSuccess: false });
    expect(success.queryByRole('link', { name: 'Voir mes billets' })).toBeNull();
    expect(success.getByRole('link', { name: 'Réserver un autre voyage' }).getAttribute('href')).toBe('/');
  });

  it('customUrlPostReservation empty: the way home', async () => {
    const success = await book({});
    expect(success.getAllByRole('link').map((link) => link.textContent)).toEqual(['Voir mes billets', 'Réserver un autre voyage']);
  });

  it('customUrlPostReservation set: its button replaces the way home', async () => {
    const success = await book({ customUrlPostReservation: INTRANET });
    expect(success.getAllByRole('link').map((link) => link.textContent)).toEqual(['Voir mes billets', 'Retour à l’intranet']);
    expect(success.getByRole('link', { name: 'Retour à l’intranet' }).getAttribute('href')).toBe(INTRANET.url);
  });
});
