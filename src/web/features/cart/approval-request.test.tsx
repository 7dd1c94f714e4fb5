import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Travel } from '@contract/travel';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { cartTravel } from './fixtures';

const remind = { href: '/api/v1/approvals/ap1/remind', method: 'PATCH' } as const;
const cancel = { href: '/api/v1/approvals/ap1/cancel', method: 'PATCH' } as const;

function serve(state: { travels: Travel[] }) {
  server.use(
    http.get('/api/v1/v2/travels/', () => HttpResponse.json({ result: { travels: state.travels, links: {} } })),
    http.get('/api/v1/comms', () => HttpResponse.json({ result: {} })),
  );
}

const pendingTravel = (links: Travel['links'] = { remind, cancelApproval: cancel }) =>
  cartTravel({ status: 'pending_approval', confirmationTimeLimit: '2026-11-25T17:00:00.000Z', links });

describe('The requester’s pending approval in the cart', () => {
  it('reminds the approver through the travel’s remind link, and shows the server’s refusal within the hour', async () => {
    startSession('token', userFixture());
    serve({ travels: [pendingTravel()] });
    let calls = 0;
    server.use(
      http.patch('/api/v1/approvals/ap1/remind', () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ result: { message: 'approver reminded' } })
          : HttpResponse.json(apiError(104, 'L’approbateur a déjà été relancé il y a moins d’une heure.'), { status: 429 });
      }),
    );
    await renderRoute('/cart');
    const card = await screen.findByRole('article', { name: 'Voyage du 01/12/2026' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Relancer le valideur' }));
    const toasts = await findToasts();
    expect(await toasts.findByText('Le valideur a été relancé')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Relancer le valideur' }));
    expect(await toasts.findByText('L’approbateur a déjà été relancé il y a moins d’une heure.')).toBeTruthy();
    expect(calls).toBe(2);
  }, 15_000);

  it('cancels the request after confirmation: the travel is back in the cart', async () => {
    startSession('token', userFixture());
    const state = { travels: [pendingTravel()] };
    serve(state);
    server.use(
      http.patch('/api/v1/approvals/ap1/cancel', () => {
        state.travels = [cartTravel()];
        return HttpResponse.json({ result: state.travels[0] });
      }),
    );
    await renderRoute('/cart');
    const card = await screen.findByRole('article', { name: 'Voyage du 01/12/2026' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Annuler la demande' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la demande d’approbation ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la demande' }));
    expect(await (await findToasts()).findByText('Demande d’approbation annulée')).toBeTruthy();
    await waitFor(() => expect(within(card).getByText('Dans le panier')).toBeTruthy());
    expect(within(card).queryByRole('button', { name: 'Relancer le valideur' })).toBeNull();
  });

  it('offers neither without the links (the request was answered)', async () => {
    startSession('token', userFixture());
    serve({ travels: [pendingTravel({})] });
    await renderRoute('/cart');
    const card = await screen.findByRole('article', { name: 'Voyage du 01/12/2026' });
    expect(within(card).queryByRole('button', { name: 'Relancer le valideur' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Annuler la demande' })).toBeNull();
  });
});
