import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Link } from '@contract/link';
import type { CardPaymentResult, PaymentCard } from '@contract/payment';
import type { Travel, TravelPayment } from '@contract/travel';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { HREF, checkoutTravel, link, serveTravel } from './fixtures';

/**
 * Checkout by card payment: the choice next to company payment when the travel has its
 * payByCard link, the new-card form (checked as typed, then given to the payment service — never to
 * the API), saved cards, the bank's 3-D Secure page and the way back, and the refusals.
 */

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

const CARDS_HREF = '/api/v1/user/payment-cards';
const payByCard: Link = link('/card-payment', 'POST');
const confirmLink: Link = link('/card-payment/pay-1/confirm', 'POST');

function signInWithCards(cards: PaymentCard[]) {
  startSession(
    'token',
    userFixture({
      links: {
        self: { href: '/api/v1/user/', method: 'GET' },
        logout: { href: '/api/v1/user/logout', method: 'POST' },
        paymentCards: { href: CARDS_HREF, method: 'GET' },
      },
    }),
  );
  server.use(
    http.get(CARDS_HREF, () => HttpResponse.json({ result: { cards } })),
    http.get('/api/v1/comms', () => HttpResponse.json({ result: {} })),
  );
}

const saved = (id: string, last4: string, expired = false): PaymentCard => ({
  id,
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: expired ? 2025 : 2030,
  holder: 'Alice Martin',
  expired,
  links: { deletePaymentCard: { href: `${CARDS_HREF}/${id}`, method: 'DELETE' } },
});

const payment = (last4: string): TravelPayment => ({
  method: 'card',
  card: { brand: 'visa', last4 },
  amount: { amount: '89.00', currency: 'EUR' },
  status: 'captured',
  refunded: null,
  refunds: [],
});
const payable = (extra: Partial<Travel['links']> = {}) => {
  const travel = checkoutTravel(['confirm']);
  return { ...travel, links: { ...travel.links, payByCard, ...extra } };
};
const booked = (last4: string): Travel => checkoutTravel([], { status: 'booked', version: 4, payment: payment(last4) });

/** The payment service's tokenization: what it was sent (and with which headers), and its answer. */
function servePaymentService(answer: (body: Record<string, unknown>) => Response) {
  const sent: { body: Record<string, unknown>; apiKey: string | null; authorization: string | null }[] = [];
  server.use(
    http.post('/sandbox-pay/v1/tokens', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ body, apiKey: request.headers.get('Api-Key'), authorization: request.headers.get('Authorization') });
      return answer(body);
    }),
  );
  return sent;
}
const token = (last4 = '4242') =>
  HttpResponse.json({ token: 'tok_abcdefghijklmnop1234', brand: 'visa', last4, expMonth: 12, expYear: 2030, holder: 'Alice Martin' });

async function openCardPayment() {
  await renderRoute('/cart/checkout?travel=t1');
  const methods = await screen.findByRole('group', { name: 'Moyen de paiement' });
  expect(within(methods).getByRole('radio', { name: 'Compte de l’entreprise' })).toHaveProperty('checked', true);
  await userEvent.click(within(methods).getByRole('radio', { name: 'Payer par carte' }));
}

/** The card panel's submit (loaded with the panel, once card payment is chosen); the amount as the app writes it. */
const payButton = () => screen.findByRole('button', { name: /^Payer 89,00\s€ par carte$/ });

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input' });

async function typeCard(values: { number?: string; expiry?: string; cvc?: string; holder?: string }) {
  if (values.number) await userEvent.type(await screen.findByLabelText('Numéro de carte'), values.number);
  if (values.expiry) await userEvent.type(screen.getByLabelText('Date d’expiration (MM/AA)'), values.expiry);
  if (values.cvc) await userEvent.type(screen.getByLabelText('Cryptogramme (CVC)'), values.cvc);
  if (values.holder) await userEvent.type(screen.getByLabelText('Titulaire de la carte'), values.holder);
}

describe('Checkout: pay by card', () => {
  it('is not offered without the travel’s payByCard link', async () => {
    signInWithCards([]);
    serveTravel({ travel: checkoutTravel(['confirm']) });
    await renderRoute('/cart/checkout?travel=t1');
    expect(await screen.findByRole('button', { name: 'Confirmer et payer (paiement entreprise)' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Moyen de paiement' })).toBeNull();
  });

  it('checks the new card as typed, with each message tied to its field', async () => {
    signInWithCards([]);
    serveTravel({ travel: payable() });
    const sent = servePaymentService(() => token());
    await openCardPayment();
    expect(screen.queryByRole('button', { name: 'Confirmer et payer (paiement entreprise)' })).toBeNull();
    await userEvent.click(await payButton());
    const number = screen.getByLabelText('Numéro de carte');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(number.getAttribute('aria-describedby')!)!.textContent).toBe('Veuillez remplir ce champ');
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText('Date d’expiration (MM/AA)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('Cryptogramme (CVC)').getAttribute('autocomplete')).toBe('cc-csc');
    expect(screen.getByLabelText('Titulaire de la carte').getAttribute('autocomplete')).toBe('cc-name');

    await typeCard({ number: '4242424242424241', expiry: '0125', cvc: '12', holder: 'Alice Martin' });
    // Typed as printed on the card: groups of four, and the slash of the expiry.
    expect(number).toHaveProperty('value', '4242 4242 4242 4241');
    expect(screen.getByLabelText('Date d’expiration (MM/AA)')).toHaveProperty('value', '01/25');
    await userEvent.click(await payButton());
    const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent;
    await waitFor(() => expect(messageOf(number)).toBe('Numéro de carte invalide'));
    expect(messageOf(screen.getByLabelText('Date d’expiration (MM/AA)'))).toBe('Cette carte est expirée');
    expect(messageOf(screen.getByLabelText('Cryptogramme (CVC)'))).toBe('Le cryptogramme compte 3 chiffres, au dos de la carte');
    // Nothing went to the payment service.
    expect(sent).toEqual([]);
  });

  it('gives a new card to the payment service (never to the API), then pays with its token: the success view says which card', async () => {
    signInWithCards([]);
    const state = { travel: payable() as Travel };
    const calls = serveTravel(state);
    const sent = servePaymentService(() => token());
    server.use(
      http.post(`${HREF}/card-payment`, () => {
        state.travel = booked('4242');
        return HttpResponse.json({ result: { status: 'booked', authenticationUrl: null, travel: state.travel } satisfies CardPaymentResult });
      }),
    );
    await openCardPayment();
    await typeCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', holder: 'Alice Martin' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Enregistrer cette carte pour la prochaine fois' }));
    await userEvent.click(await payButton());

    expect(await screen.findByRole('heading', { name: 'Votre réservation est confirmée' })).toBeTruthy();
    expect(screen.getByText('Payée par carte Visa •••• 4242')).toBeTruthy();
    expect(sent).toEqual([
      { body: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', holder: 'Alice Martin' }, apiKey: null, authorization: null },
    ]);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(calls[0]!.body).toEqual({ cardToken: 'tok_abcdefghijklmnop1234', saveCard: true }));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/card-payment', ifMatch: '3', key: expect.any(String) });
    expect(JSON.stringify(calls)).not.toContain('4242424242424242');
  });

  it('says under the number what the payment service refuses, and keeps what was typed', async () => {
    signInWithCards([]);
    serveTravel({ travel: payable() });
    servePaymentService(() =>
      HttpResponse.json(
        {
          error: {
            code: 'UNKNOWN_TEST_CARD',
            field: 'number',
            message: 'Carte inconnue du bac à sable : utilisez une carte de test, par exemple 4242 4242 4242 4242.',
          },
        },
        { status: 400 },
      ),
    );
    await openCardPayment();
    await typeCard({ number: '4000000000000069', expiry: '12/30', cvc: '123', holder: 'Alice Martin' });
    await userEvent.click(await payButton());
    const number = screen.getByLabelText('Numéro de carte');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/^Carte inconnue du bac à sable/)).toBeTruthy();
    expect(number).toHaveProperty('value', '4000 0000 0000 0069');
    expect(screen.getByLabelText('Titulaire de la carte')).toHaveProperty('value', 'Alice Martin');
  });

  it('offers the saved cards that have not expired, and pays with the one chosen', async () => {
    signInWithCards([saved('c1', '4242'), saved('c2', '1881', true), saved('c3', '3184')]);
    const state = { travel: payable() as Travel };
    const calls = serveTravel(state);
    server.use(
      http.post(`${HREF}/card-payment`, () => {
        state.travel = booked('3184');
        return HttpResponse.json({ result: { status: 'booked', authenticationUrl: null, travel: state.travel } });
      }),
    );
    await openCardPayment();
    const cards = await screen.findByRole('group', { name: 'Carte de paiement' });
    const radios = within(cards).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([
      'Visa •••• 4242 expire fin 12/30 · Alice Martin',
      'Visa •••• 3184 expire fin 12/30 · Alice Martin',
      'Nouvelle carte',
    ]);
    expect(radios[0]).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Numéro de carte')).toBeNull();
    await userEvent.click(radios[1]!);
    await userEvent.click(await payButton());
    expect(await screen.findByText('Payée par carte Visa •••• 3184')).toBeTruthy();
    await waitFor(() => expect(calls[0]?.body).toEqual({ paymentCardID: 'c3' }));
  });

  it('says a declined payment where the focus goes, and keeps the travel in the cart', async () => {
    signInWithCards([saved('c1', '0002')]);
    serveTravel({ travel: payable() });
    const message = 'Votre banque a refusé le paiement : rien n’a été débité, votre voyage reste dans votre panier. Essayez une autre carte.';
    server.use(http.post(`${HREF}/card-payment`, () => HttpResponse.json(apiError(203, message), { status: 402 })));
    await openCardPayment();
    await screen.findByRole('group', { name: 'Carte de paiement' });
    await userEvent.click(await payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    await waitFor(() => expect(document.activeElement).toBe(alert.parentElement));
    expect(await payButton()).toBeTruthy();
  });

  it('sends the browser to the bank’s page when the bank asks the holder to authenticate', async () => {
    signInWithCards([saved('c1', '3184')]);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const state = { travel: payable() as Travel };
    serveTravel(state);
    server.use(
      http.post(`${HREF}/card-payment`, () => {
        state.travel = payable({ confirmCardPayment: confirmLink });
        return HttpResponse.json({
          result: { status: 'requires_authentication', authenticationUrl: '/sandbox-pay/v1/challenge/ch_abcdefghijklmnop', travel: state.travel },
        });
      }),
    );
    await openCardPayment();
    await screen.findByRole('group', { name: 'Carte de paiement' });
    await userEvent.click(await payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-pay/v1/challenge/ch_abcdefghijklmnop'));
    expect(screen.getByText('Votre banque demande à confirmer ce paiement : nous vous conduisons sur sa page…')).toBeTruthy();
  });

  it('back from the bank, follows confirmCardPayment once and shows the booking; the address forgets the bank', async () => {
    signInWithCards([]);
    const state = { travel: payable({ confirmCardPayment: confirmLink }) as Travel };
    const calls = serveTravel(state);
    server.use(
      http.post(`${HREF}/card-payment/pay-1/confirm`, () => {
        state.travel = booked('3184');
        return HttpResponse.json({ result: { status: 'booked', authenticationUrl: null, travel: state.travel } });
      }),
    );
    const { router } = await renderRoute('/cart/checkout?travel=t1&bank=1');
    expect(await screen.findByRole('heading', { name: 'Votre réservation est confirmée' })).toBeTruthy();
    expect(screen.getByText('Payée par carte Visa •••• 3184')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/card-payment/pay-1/confirm')).toHaveLength(1);
    expect(calls[0]).toMatchObject({ ifMatch: '3', key: expect.any(String) });
    await waitFor(() => expect(router.state.location.search).toEqual({ travel: 't1' }));
  });

  it('back from the bank after a refusal: says nothing was charged, and offers to pay again', async () => {
    signInWithCards([]);
    const state = { travel: payable({ confirmCardPayment: confirmLink }) as Travel };
    serveTravel(state);
    const message = 'Votre banque n’a pas confirmé le paiement : rien n’a été débité, votre voyage reste dans votre panier.';
    server.use(
      http.post(`${HREF}/card-payment/pay-1/confirm`, () => {
        state.travel = payable();
        return HttpResponse.json(apiError(204, message), { status: 402 });
      }),
    );
    await renderRoute('/cart/checkout?travel=t1&bank=1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(await screen.findByLabelText('Numéro de carte')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Payer par carte' })).toHaveProperty('checked', true);
    expect(field('Numéro de carte')).toBeTruthy();
  });
});
