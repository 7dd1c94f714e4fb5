import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import type { AgencyQueue, ExpiringOption, FailedBooking, PendingCancellation } from '@contract/agency-queue';
import { isAgencyStaff } from '@contract/permissions';
import { readerZone } from '@web/lib/format';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';

/** Tina as GET /user/ answers her: the agency's staff carry the `agencyQueue` link. */
function signInTina(perms = ['travel_agent']) {
  const base = userFixture();
  const links = isAgencyStaff(perms) ? { ...base.links, agencyQueue: { href: '/api/v1/agency/queue', method: 'GET' as const } } : base.links;
  startSession(
    'token',
    userFixture({ uid: 'u-tina', username: 'tina', firstname: 'Tina', lastname: 'Garnier', perms, company: null, company_id: null, entities: [], links }),
  );
}

const product = (id: string, overrides: Partial<PendingCancellation['products'][number]> = {}) => ({
  id,
  type: 'rail' as const,
  name: 'Paris → Lyon',
  startsAt: '2026-11-23T07:12+01:00',
  status: 'pending_cancel' as const,
  price: 8900,
  ...overrides,
});

const cancellation = (overrides: Partial<PendingCancellation> = {}): PendingCancellation => ({
  travelId: 't-1',
  taskId: 'task-1',
  travellers: [{ firstname: 'Gus', lastname: 'Moreau' }],
  company: { name: 'Globex Consulting' },
  products: [product('p-1')],
  requester: { firstname: 'Gus', lastname: 'Moreau', email: 'gus@globex.example' },
  since: '2026-11-22T09:00:00.000Z',
  maxRefund: 8900,
  links: { completeAgencyTask: { href: '/api/v1/agency/tasks/task-1/complete', method: 'POST' } },
  ...overrides,
});

const failure = (overrides: Partial<FailedBooking> = {}): FailedBooking => ({
  travelId: 't-2',
  taskId: 'task-2',
  travellers: [{ firstname: 'Alice', lastname: 'Martin' }],
  company: { name: 'Acme Industries' },
  products: [product('p-2', { status: 'cart' })],
  requester: { firstname: 'Alice', lastname: 'Martin', email: 'alice@acme.example' },
  since: '2026-11-22T10:00:00.000Z',
  travelStatus: 'cart',
  links: { closeAgencyTask: { href: '/api/v1/agency/tasks/task-2/close', method: 'POST' } },
  ...overrides,
});

const option = (overrides: Partial<ExpiringOption> = {}): ExpiringOption => ({
  travelId: 't-3',
  travellers: [{ firstname: 'Gus', lastname: 'Moreau' }],
  company: { name: 'Globex Consulting' },
  products: [product('p-3', { status: 'prebooked', price: 12000 })],
  version: 4,
  deadline: '2026-11-23T05:12:00.000Z',
  links: {
    confirmHeldOption: { href: '/api/v1/agency/travels/t-3/confirm', method: 'POST' },
    releaseHeldOptions: { href: '/api/v1/agency/travels/t-3/release', method: 'POST' },
  },
  ...overrides,
});

const queueOf = (parts: Partial<AgencyQueue> = {}): AgencyQueue => ({
  horizonHours: 24,
  pendingCancellations: { total: 1, items: [cancellation()] },
  failedBookings: { total: 1, items: [failure()] },
  expiringOptions: { total: 1, items: [option()] },
  ...parts,
});

type Call = { url: string; body: unknown; headers: Headers };

/** The queue as the server answers it (the next answer after each read), and every action's call. */
function serve(answers: (AgencyQueue | 'fail')[], actions: Record<string, (body: unknown) => Response> = {}) {
  const state = { reads: 0, calls: [] as Call[] };
  server.use(
    http.get('/api/v1/agency/queue', async () => {
      await delay(30);
      const answer = answers[Math.min(state.reads++, answers.length - 1)]!;
      return answer === 'fail' ? HttpResponse.json(apiError(5, 'Service momentanément indisponible'), { status: 500 }) : HttpResponse.json({ result: answer });
    }),
    http.post('/api/v1/agency/*', async ({ request }) => {
      const url = new URL(request.url).pathname;
      const body = await request.text().then((t) => (t ? JSON.parse(t) : undefined));
      state.calls.push({ url, body, headers: request.headers });
      const answer = actions[url];
      return answer ? answer(body) : HttpResponse.json(apiError(17, 'Requête invalide'), { status: 400 });
    }),
  );
  return state;
}

const section = (name: RegExp) => screen.findByRole('region', { name });
/** What an element reads, its no-break spaces (prices) as spaces. */
const text = (el: HTMLElement) => el.textContent!.replace(/\s/g, ' ');
const taskDone = {
  id: 'task-1',
  kind: 'cancellation',
  status: 'done',
  outcome: 'cancelled',
  travelId: 't-1',
  productIds: ['p-1'],
  requester: { firstname: 'Gus', lastname: 'Moreau', email: 'gus@globex.example' },
  createdAt: '2026-11-22T09:00:00.000Z',
  answeredAt: '2026-11-22T09:30:00.000Z',
  refund: 4050,
  fees: 500,
  reason: null,
  links: {},
};
const empty = queueOf({ pendingCancellations: { total: 0, items: [] }, failedBookings: { total: 0, items: [] }, expiringOptions: { total: 0, items: [] } });

describe('Agency work queue', () => {
  it('is in the staff’s user menu, and shows its three sections with their counts, items and deadlines on the reader’s clock', async () => {
    signInTina();
    serve([queueOf({ failedBookings: { total: 0, items: [] } })]);
    await renderRoute('/agency/queue');
    expect(screen.getByRole('link', { name: 'File de l’agence', hidden: true })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'File de l’agence' })).toBeTruthy();

    const cancellations = await section(/Annulations hors ligne à traiter/);
    expect(within(cancellations).getByRole('heading', { level: 2 }).textContent).toMatch(/1\s*à traiter/);
    const item = within(cancellations).getByRole('article', { name: 'Gus Moreau' });
    for (const part of [
      'Globex Consulting',
      'gus@globex.example',
      'Paris → Lyon',
      '23/11/2026 07:12',
      '89,00 €',
      'Remboursement maximum : 89,00 €',
      `(${readerZone()})`,
    ])
      expect(text(item)).toContain(part);

    // Nothing failed: the section says why it is empty.
    const failures = await section(/Réservations en échec/);
    expect(within(failures).getByText(/Aucune réservation en échec/)).toBeTruthy();
    expect(within(failures).queryByRole('list')).toBeNull();

    const options = await section(/Options qui expirent bientôt/);
    const held = within(options).getByRole('article', { name: 'Gus Moreau' });
    expect(text(held)).toMatch(new RegExp(`Option valable jusqu’au \\d{2}/\\d{2}/2026 \\d{2}:\\d{2} \\(${readerZone().replace('/', '\\/')}\\)`));
    expect(text(held)).toContain('Total : 120,00 €');
    expect(within(options).getByText(/dans les 24 prochaines heures/)).toBeTruthy();
  });

  it('is not found for a signed-in user who is not agency staff, and not in their menu', async () => {
    signInTina(['approval']);
    serve([queueOf()]);
    await renderRoute('/agency/queue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'File de l’agence', hidden: true })).toBeNull();
  });

  it('shows five placeholder rows while it loads, then an error with a way to ask again', async () => {
    signInTina();
    const state = serve(['fail', empty]);
    await renderRoute('/agency/queue');
    expect((await screen.findByRole('status', { name: 'Chargement de la file' })).querySelectorAll('[data-testid=queue-placeholder]')).toHaveLength(5);
    expect((await screen.findByRole('alert')).textContent).toContain('Service momentanément indisponible');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(/Aucune annulation n’attend votre agence/)).toBeTruthy();
    expect(screen.getByText(/Aucune option n’expire dans les 24 prochaines heures/)).toBeTruthy();
    expect(state.reads).toBe(2);
  });

  it('answers an offline cancellation with the refund entered (checked against the maximum), after a confirmation', async () => {
    signInTina();
    const state = serve([queueOf(), queueOf({ pendingCancellations: { total: 0, items: [] } })], {
      '/api/v1/agency/tasks/task-1/complete': () => HttpResponse.json({ result: taskDone }),
    });
    await renderRoute('/agency/queue');
    const item = within(await section(/Annulations hors ligne/)).getByRole('article', { name: 'Gus Moreau' });
    const open = within(item).getByRole('button', { name: 'Saisir le remboursement' });
    await userEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');

    const submit = within(item).getByRole('button', { name: 'Annuler les billets et rembourser' });
    await userEvent.click(submit);
    const refund = within(item).getByLabelText(/Montant remboursé/);
    expect(refund.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(item)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['Veuillez remplir ce champ', 'Veuillez remplir ce champ']);

    await userEvent.type(refund, '89,01');
    await userEvent.type(within(item).getByLabelText(/Frais retenus/), 'douze');
    await userEvent.click(submit);
    expect(within(item).getAllByRole('alert').map(text)).toEqual([
      'Le remboursement ne peut pas dépasser 89,00 €',
      'Saisissez un montant en euros, par exemple 40,50',
    ]);
    expect(state.calls).toHaveLength(0);

    await userEvent.clear(refund);
    await userEvent.type(refund, '40,5');
    await userEvent.clear(within(item).getByLabelText(/Frais retenus/));
    await userEvent.type(within(item).getByLabelText(/Frais retenus/), '5');
    await userEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Annuler les billets ?' });
    expect(text(dialog)).toContain('Les billets de Gus Moreau seront annulés et 40,50 € remboursés.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler les billets' }));

    expect(await (await findToasts()).findByText('Annulation traitée : Gus Moreau est prévenu par e-mail.')).toBeTruthy();
    expect(state.calls).toHaveLength(1);
    expect(state.calls[0]!.body).toEqual({ refund: 4050, fees: 500 });
    expect(state.calls[0]!.headers.get('idempotency-key')).toBeTruthy();
    // The queue is read again: the item left.
    await waitFor(() => expect(screen.getByText(/Aucune annulation n’attend votre agence/)).toBeTruthy());
    await waitFor(() => expect(document.activeElement?.id).toBe('queue-cancellations'));
  });

  it('refuses an offline cancellation with its reason, required', async () => {
    signInTina();
    const state = serve([queueOf()], {
      '/api/v1/agency/tasks/task-1/complete': () =>
        HttpResponse.json({ result: { ...taskDone, outcome: 'refused', refund: null, fees: null, reason: 'Billet utilisé' } }),
    });
    await renderRoute('/agency/queue');
    const item = within(await section(/Annulations hors ligne/)).getByRole('article', { name: 'Gus Moreau' });
    await userEvent.click(within(item).getByRole('button', { name: 'Refuser l’annulation' }));
    const form = within(item).getByRole('form', { name: 'Refuser l’annulation' });
    await userEvent.click(within(form).getByRole('button', { name: 'Refuser l’annulation' }));
    expect(within(form).getByRole('alert').textContent).toBe('Veuillez remplir ce champ');
    await userEvent.type(within(form).getByLabelText(/Motif du refus/), 'Billet utilisé');
    await userEvent.click(within(form).getByRole('button', { name: 'Refuser l’annulation' }));
    expect(await (await findToasts()).findByText('Annulation refusée : Gus Moreau est prévenu par e-mail.')).toBeTruthy();
    expect(state.calls.map((c) => c.body)).toEqual([{ refused: 'Billet utilisé' }]);
  });

  it('closes a failed booking with a note; a note the server refuses shows on its field', async () => {
    signInTina(['assistance_agent']);
    let answers = 0;
    const state = serve([queueOf()], {
      '/api/v1/agency/tasks/task-2/close': () =>
        ++answers === 1
          ? HttpResponse.json(apiError(17, 'Requête invalide', { note: 'TOO_LONG' }), { status: 400 })
          : HttpResponse.json({
              result: { ...taskDone, id: 'task-2', kind: 'failed_booking', outcome: 'closed', reason: 'Appelée', refund: null, fees: null },
            }),
    });
    await renderRoute('/agency/queue');
    const item = within(await section(/Réservations en échec/)).getByRole('article', { name: 'Alice Martin' });
    expect(text(item)).toContain('Acme Industries');
    expect(text(item)).toContain('De retour dans le panier du voyageur');
    await userEvent.click(within(item).getByRole('button', { name: 'Clore avec une note' }));
    await userEvent.type(within(item).getByLabelText(/Ce qui a été fait/), 'Appelée');
    await userEvent.click(within(item).getByRole('button', { name: 'Clore le dossier' }));
    expect((await within(item).findByRole('alert')).textContent).toBe('Ce texte est trop long');
    await userEvent.click(within(item).getByRole('button', { name: 'Clore le dossier' }));
    expect(await (await findToasts()).findByText('Dossier clos.')).toBeTruthy();
    expect(state.calls.map((c) => c.body)).toEqual([{ note: 'Appelée' }, { note: 'Appelée' }]);
  });

  it('confirms an option on the version shown, and releases one only once confirmed', async () => {
    signInTina();
    const state = serve([queueOf()], {
      '/api/v1/agency/travels/t-3/confirm': () => HttpResponse.json({ result: { travelId: 't-3', status: 'booked', version: 5 } }),
      '/api/v1/agency/travels/t-3/release': () => HttpResponse.json({ result: { travelId: 't-3', status: 'removed', version: 5 } }),
    });
    await renderRoute('/agency/queue');
    const item = within(await section(/Options qui expirent/)).getByRole('article', { name: 'Gus Moreau' });
    await userEvent.click(within(item).getByRole('button', { name: 'Confirmer la réservation' }));
    expect(await (await findToasts()).findByText('Réservation confirmée : Gus Moreau est prévenu par e-mail.')).toBeTruthy();
    expect(state.calls[0]).toMatchObject({ url: '/api/v1/agency/travels/t-3/confirm' });
    expect(state.calls[0]!.headers.get('if-match')).toBe('4');

    await userEvent.click(within(item).getByRole('button', { name: 'Libérer l’option' }));
    const dialog = await screen.findByRole('dialog', { name: 'Libérer l’option ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(state.calls).toHaveLength(1);
    await userEvent.click(within(item).getByRole('button', { name: 'Libérer l’option' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Libérer l’option ?' })).getByRole('button', { name: 'Libérer l’option' }));
    expect(await (await findToasts()).findByText('Option libérée : Gus Moreau est prévenu par e-mail.')).toBeTruthy();
    expect(state.calls.map((c) => c.url)).toEqual(['/api/v1/agency/travels/t-3/confirm', '/api/v1/agency/travels/t-3/release']);
  });

  it('says when a section shows only the most urgent of its items', async () => {
    signInTina();
    serve([queueOf({ expiringOptions: { total: 72, items: [option()] } })]);
    await renderRoute('/agency/queue');
    const options = await section(/Options qui expirent/);
    expect(within(options).getByText('Les 1 plus urgentes sur 72 sont affichées : traitez-les pour voir les suivantes.')).toBeTruthy();
  });
});
