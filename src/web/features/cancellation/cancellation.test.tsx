import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { RefundPreviewItem } from '@contract/cancellation';
import { Button } from '@web/components/Button';
import { getModalRegistry, openModal } from '@web/lib/modal';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp } from '@web/testing/render';
import { server } from '@web/testing/server';
import { travelFixture } from '@web/testing/travels';
import { findToasts } from '@web/testing/toasts';

const links = (id: string) => ({
  previewRefund: { href: `/api/v1/products/${id}/refund-preview`, method: 'GET' as const },
  cancelProduct: { href: '/api/v1/treep/cancel', method: 'POST' as const },
});
const product = (id: string, name: string) => ({ id, name, links: links(id) });

const preview = (id: string, overrides: Partial<RefundPreviewItem> = {}): RefundPreviewItem => ({
  product_id: id,
  name: `Produit ${id}`,
  confirm_refund_date_limit: '2026-11-22T09:15:00.000Z',
  refund: { total: 4000, currency: 'EUR' },
  fixed_fees: 1900,
  variable_fees: 0,
  conditions_by_id: { [id]: '<p>Billet remboursable avec 19,00 € de frais.</p>' },
  void: false,
  offline: false,
  ...overrides,
});

type Sent = { ticket_ids: string[]; void: boolean; previews: { product_id: string; refund_total: number | null }[] };

/** The previews by product id (an absent one fails), and the cancel answering `answer` (the body it got is kept). */
function serve(previews: Record<string, RefundPreviewItem[] | 'fail'>, answer: (body: Sent) => Response) {
  const sent: Sent[] = [];
  server.use(
    http.get('/api/v1/products/:id/refund-preview', ({ params }) => {
      const items = previews[String(params.id)];
      return !items || items === 'fail' ? HttpResponse.json(apiError(111, 'Indisponible'), { status: 503 }) : HttpResponse.json({ result: items });
    }),
    http.post('/api/v1/treep/cancel', async ({ request }) => {
      const body = (await request.json()) as Sent;
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

const done = (cancelled: string[], requested: string[] = []) =>
  HttpResponse.json({ result: { cancelled, requested, travels: [travelFixture({ status: 'cancelled' })] } });

async function open(products: ReturnType<typeof product>[]) {
  await Promise.all([import('@web/components/Modal'), getModalRegistry().CancelProducts.load()]);
  startSession('token', userFixture({ email: 'alice@acme.example' }));
  const user = userEvent.setup();
  let finished = 0;
  renderApp(<Button onClick={() => openModal('CancelProducts', { products, onDone: () => void (finished += 1) })}>Ouvrir</Button>);
  await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, finished: () => finished };
}

describe('the cancellation modal', () => {
  it('goes loading → preview → confirm → processing → "we are handling your request", then toasts and calls onDone', async () => {
    let release: () => void = () => {};
    const sent = serve({ p1: [preview('p1')] }, () => done(['p1']));
    server.use(
      http.post('/api/v1/treep/cancel', async ({ request }) => {
        sent.push((await request.json()) as Sent);
        await new Promise<void>((resolve) => (release = resolve));
        return done(['p1']);
      }),
    );
    const { user, dialog, finished } = await open([product('p1', 'Paris → Lyon')]);
    expect(within(dialog).getByRole('heading', { name: 'Annuler « Paris → Lyon »' })).toBeTruthy();
    await within(dialog).findByRole('heading', { name: 'Votre remboursement' });
    expect(within(dialog).getByText('Remboursement').nextElementSibling!.textContent).toMatch(/^40,00\s€$/);
    expect(within(dialog).getByText('Frais retenus').nextElementSibling!.textContent).toMatch(/^19,00\s€$/);
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Confirmer l’annulation ?' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('button', { name: /Confirmer l’annulation/ })
          .getAttribute('aria-busy'),
      ).toBe('true'),
    );
    release();
    await within(dialog).findByRole('heading', { name: 'Nous traitons votre demande' });
    expect(within(dialog).getByText(/alice@acme\.example/)).toBeTruthy();
    expect(sent).toEqual([
      { ticket_ids: ['p1'], void: false, previews: [{ product_id: 'p1', refund_total: 4000, confirm_refund_date_limit: '2026-11-22T09:15:00.000Z' }] },
    ]);
    expect(await (await findToasts()).findByText('La prestation a été annulée')).toBeTruthy();
    expect(finished()).toBe(1);
  });

  it('cancels several at once; a preview that failed is said per product and that one is left out', async () => {
    const sent = serve(
      { p1: [preview('p1')], p2: [preview('p2', { refund: { total: 0, currency: 'EUR' }, fixed_fees: 0, variable_fees: 5000 })], p3: 'fail' },
      () => done(['p1', 'p2']),
    );
    const { user, dialog } = await open([product('p1', 'Paris → Lyon'), product('p2', 'Lyon → Paris'), product('p3', 'Paris → Nice')]);
    expect(within(dialog).getByRole('heading', { name: 'Annuler 3 prestations' })).toBeTruthy();
    const failed = await within(dialog).findByText(/Impossible de récupérer le détail du remboursement/);
    expect(failed.closest('li')!.textContent).toContain('Paris → Nice');
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    await within(dialog).findByRole('heading', { name: 'Nous traitons votre demande' });
    expect(sent[0]!.ticket_ids).toEqual(['p1', 'p2']);
    expect(await (await findToasts()).findByText('Les billets ont été annulés')).toBeTruthy();
  });

  it('shows the fresh preview when the refund changed (409, 130), and cancels at it', async () => {
    let calls = 0;
    const sent = serve({ p1: [preview('p1')] }, () =>
      ++calls === 1
        ? HttpResponse.json(
            {
              ...apiError(130, 'Le remboursement a changé.'),
              current: { previews: [preview('p1', { refund: { total: 2000, currency: 'EUR' }, confirm_refund_date_limit: '2026-11-22T09:40:00.000Z' })] },
            },
            { status: 409 },
          )
        : done(['p1']),
    );
    const { user, dialog } = await open([product('p1', 'Paris → Lyon')]);
    await user.click(await within(dialog).findByRole('button', { name: 'Continuer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Le remboursement a changé');
    expect(within(dialog).getByText('Remboursement').nextElementSibling!.textContent).toMatch(/^20,00\s€$/);
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    await within(dialog).findByRole('heading', { name: 'Nous traitons votre demande' });
    expect(sent[1]!.previews[0]!.refund_total).toBe(2000);
  });

  it('offline: no amount, the agency handles it, and the request-sent toast', async () => {
    serve({ p1: [preview('p1', { refund: { total: null, currency: '' }, fixed_fees: null, variable_fees: null, offline: true })] }, () => done([], ['p1']));
    const { user, dialog } = await open([product('p1', 'Paris → Londres')]);
    expect(await within(dialog).findByText(/votre agence la traite pendant ses heures d’ouverture/)).toBeTruthy();
    expect(within(dialog).queryByText('Remboursement')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(await (await findToasts()).findByText('Votre demande d’annulation a été envoyée à votre agence')).toBeTruthy();
  });

  it('a product without the links cannot be cancelled, and says so', async () => {
    serve({}, () => done([]));
    const { dialog } = await open([{ id: 'p9', name: 'Paris → Lille', links: {} } as unknown as ReturnType<typeof product>]);
    expect(await within(dialog).findByText('Ce billet ne peut pas être annulé.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Continuer' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
