import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import type { Travel } from '@contract/travel';
import { apiError } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { readerZone } from '@web/lib/format';
import { HREF, checkoutTravel, product, serveTravel, signIn } from './fixtures';

afterEach(() => server.events.removeAllListeners());

/** The cart screen the checkout goes back to. */
const serveCart = () => {
  let reads = 0;
  server.use(
    http.get('/api/v1/v2/travels/', () => {
      reads += 1;
      return HttpResponse.json({ result: { travels: [], links: {} } });
    }),
    http.get('/api/v1/comms', () => HttpResponse.json({ result: {} })),
  );
  return () => reads;
};

/** Answers confirm (and requestApproval) with the travel as booked, held or pending approval. */
function serveFinal(state: { travel: Travel }) {
  server.use(
    http.post(`${HREF}/confirm`, async ({ request }) => {
      const { hold } = (await request.json()) as { hold?: boolean };
      state.travel = hold
        ? checkoutTravel(['confirm'], { status: 'pending_confirmation', version: 4, confirmationTimeLimit: '2026-11-30T18:00:00Z' })
        : checkoutTravel([], { status: 'booked', version: 4 });
      await delay(50);
      return HttpResponse.json({ result: state.travel });
    }),
    http.post(`${HREF}/approval`, () => {
      state.travel = checkoutTravel([], { status: 'pending_approval', version: 4 });
      return HttpResponse.json({ result: state.travel });
    }),
  );
}

describe('Checkout screen (spec 2 §2, §4)', () => {
  it('goes to the cart without a travel id', async () => {
    signIn();
    serveCart();
    const { router } = await renderRoute('/cart/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  }, 15_000); // the first render of the file loads the route's code cold

  it('goes to the cart when the travel cannot be read', async () => {
    signIn();
    serveCart();
    server.use(http.get(HREF, () => HttpResponse.json(apiError(38, 'Aucun voyage.'), { status: 404 })));
    const { router } = await renderRoute('/cart/checkout?travel=t1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('goes to the cart when the step’s form cannot be read', async () => {
    signIn();
    serveCart();
    serveTravel({ travel: checkoutTravel(['getAllAnalytics', 'fillAnalytics']) });
    server.use(http.get(`${HREF}/analytics`, () => HttpResponse.json(apiError(108, 'Indisponible'), { status: 500 })));
    const { router } = await renderRoute('/cart/checkout?travel=t1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(screen.queryByText(/Une erreur est survenue lors de la réservation/)).toBeNull();
  });

  it('confirms with company payment: If-Match and Idempotency-Key, WE_VERIFY_YOUR_INFOS meanwhile, then the success view, the toast and SEE_TICKETS; the cart is read again', async () => {
    signIn();
    const cartReads = serveCart();
    const state = { travel: checkoutTravel(['confirm']) };
    const calls = serveTravel(state);
    serveFinal(state);
    await renderRoute('/cart/checkout?travel=t1');
    expect(await screen.findByRole('heading', { name: 'Confirmer votre réservation' })).toBeTruthy();
    const recap = screen.getByRole('region', { name: 'Votre voyage' }).textContent!.replace(/\s/g, ' ');
    expect(recap).toContain('89,00 €');
    // The train's times on the stations' clock (07:04 in Paris), whatever the reader's zone (UTC here: 06:04).
    expect(recap).toContain('01/12/2026 07:04 – 09:02');
    const before = cartReads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmer et payer (paiement entreprise)' }));
    expect(await screen.findByText('Nous vérifions vos informations…')).toBeTruthy();

    const title = await screen.findByRole('heading', { name: 'Votre réservation est confirmée' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByText('Réservation confirmée')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir mes billets' }).getAttribute('href')).toBe('/travel-view?travel=t1');
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/confirm', ifMatch: '3', key: expect.stringMatching(/^[0-9a-f-]{36}$/) })]);
    await waitFor(() => expect(calls[0]!.body).toEqual({}));
    await waitFor(() => expect(cartReads()).toBeGreaterThan(before));
  });

  it('holds an option ({hold: true}) and says until when; the held travel then only offers to confirm it', async () => {
    signIn();
    serveCart();
    const state = { travel: checkoutTravel(['confirm'], { products: [product({ confirmationTimeLimit: '2026-11-30T18:00:00Z' })] }) };
    const calls = serveTravel(state);
    serveFinal(state);
    await renderRoute('/cart/checkout?travel=t1');
    const hold = await screen.findByRole('button', { name: 'Poser une option' });
    expect(screen.getByText(/Poser une option garde vos places sans les payer jusqu’au 30\/11\/2026/)).toBeTruthy();
    await userEvent.setup().click(hold);
    // A deadline on the reader's clock, with the zone named.
    expect(await screen.findByRole('heading', { name: new RegExp(`^Option posée jusqu’au 30/11/2026 \\d\\d:00 \\(${readerZone()}\\)$`) })).toBeTruthy();
    expect(screen.queryByText('Réservation confirmée')).toBeNull();
    await waitFor(() => expect(calls[0]!.body).toEqual({ hold: true }));
    expect(calls[0]).toMatchObject({ ifMatch: '3', key: expect.any(String) });
  });

  it('shows a held travel (pending_confirmation) with confirm only', async () => {
    signIn();
    serveTravel({ travel: checkoutTravel(['confirm'], { status: 'pending_confirmation', confirmationTimeLimit: '2026-11-30T18:00:00Z' }) });
    await renderRoute('/cart/checkout?travel=t1');
    expect(await screen.findByRole('heading', { name: 'Confirmer votre option' })).toBeTruthy();
    expect(screen.getByText(/Option posée jusqu’au 30\/11\/2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirmer et payer (paiement entreprise)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Poser une option' })).toBeNull();
  });

  it('sends the approval request and shows YOUR_APPROVAL_SENT; the agency’s button replaces the way home', async () => {
    signIn({ customUrlPostReservation: { url: 'https://intranet.example/voyages', label: 'Retour à l’intranet' }, seeTicketButtonOnSuccess: false });
    serveCart();
    const state = { travel: checkoutTravel(['requestApproval']) };
    const calls = serveTravel(state);
    serveFinal(state);
    await renderRoute('/cart/checkout?travel=t1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Envoyer la demande de validation' }));
    expect(await screen.findByRole('heading', { name: 'Votre demande de validation a été envoyée' })).toBeTruthy();
    const success = screen.getByRole('region', { name: 'Votre demande de validation a été envoyée' });
    expect(within(success).getByRole('link', { name: 'Retour à l’intranet' }).getAttribute('href')).toBe('https://intranet.example/voyages');
    expect(screen.queryByRole('link', { name: 'Réserver un autre voyage' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Voir mes billets' })).toBeNull();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/approval', ifMatch: '3', key: expect.any(String) });
  });

  it.each([
    ['confirm', 'Confirmer et payer (paiement entreprise)', '/confirm'],
    ['requestApproval', 'Envoyer la demande de validation', '/approval'],
  ])('a failed %s goes back to the cart with BOOKING_ERROR', async (step, button, path) => {
    signIn();
    serveCart();
    serveTravel({ travel: checkoutTravel([step]) });
    server.use(http.post(`${HREF}${path}`, () => HttpResponse.json(apiError(111, 'Fournisseur indisponible'), { status: 503 })));
    const { router } = await renderRoute('/cart/checkout?travel=t1');
    await userEvent.setup().click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(screen.getByText('Une erreur est survenue lors de la réservation : contactez votre agence.')).toBeTruthy();
  });

  it('on a version conflict (105) reads the travel again and says so, staying on the checkout', async () => {
    signIn();
    let reads = 0;
    const state = { travel: checkoutTravel(['confirm']) };
    server.use(
      http.get(HREF, () => {
        reads += 1;
        return HttpResponse.json({ result: state.travel });
      }),
      http.post(`${HREF}/confirm`, () => HttpResponse.json(apiError(105, 'Conflit'), { status: 409 })),
    );
    const { router } = await renderRoute('/cart/checkout?travel=t1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirmer et payer (paiement entreprise)' }));
    expect(await screen.findByText(/Ce voyage a été modifié entre-temps/)).toBeTruthy();
    await waitFor(() => expect(reads).toBe(2));
    expect(router.state.location.pathname).toBe('/cart/checkout');
  });

  it('shows the success view again on a reload of a booked travel', async () => {
    signIn();
    serveTravel({ travel: checkoutTravel([], { status: 'booked' }) });
    await renderRoute('/cart/checkout?travel=t1');
    expect(await screen.findByRole('heading', { name: 'Votre réservation est confirmée' })).toBeTruthy();
    expect(screen.queryByText('Réservation confirmée')).toBeNull();
  });
});
