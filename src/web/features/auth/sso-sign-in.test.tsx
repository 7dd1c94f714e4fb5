import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { getModalRegistry, openModal } from '@web/lib/modal';
import { useSession } from '@web/lib/session';
import { apiError } from '@web/testing/fixtures';
import { renderApp, renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { rememberSsoUsername } from './sso-entry';

/**
 * The company's single sign-on button (spec 3 §2 "a single SSO login button"): in the header for this
 * device's last single sign-on user, and with the server's words when a company that enforces its
 * single sign-on refuses a password, a reset or a sign-up.
 */
const UMBRELLA_ENTRY = 'http://localhost:3000/auth/sso/umbrella?login_hint=ursula';
const REFUSAL = 'Umbrella Corporation vous connecte par sa propre page de connexion : passez par la connexion avec votre entreprise.';

/** As the server answers: single sign-on for ursula, the password for every other name. */
const asked: string[] = [];
const strategies = () =>
  http.get('/api/v1/user/auth-strategy/:username', ({ params }) => {
    asked.push(String(params.username));
    return HttpResponse.json({
      result: params.username === 'ursula' ? { strategy: 'sso', redirectURL: UMBRELLA_ENTRY } : { strategy: 'password', redirectURL: null },
    });
  });

const refused = () => HttpResponse.json({ ...apiError(32, REFUSAL), redirectURL: UMBRELLA_ENTRY }, { status: 403 });

const header = () => within(screen.getByRole('banner'));

describe('the header', () => {
  it('shows the company’s single button in place of Log in / Sign up for this device’s single sign-on user; “Another account” brings them back', async () => {
    server.use(strategies());
    rememberSsoUsername('ursula');
    await renderRoute('/');
    const button = await header().findByRole('link', { name: 'Connexion avec votre entreprise' });
    expect(button.getAttribute('href')).toBe(UMBRELLA_ENTRY);
    expect(header().queryByRole('button', { name: 'Se connecter' })).toBeNull();
    expect(header().queryByRole('button', { name: 'Créer un compte' })).toBeNull();

    await userEvent.setup().click(header().getByRole('button', { name: 'Autre compte' }));
    expect(await header().findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(header().getByRole('button', { name: 'Créer un compte' })).toBeTruthy();
    expect(header().queryByRole('link', { name: 'Connexion avec votre entreprise' })).toBeNull();
  });

  it('shows no Log in button while the remembered name’s sign-in is being confirmed, so none vanishes under the pointer', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.get('/api/v1/user/auth-strategy/:username', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ result: { strategy: 'sso', redirectURL: UMBRELLA_ENTRY } });
      }),
    );
    rememberSsoUsername('ursula');
    await renderRoute('/');
    await waitFor(() => expect(screen.getByRole('banner')).toBeTruthy());
    expect(header().queryByRole('button', { name: 'Se connecter' })).toBeNull();
    answer();
    expect(await header().findByRole('link', { name: 'Connexion avec votre entreprise' })).toBeTruthy();
    expect(header().queryByRole('button', { name: 'Se connecter' })).toBeNull();
  });

  it('keeps Log in / Sign up when the remembered name signs in with a password (the company no longer has single sign-on)', async () => {
    server.use(strategies());
    rememberSsoUsername('gus');
    await renderRoute('/');
    // The strategy was asked and answered the password: still no company button.
    await waitFor(() => expect(asked).toContain('gus'));
    await waitFor(() => expect(header().getByRole('button', { name: 'Se connecter' })).toBeTruthy());
    expect(header().queryByRole('link', { name: 'Connexion avec votre entreprise' })).toBeNull();
  });
});

describe('the login modal', () => {
  async function openLogin() {
    const user = userEvent.setup();
    await getModalRegistry().Login.load();
    renderApp();
    openModal('Login');
    return { user, dialog: await screen.findByRole('dialog', { name: 'Connexion' }) };
  }

  it('offers the remembered company’s button first, and still lets another account sign in', async () => {
    server.use(strategies());
    rememberSsoUsername('ursula');
    const { dialog } = await openLogin();
    expect((await within(dialog).findByRole('link', { name: 'Connexion avec votre entreprise' })).getAttribute('href')).toBe(UMBRELLA_ENTRY);
    expect(within(dialog).getByLabelText('Nom d’utilisateur')).toBeTruthy();
  });

  it('remembers a single sign-on name on its way to the provider: the header shows its button next time', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    server.use(strategies());
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'ursula{Enter}');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(UMBRELLA_ENTRY));
    expect(localStorage.getItem('escale.sso-username')).toBe('ursula');
  });

  it('shows the refusal of a password in the server’s words, with the company’s button instead of the submit', async () => {
    server.use(
      strategies(),
      http.post('/api/v1/user/login', () => refused()),
    );
    const { user, dialog } = await openLogin();
    // A name the strategy does not know as single sign-on (e.g. deactivated there), refused at the password.
    await user.type(within(dialog).getByLabelText('Nom d’utilisateur'), 'umbrella-user{Enter}');
    await user.type(await within(dialog).findByLabelText('Mot de passe'), 'Escale2026!{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUSAL);
    expect(within(dialog).getByRole('link', { name: 'Connexion avec votre entreprise' }).getAttribute('href')).toBe(UMBRELLA_ENTRY);
    expect(within(dialog).queryByRole('button', { name: 'Se connecter' })).toBeNull();
    expect(useSession.getState().token).toBeNull();
    // The entry's login hint is the name remembered for the header.
    expect(localStorage.getItem('escale.sso-username')).toBe('ursula');
  });
});

describe('the password reset', () => {
  it('shows the refusal with the company’s button, and no “e-mail sent”', async () => {
    server.use(http.post('/api/v1/user/forgot', () => refused()));
    const user = userEvent.setup();
    await getModalRegistry().ResetPassword.load();
    renderApp();
    openModal('ResetPassword', { username: 'ursula' });
    const dialog = await screen.findByRole('dialog', { name: 'Mot de passe oublié' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUSAL);
    expect(within(dialog).getByRole('link', { name: 'Connexion avec votre entreprise' }).getAttribute('href')).toBe(UMBRELLA_ENTRY);
    expect(within(dialog).queryByText(/un e-mail est en route/)).toBeNull();
  });
});
