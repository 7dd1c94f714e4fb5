import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Approval } from '@contract/approvals';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { answered, approvalFixture, carol } from './fixtures';

function signInBob(overrides: Parameters<typeof userFixture>[0] = {}) {
  startSession(
    'token',
    userFixture({
      uid: 'u-bob',
      username: 'bob',
      firstname: 'Bob',
      lastname: 'Durand',
      perms: ['approval'],
      links: {
        self: { href: '/api/v1/user/', method: 'GET' },
        logout: { href: '/api/v1/user/logout', method: 'POST' },
        approvals: { href: '/api/v1/approvals/', method: 'GET' },
        approvalCounts: { href: '/api/v1/approval/', method: 'GET' },
      },
      ...overrides,
    }),
  );
}

type Inbox = { approvals: Approval[]; requests: URL[]; counts: number; countReads: number };

/** The inbox as the server answers it: filtered by status, searched by name, ten a page; every request is recorded. */
function serveInbox(approvals: Approval[]): Inbox {
  const state: Inbox = { approvals, requests: [], counts: approvals.filter((a) => a.status === 'pending').length, countReads: 0 };
  server.use(
    http.get('/api/v1/approvals/', ({ request }) => {
      const url = new URL(request.url);
      state.requests.push(url);
      const status = url.searchParams.get('status');
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const name = url.searchParams.get('paxName')?.toLowerCase();
      const matching = state.approvals.filter(
        (a) =>
          (!status || (status === 'answered' ? a.status !== 'pending' : a.status === status)) &&
          (!name || a.journey.some((item) => item.paxs.some((p) => `${p.firstname} ${p.lastname}`.toLowerCase().includes(name)))),
      );
      return HttpResponse.json({ result: matching.slice((page - 1) * limit, page * limit) });
    }),
    http.get('/api/v1/approval/', () => {
      state.countReads++;
      return HttpResponse.json({ result: { pending: state.counts, safetyPending: 0 } });
    }),
  );
  return state;
}

const card = (name: string | RegExp) => screen.findByRole('article', { name });
const text = (el: HTMLElement) => el.textContent!.replace(/\s/g, ' ');

describe('Approvals inbox (spec 2 §4, §6)', () => {
  it('is in the account menu with the pending count, and shows each request in full', async () => {
    signInBob();
    serveInbox([approvalFixture()]);
    await renderRoute('/account/approvals');
    const menu = screen.getByRole('navigation', { name: 'Mon espace' });
    await waitFor(() => expect(within(menu).getByRole('link', { name: /^Demandes d’approbation\s*1\s*en attente$/ })).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1, name: 'Demandes d’approbation' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /En attente/ }).getAttribute('aria-selected')).toBe('true');

    const request = await card('Demande de Alice Martin');
    const all = text(request);
    for (const part of [
      'En attente de réponse',
      '329,00 €',
      'Réunion client à Lyon',
      'Voyageurs : Alice Martin',
      // The station's own time, whatever the reader's zone.
      '01/12/2026 · 07:04 Paris Gare de Lyon → 09:02 Lyon Part-Dieu',
      'Business Première · 2de classe',
      'Prix au-delà de 80 €',
      'Hôtel : Hôtel des Célestins',
      '2 nuits',
      'Chambre double · Petit-déjeuner inclus',
      'Non conforme à la politique voyage',
      'Motif de dérogation : Seul train avant la réunion',
      'Date limite de réponse :',
      `(${Intl.DateTimeFormat().resolvedOptions().timeZone})`,
    ])
      expect(all).toContain(part);
    expect(text(within(request).getByRole('list', { name: 'Réponses' }))).toContain('Vous (valideur) : en attente');
    for (const name of ['Refuser', 'Transmettre', 'Accepter']) expect(within(request).getByRole('button', { name })).toBeTruthy();
  }, 15_000);

  it('hides the menu item from users without the approval permissions', async () => {
    startSession('token', userFixture());
    await renderRoute('/account/informations');
    const menu = await screen.findByRole('navigation', { name: 'Mon espace' });
    expect(within(menu).queryByRole('link', { name: /approbation/ })).toBeNull();
  });

  it('offers the answers the request’s links allow: no accept without its link (check_approval may escalate and refuse)', async () => {
    signInBob({ perms: ['check_approval'] });
    const { approve: _, ...links } = approvalFixture().links;
    serveInbox([approvalFixture({ links })]);
    await renderRoute('/account/approvals');
    const request = await card('Demande de Alice Martin');
    expect(within(request).queryByRole('button', { name: 'Accepter' })).toBeNull();
    expect(within(request).getByRole('button', { name: 'Refuser' })).toBeTruthy();
    expect(within(request).getByRole('button', { name: 'Transmettre' })).toBeTruthy();
  });

  it('switches tabs (status filter), and says why a tab is empty', async () => {
    signInBob();
    const inbox = serveInbox([approvalFixture(), answered(approvalFixture({ approvalID: 'ap2' }), 'accepted')]);
    await renderRoute('/account/approvals');
    await card('Demande de Alice Martin');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Acceptées' }));
    await waitFor(() => expect(inbox.requests.at(-1)!.searchParams.get('status')).toBe('accepted'));
    const accepted = await card('Demande de Alice Martin');
    expect(text(accepted)).toContain('Acceptée');
    expect(within(accepted).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Refusées' }));
    expect(await screen.findByText('Aucune demande')).toBeTruthy();
  });

  it('loads ten a page, with "Voir plus" while the last page was full', async () => {
    signInBob();
    const many = Array.from({ length: 13 }, (_, i) => approvalFixture({ approvalID: `ap${i}` }));
    const inbox = serveInbox(many);
    await renderRoute('/account/approvals');
    const list = await screen.findByRole('list', { name: 'Demandes' });
    expect(within(list).getAllByRole('article')).toHaveLength(10);
    expect(inbox.requests[0]!.searchParams.get('limit')).toBe('10');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(13));
    expect(inbox.requests.at(-1)!.searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
    expect(screen.getByText('Il n’y a plus d’autre demande.')).toBeTruthy();
  });

  it('searches by traveller name 500 ms after the last key, and sorts', async () => {
    signInBob();
    const inbox = serveInbox([approvalFixture()]);
    const { router } = await renderRoute('/account/approvals');
    await card('Demande de Alice Martin');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un voyageur' }), 'zoé');
    // Not at each key: once, after the pause.
    await waitFor(() => expect(inbox.requests.at(-1)!.searchParams.get('paxName')).toBe('zoé'), { timeout: 2000 });
    expect(inbox.requests.filter((u) => u.searchParams.has('paxName'))).toHaveLength(1);
    expect(router.state.location.search).toMatchObject({ q: 'zoé' });
    expect(await screen.findByText('Aucune demande pour ce voyageur')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'Montant');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordre' }), 'Croissant');
    await waitFor(() => expect(inbox.requests.at(-1)!.searchParams.get('order')).toBe('asc'));
    expect(inbox.requests.at(-1)!.searchParams.get('sortBy')).toBe('totalAmount');
  });

  it('accepts a request: the card shows it accepted at once, a toast says so, the count is read again', async () => {
    signInBob();
    const inbox = serveInbox([approvalFixture()]);
    let key: string | null = null;
    server.use(
      http.post('/api/v1/approvals/ap1/approve', ({ request }) => {
        key = request.headers.get('Idempotency-Key');
        inbox.counts = 0;
        return HttpResponse.json({ result: answered(approvalFixture(), 'accepted') });
      }),
    );
    await renderRoute('/account/approvals');
    const request = await card('Demande de Alice Martin');
    await waitFor(() => expect(inbox.countReads).toBe(1));
    await userEvent.setup().click(within(request).getByRole('button', { name: 'Accepter' }));
    expect(await (await findToasts()).findByText('Demande acceptée')).toBeTruthy();
    expect(key).toBeTruthy();
    await waitFor(() => expect(text(request)).toContain('Vous (valideur) : a accepté'));
    expect(within(request).queryByRole('button', { name: 'Accepter' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(request).getByRole('heading', { level: 2 })));
    await waitFor(() => expect(inbox.countReads).toBe(2));
    expect(within(screen.getByRole('navigation', { name: 'Mon espace' })).getByRole('link', { name: 'Demandes d’approbation' })).toBeTruthy();
  });

  it('escalates a request to the approver chosen (the next in line by default) with a word for them', async () => {
    signInBob();
    serveInbox([approvalFixture()]);
    let body: unknown = null;
    server.use(
      http.post('/api/v1/approvals/ap1/escalate', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ result: answered(approvalFixture(), 'escalated') });
      }),
    );
    await renderRoute('/account/approvals');
    const request = await card('Demande de Alice Martin');
    const user = userEvent.setup();
    await user.click(within(request).getByRole('button', { name: 'Transmettre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transmettre la demande de Alice Martin' });
    const to = within(dialog).getByRole('combobox', { name: 'Transmettre à *' }) as HTMLSelectElement;
    expect([...to.options].map((o) => o.text)).toEqual(['Carol Petit', 'Dan Moreau']);
    expect(to.value).toBe('u-carol');
    await user.selectOptions(to, 'Dan Moreau');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message (facultatif)' }), 'Au-delà de mon budget');
    await user.click(within(dialog).getByRole('button', { name: 'Transmettre la demande' }));
    expect(await (await findToasts()).findByText('Demande transmise')).toBeTruthy();
    expect(body).toEqual({ approver: 'u-dan', message: 'Au-delà de mon budget' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(text(request)).toContain('Transmise'));
  });

  it('refuses with a reason: required, at most 500 characters, sent to the deny link', async () => {
    signInBob();
    serveInbox([approvalFixture()]);
    let body: unknown = null;
    server.use(
      http.post('/api/v1/approvals/ap1/deny', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ result: answered(approvalFixture(), 'denied', undefined, 'Trop cher') });
      }),
    );
    await renderRoute('/account/approvals');
    const request = await card('Demande de Alice Martin');
    const user = userEvent.setup();
    await user.click(within(request).getByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser la demande de Alice Martin' });
    const reason = within(dialog).getByRole('textbox', { name: 'Motif du refus *' });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    expect(await within(dialog).findByText('Ce champ est requis')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    expect(await within(dialog).findByText('Ce champ est requis')).toBeTruthy();
    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    expect(await within(dialog).findByText('Ce texte est trop long')).toBeTruthy();
    expect(body).toBeNull();
    await user.clear(reason);
    await user.type(reason, ' Trop cher ');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    expect(await (await findToasts()).findByText('Demande refusée')).toBeTruthy();
    expect(body).toEqual({ reason: 'Trop cher' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(text(request)).toContain('Vous (valideur) : a refusé'));
    expect(text(request)).toContain('Trop cher');
  });

  it('a 409 shows the request as it is now and names who answered first', async () => {
    signInBob();
    serveInbox([approvalFixture()]);
    server.use(
      http.post('/api/v1/approvals/ap1/approve', () =>
        HttpResponse.json(
          { ...apiError(67, 'Ces billets ne sont plus en attente d’approbation.'), current: answered(approvalFixture(), 'denied', carol, 'Non') },
          { status: 409 },
        ),
      ),
    );
    await renderRoute('/account/approvals');
    const request = await card('Demande de Alice Martin');
    await userEvent.setup().click(within(request).getByRole('button', { name: 'Accepter' }));
    expect(await (await findToasts()).findByText('Demande déjà traitée par Carol Petit.')).toBeTruthy();
    await waitFor(() => expect(text(request)).toContain('Carol Petit (valideur) : a refusé'));
    expect(within(request).queryByRole('button', { name: 'Accepter' })).toBeNull();
  });

  it('opens the e-mail’s request (?request=) above the list, focused', async () => {
    signInBob();
    serveInbox([approvalFixture()]);
    server.use(
      http.get('/api/v1/approvals/ap9', () =>
        HttpResponse.json({ result: approvalFixture({ approvalID: 'ap9', currentRequest: { ...approvalFixture().currentRequest, requester: carol } }) }),
      ),
    );
    await renderRoute('/account/approvals?request=ap9');
    const region = await screen.findByRole('region', { name: 'Demande ouverte depuis l’e-mail' });
    const heading = within(region).getByRole('heading', { name: 'Demande de Carol Petit' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('asks a signed-out visitor of the e-mail’s link to sign in, and stays on the page', async () => {
    await renderRoute('/account/approvals?request=ap9');
    expect(await screen.findByRole('heading', { name: 'Connectez-vous pour voir cette demande' })).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Connexion' })).toBeTruthy();
  });
});
