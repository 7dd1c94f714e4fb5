import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import type { User } from '@contract/account';
import { getModalRegistry } from '@web/lib/modal';
import { queryClient } from '@web/lib/query';
import { meKey, startSession, useSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp, renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { MyDataSection } from './MyDataSection';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';

const links = {
  self: { href: '/api/v1/user/', method: 'GET' as const },
  logout: { href: '/api/v1/user/logout', method: 'POST' as const },
  privacyPolicy: { href: '/api/v1/user/privacy-policy', method: 'GET' as const },
  deleteOptionalData: { href: '/api/v1/user/optional_data', method: 'DELETE' as const },
  deleteAccount: { href: '/api/v1/user/data', method: 'DELETE' as const },
};
const signIn = (overrides: Partial<User> = {}) => startSession('token-alice-0000000000', userFixture({ links, ...overrides }));
/** The section inside a router of its own (it links to the privacy policy page). */
function renderSection() {
  const rootRoute = createRootRoute({ component: MyDataSection });
  const policyRoute = createRoute({ getParentRoute: () => rootRoute, path: '/account/privacy-policy' });
  const router = createRouter({ routeTree: rootRoute.addChildren([policyRoute]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  return renderApp(<RouterProvider router={router} />);
}
const loadModals = () => Promise.all([import('@web/components/Modal'), getModalRegistry().Confirm.load(), getModalRegistry().DeleteAccount.load()]);

describe('the privacy policy page', () => {
  it('shows the agency’s text, its version and its headings under the page title', async () => {
    signIn();
    server.use(
      http.get('/api/v1/user/privacy-policy', () =>
        HttpResponse.json({
          result: {
            title: 'Politique de confidentialité de Escale Voyages',
            version: 'février 2022',
            agency: 'Escale Voyages',
            html: '<h2>Vos droits</h2><p>Accès et effacement.</p>',
          },
        }),
      ),
    );
    renderApp(<PrivacyPolicyPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité de Escale Voyages' })).toBeTruthy();
    expect(screen.getByText('Escale Voyages — version de février 2022')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Vos droits' })).toBeTruthy();
    expect(screen.getByText('Accès et effacement.')).toBeTruthy();
  });

  it('is the account menu’s last item', async () => {
    signIn();
    server.use(
      http.get('/api/v1/user/privacy-policy', () => HttpResponse.json({ result: { title: 'Politique', version: 'v', agency: 'A', html: '<p>x</p>' } })),
    );
    await renderRoute('/account/privacy-policy');
    const menu = await screen.findByRole('navigation', { name: 'Mon espace' });
    const items = within(menu).getAllByRole('link');
    expect(items.at(-1)!.textContent).toBe('Politique de confidentialité');
    expect(items.at(-1)!.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Politique' })).toBeTruthy();
  });
});

describe('"Mes données"', () => {
  it('deletes the optional data after its confirmation, then shows the user as the server has it', async () => {
    signIn();
    await loadModals();
    let deleted: { key: string | null } | undefined;
    server.use(
      http.delete('/api/v1/user/optional_data', ({ request }) => {
        deleted = { key: request.headers.get('idempotency-key') };
        return HttpResponse.json({ result: { message: 'DATA_DELETED', cleared: ['phone', 'birthdate'] } });
      }),
      http.get('/api/v1/user/', () => HttpResponse.json({ result: userFixture({ links, phone: null, birthdate: null }) })),
    );
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Supprimer mes données facultatives' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer vos données facultatives ?' });
    expect(deleted).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mes données facultatives' }));
    expect(await (await findToasts()).findByText('Données supprimées')).toBeTruthy();
    expect(deleted!.key).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData<User>(meKey)?.phone).toBeNull());
  });

  it('says an account its company’s sign-in manages is deleted by the company', async () => {
    signIn({ links: { ...links, deleteAccount: undefined } });
    renderSection();
    await screen.findByRole('heading', { name: 'Mes données' });
    expect(screen.queryByRole('button', { name: 'Supprimer mon compte' })).toBeNull();
    expect(screen.getByText(/géré par la connexion de votre entreprise/)).toBeTruthy();
  });

  it('deletes the account with its password: a wrong one is said at the field, a refusal in the dialog, success signs out', async () => {
    signIn();
    await loadModals();
    const bodies: unknown[] = [];
    let answer: () => Response = () => HttpResponse.json(apiError(191, 'Mauvais mot de passe.'), { status: 403 });
    server.use(
      http.delete('/api/v1/user/data', async ({ request }) => {
        bodies.push(await request.json());
        return answer();
      }),
    );
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement mon compte' }));
    expect(await within(dialog).findByText('Veuillez remplir ce champ')).toBeTruthy();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'Wrong2026');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement mon compte' }));
    expect(await within(dialog).findByText('Mauvais mot de passe.')).toBeTruthy();
    expect(bodies).toEqual([{ password: 'Wrong2026' }]);

    answer = () => HttpResponse.json(apiError(190, 'Votre compte ne peut pas être supprimé tant que des voyages sont en cours.'), { status: 409 });
    await user.clear(within(dialog).getByLabelText('Votre mot de passe'));
    await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'Voyage2026');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement mon compte' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('voyages sont en cours');
    expect(useSession.getState().token).not.toBeNull();

    answer = () => HttpResponse.json({ result: { message: 'ACCOUNT_DELETED', keptTravels: 2 } });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement mon compte' }));
    expect(await (await findToasts()).findByText('Compte supprimé')).toBeTruthy();
    expect(useSession.getState().token).toBeNull();
    expect(queryClient.getQueryData(meKey)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
