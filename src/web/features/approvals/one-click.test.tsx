import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { apiError } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { answered, approvalFixture, bob, carol } from './fixtures';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const answerLink = { href: `/api/v1/approval/one-click/${TOKEN}`, method: 'POST' } as const;

/** The grant as the server answers it (no session), and its answer. */
function serveGrant(action: 'approve' | 'deny', answer: () => Response) {
  const calls: { body: unknown; auth: string | null }[] = [];
  server.use(
    http.get(`/api/v1/approval/one-click/${TOKEN}`, () =>
      HttpResponse.json({ result: { action, approval: { ...approvalFixture(), links: {} }, links: { answerOneClick: answerLink } } }),
    ),
    http.post(`/api/v1/approval/one-click/${TOKEN}`, async ({ request }) => {
      calls.push({ body: await request.json(), auth: request.headers.get('Authorization') });
      return answer();
    }),
  );
  return calls;
}

describe('One-click answer page (the e-mail’s links)', () => {
  it('shows the request and approves it on confirmation, without a session', async () => {
    const calls = serveGrant('approve', () => HttpResponse.json({ result: { ...answered(approvalFixture(), 'accepted'), links: {} } }));
    await renderRoute(`/approvals/one-click?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Réponse à une demande d’approbation' })).toBeTruthy();
    const summary = await screen.findByRole('region', { name: 'Demande de Alice Martin' });
    expect(summary.textContent).toContain('Paris Gare de Lyon');
    expect(summary.textContent!.replace(/\s/g, ' ')).toContain('329,00 €');
    expect(calls).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmer l’acceptation' }));
    expect(await screen.findByText('Demande acceptée. Le voyage est en cours de réservation et le demandeur est prévenu.')).toBeTruthy();
    expect(calls).toEqual([{ body: { message: null }, auth: null }]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  }, 15_000);

  it('asks the reason to deny (required, at most 500 characters) and sends it', async () => {
    const calls = serveGrant('deny', () => HttpResponse.json({ result: { ...answered(approvalFixture(), 'denied', bob, 'Trop cher'), links: {} } }));
    await renderRoute(`/approvals/one-click?token=${TOKEN}`);
    const form = await screen.findByRole('form', { name: 'Refuser la demande' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Confirmer le refus' }));
    expect(await within(form).findByText('Ce champ est requis')).toBeTruthy();
    const reason = within(form).getByRole('textbox', { name: 'Motif du refus *' });
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(form).getByRole('button', { name: 'Confirmer le refus' }));
    expect(await within(form).findByText('Ce texte est trop long')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.clear(reason);
    await user.type(reason, 'Trop cher');
    await user.click(within(form).getByRole('button', { name: 'Confirmer le refus' }));
    expect(await screen.findByText('Demande refusée. Le demandeur est prévenu.')).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({ reason: 'Trop cher' });
  });

  it('says who answered first when another answer won (409)', async () => {
    serveGrant('approve', () =>
      HttpResponse.json(
        { ...apiError(67, 'Ces billets ne sont plus en attente d’approbation.'), current: answered(approvalFixture(), 'accepted', carol) },
        { status: 409 },
      ),
    );
    await renderRoute(`/approvals/one-click?token=${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirmer l’acceptation' }));
    expect(await screen.findByText('Cette demande a déjà été traitée par Carol Petit.')).toBeTruthy();
  });

  it.each([
    [103, 'Ce lien a déjà servi : une réponse a déjà été donnée à cette demande.'],
    [102, 'Ce lien a expiré. Ouvrez la demande depuis votre espace pour y répondre.'],
  ])('explains a spent or expired link (api_code %i)', async (code, message) => {
    server.use(http.get(`/api/v1/approval/one-click/${TOKEN}`, () => HttpResponse.json(apiError(code, 'Lien'), { status: 410 })));
    await renderRoute(`/approvals/one-click?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByRole('button', { name: /Confirmer/ })).toBeNull();
  });
});
