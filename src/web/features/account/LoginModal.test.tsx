import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { getModalRegistry, openModal } from '../../lib/modal';
import { TOKEN_STORAGE_KEY, currentUser, useSession } from '../../lib/session';
import { apiError, userFixture } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { shownToasts } from '../../testing/toasts';
import { server } from '../../testing/server';

function strategyFor(known: Record<string, 'password' | 'sso'>) {
  return http.get('/api/v1/user/auth-strategy/:username', ({ params }) => {
    const strategy = known[String(params.username)];
    if (!strategy) return HttpResponse.json(apiError(43, 'Nom d’utilisateur non reconnu.'), { status: 404 });
    return HttpResponse.json({ result: { strategy, redirectURL: strategy === 'sso' ? 'https://sso.globex.example/login' : null } });
  });
}

async function openLogin() {
  const user = userEvent.setup();
  await getModalRegistry().Login.load(); // the modal's code is lazy: load it before the clock starts
  renderApp();
  openModal('Login');
  const dialog = await screen.findByRole('dialog', { name: 'Connexion' });
  return { user, dialog };
}

describe('Login modal (two steps, spec 3 §4)', () => {
  it('says an unknown username is not recognised, on the username field', async () => {
    server.use(strategyFor({ alice: 'password' }));
    const { user, dialog } = await openLogin();
    const username = within(dialog).getByLabelText('Nom d’utilisateur');
    await user.type(username, 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Nom d’utilisateur non reconnu');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe(alert.id);
    expect(within(dialog).queryByLabelText('Mot de passe')).toBeNull();
    expect(dialog.classList.contains('shake')).toBe(true);
  });

  it('asks for the username before calling the server', async () => {
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Veuillez remplir ce champ');
  });

  it('says "Mauvais mot de passe." on a wrong password, and lets the user change the username', async () => {
    server.use(
      strategyFor({ alice: 'password' }),
      http.post('/api/v1/user/login', () => HttpResponse.json(apiError(29, 'Mauvais mot de passe.'), { status: 401 })),
    );
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'alice');
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    const password = await within(dialog).findByLabelText('Mot de passe');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'wrong{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Mauvais mot de passe.');
    expect(useSession.getState().token).toBeNull();
    // No toast on top of the form's own message.
    expect(shownToasts()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Changer d’identifiant' }));
    expect((within(dialog).getByLabelText('Nom d’utilisateur') as HTMLInputElement).value).toBe('alice');
  });

  it('shows the server’s message when the e-mail is not confirmed', async () => {
    server.use(
      strategyFor({ alice: 'password' }),
      http.post('/api/v1/user/login', () =>
        HttpResponse.json(apiError(30, 'Votre adresse e-mail n’est pas encore confirmée.'), { status: 403 }),
      ),
    );
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'alice{Enter}');
    await user.type(await within(dialog).findByLabelText('Mot de passe'), 'Escale2026!{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Votre adresse e-mail n’est pas encore confirmée.');
  });

  it('signs in: stores the token, knows the user and closes', async () => {
    let body: unknown;
    server.use(
      strategyFor({ alice: 'password' }),
      http.post('/api/v1/user/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ result: { token: 'tok-alice', user: userFixture() } });
      }),
    );
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), ' alice {Enter}');
    await user.type(await within(dialog).findByLabelText('Mot de passe'), 'Escale2026!{Enter}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(body).toEqual({ username: 'alice', password: 'Escale2026!' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-alice');
    expect(currentUser()?.firstname).toBe('Alice');
  });

  it('sends SSO users to their company’s sign-in page', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    server.use(strategyFor({ gus: 'sso' }));
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'gus{Enter}');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.globex.example/login'));
  });

  it('opens the password reset with the username typed so far', async () => {
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'alice');
    await user.click(within(dialog).getByRole('button', { name: 'Mot de passe oublié ?' }));
    const reset = await screen.findByRole('dialog', { name: 'Mot de passe oublié' });
    expect((within(reset).getByLabelText('Nom d’utilisateur') as HTMLInputElement).value).toBe('alice');
  });
});
