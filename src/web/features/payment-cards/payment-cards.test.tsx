import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { PaymentCard } from '@contract/payment';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { PaymentCardsSection } from './PaymentCardsSection';
import { loadPaymentCardsTexts } from './texts';

/** The saved payment cards of the personal data page, from the user's paymentCards link. */

const base = '/api/v1/user/payment-cards';
const card = (id: string, brand: PaymentCard['brand'], last4: string, expired = false): PaymentCard => ({
  id,
  brand,
  last4,
  expMonth: 3,
  expYear: expired ? 2025 : 2031,
  holder: 'Alice Martin',
  expired,
  links: { deletePaymentCard: { href: `${base}/${id}`, method: 'DELETE' } },
});

function signIn(withLink = true) {
  startSession(
    'token',
    userFixture({
      links: {
        self: { href: '/api/v1/user/', method: 'GET' },
        logout: { href: '/api/v1/user/logout', method: 'POST' },
        ...(withLink ? { paymentCards: { href: base, method: 'GET' } } : {}),
      },
    }),
  );
}

async function render(cards: PaymentCard[]) {
  signIn();
  const deleted: string[] = [];
  let list = cards;
  server.use(
    http.get(base, () => HttpResponse.json({ result: { cards: list } })),
    http.delete(`${base}/:id`, ({ params, request }) => {
      deleted.push(`${String(params.id)} ${request.headers.get('Idempotency-Key') ? 'with a key' : 'without a key'}`);
      if (params.id === 'gone') return HttpResponse.json(apiError(200, 'Cette carte de paiement est introuvable.'), { status: 404 });
      list = list.filter((c) => c.id !== params.id);
      return HttpResponse.json({ result: { cards: list } });
    }),
  );
  await loadPaymentCardsTexts();
  renderApp(<PaymentCardsSection />);
  return deleted;
}

describe('Saved payment cards (personal data page)', () => {
  it('shows nothing without the user’s paymentCards link', () => {
    signIn(false);
    renderApp(<PaymentCardsSection />);
    expect(screen.queryByRole('heading', { name: 'Cartes de paiement' })).toBeNull();
  });

  it('says why the list is empty and how to fill it', async () => {
    await render([]);
    expect(await screen.findByText(/^Aucune carte enregistrée\. Au moment de payer un voyage par carte/)).toBeTruthy();
  });

  it('lists each card by brand, last 4 digits, holder and expiry, an expired one said so', async () => {
    await render([card('c1', 'visa', '4242'), card('c2', 'mastercard', '4444', true)]);
    const list = await screen.findByRole('list', { name: 'Vos cartes de paiement' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Visa •••• 4242Alice MartinExpire fin 03/31Supprimer',
      'Mastercard •••• 4444Alice MartinExpirée depuis fin 03/25Supprimer',
    ]);
  });

  it('deletes a card through its link once confirmed, then gives the focus back to the section', async () => {
    const deleted = await render([card('c1', 'visa', '4242'), card('c2', 'mastercard', '4444')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer : Visa •••• 4242' }));
    const confirm = screen.getByRole('group', { name: 'Supprimer : Visa •••• 4242' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirmer la suppression' }));
    expect(await (await findToasts()).findByText('La carte de paiement a été supprimée')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Visa •••• 4242')).toBeNull());
    expect(screen.getByText('Mastercard •••• 4444')).toBeTruthy();
    expect(deleted).toEqual(['c1 with a key']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Cartes de paiement' }));
  });

  it('says when a deletion fails, and keeps the card listed', async () => {
    await render([card('gone', 'visa', '4242')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer : Visa •••• 4242' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer la suppression' }));
    expect(await (await findToasts()).findByText('La carte n’a pas pu être supprimée : Cette carte de paiement est introuvable.')).toBeTruthy();
    expect(screen.getByText('Visa •••• 4242')).toBeTruthy();
  });
});
