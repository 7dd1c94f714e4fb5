import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { getModalRegistry, openModal } from '@web/lib/modal';
import { TOKEN_STORAGE_KEY, currentUser, useSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp } from '@web/testing/render';
import { shownToasts } from '@web/testing/toasts';
import { server } from '@web/testing/server';

/** As the server answers: password for every name, known or not, but the SSO ones listed. */
function strategyFor(sso: string[] = []) {
  return http.get('/api/v1/user/auth-strategy/:username', ({ params }) => {
    const strategy = sso.includes(String(params.username)) ? 'sso' : 'password';
    return HttpResponse.json({ result: { strategy, redirectURL: strategy === 'sso' ? 'https://sso.globex.example/login' : null } });
  });
}
const wrongCredentials = () =>
  http.post('/api/v1/user/login', () => HttpResponse.json(apiError(29, 'Nom d’utilisateur ou mot de passe incorrect.'), { status: 401 }));

async function openLogin() {
  const user = userEvent.setup();
  await getModalRegistry().Login.load(); // the modal's code is lazy: load it before the clock starts
  renderApp();
  openModal('Login');
  const dialog = await screen.findByRole('dialog', { name: 'Connexion' });
  return { user, dialog };
}

describe('Login modal (two steps, spec 3 §4)', () => {
  it('takes an unknown username to the password step, then refuses it in the words of a wrong password, on the password field', async () => {
    server.use(strategyFor(), wrongCredentials());
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'nobody{Enter}');
    const password = await within(dialog).findByLabelText('Mot de passe');
    await user.type(password, 'Whatever1{Enter}');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Nom d’utilisateur ou mot de passe incorrect.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(alert.id);
    expect(dialog.classList.contains('shake')).toBe(true);
  });

  it('asks for the username before calling the server', async () => {
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Veuillez remplir ce champ');
  });

  it('says "username or password incorrect" on a wrong password, and lets the user change the username', async () => {
    server.use(strategyFor(), wrongCredentials());
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'alice');
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    const password = await within(dialog).findByLabelText('Mot de passe');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'wrong{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Nom d’utilisateur ou mot de passe incorrect.');
    expect(useSession.getState().token).toBeNull();
    // No toast on top of the form's own message.
    expect(shownToasts()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Changer d’identifiant' }));
    expect((within(dialog).getByLabelText('Nom d’utilisateur') as HTMLInputElement).value).toBe('alice');
  });

  it('shows the server’s message when the e-mail is not confirmed', async () => {
    server.use(
      strategyFor(),
      http.post('/api/v1/user/login', () => HttpResponse.json(apiError(30, 'Votre adresse e-mail n’est pas encore confirmée.'), { status: 403 })),
    );
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'alice{Enter}');
    await user.type(await within(dialog).findByLabelText('Mot de passe'), 'Escale2026!{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Votre adresse e-mail n’est pas encore confirmée.');
  });

  it('signs in: stores the token, knows the user and closes', async () => {
    let body: unknown;
    server.use(
      strategyFor(),
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
    server.use(strategyFor(['gus']));
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

  it('answers a reset request with "if this account exists, an e-mail is on its way"', async () => {
    let asked: unknown;
    server.use(
      http.post('/api/v1/user/forgot', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ result: { message: 'RESET_EMAIL_SENT' } });
      }),
    );
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: 'Mot de passe oublié ?' }));
    const reset = await screen.findByRole('dialog', { name: 'Mot de passe oublié' });
    await user.type(within(reset).getByLabelText('Nom d’utilisateur'), ' someone {Enter}');
    expect((await within(reset).findByRole('status')).textContent).toBe(
      'Si ce compte existe, un e-mail est en route avec un lien pour choisir un nouveau mot de passe.',
    );
    expect(asked).toEqual({ username: 'someone' });
  });
});
