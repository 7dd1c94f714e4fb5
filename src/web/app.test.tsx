import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { DEFAULT_FEATURES } from '../contract/account';
import { TOKEN_STORAGE_KEY, clearSession, startSession, useSession } from './lib/session';
import { apiError, userFixture } from './testing/fixtures';
import { renderRoute } from './testing/render';
import { server } from './testing/server';
import { findToasts } from './testing/toasts';

describe('the app shell (spec 3 §2)', () => {
  it('shows home with the agency’s info block and the product version', async () => {
    await renderRoute('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Que souhaitez-vous réserver ?');
    for (const step of ['Comparez et réservez', 'Payé et approuvé', "Préservez l'environnement"]) screen.getByRole('heading', { name: step });
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('heading', { name: 'Votre agence' });
    expect(footer.textContent).toContain('Du lundi au vendredi, 9 h – 18 h.');
    expect(footer.textContent).toContain('Version 4.47.1');
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#1d4ed8'));
    expect(document.title).toBe('Escale Voyages');
  });

  it('offers sign-in and sign-up when signed out, with the cart and My space disabled', async () => {
    await renderRoute('/');
    const header = screen.getByRole('banner');
    within(header).getByRole('button', { name: 'Se connecter' });
    within(header).getByRole('button', { name: 'Créer un compte' });
    const nav = within(header).getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).queryByRole('link', { name: /Panier/ })).toBeNull();
    expect(within(nav).getByText('Panier').closest('[aria-disabled="true"]')).toBeTruthy();
    expect(within(nav).getByText('Mon espace').closest('[aria-disabled="true"]')).toBeTruthy();
  });

  it('shows the signed-in user, the demo tag, and logs out', async () => {
    const user = userEvent.setup();
    startSession('tok-alice', userFixture());
    server.use(http.post('/api/v1/user/logout', () => HttpResponse.json({ result: { redirectURL: null } })));
    await renderRoute('/');
    const header = screen.getByRole('banner');
    within(header).getByText('Démo');
    within(header).getByRole('link', { name: 'Mon espace' });
    await user.click(within(header).getByRole('button', { name: /Alice\s*Acme Industries/ }));
    await user.click(within(header).getByRole('button', { name: 'Se déconnecter' }));
    await within(header).findByRole('button', { name: 'Se connecter' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('hides My space when the company turns account access off', async () => {
    startSession('tok-alice', userFixture({ features: { ...DEFAULT_FEATURES, enableAccountAccess: false } }));
    await renderRoute('/');
    expect(within(screen.getByRole('banner')).queryByText('Mon espace')).toBeNull();
  });

  it('turns ?error= into a warning and takes it out of the address', async () => {
    const { router } = await renderRoute('/?error=Le%20lien%20a%20expir%C3%A9');
    const toast = await (await findToasts()).findByRole('listitem');
    expect(toast.textContent).toContain('Avertissement :');
    expect(toast.textContent).toContain('Le lien a expiré');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('sends signed-out visitors of /account home', async () => {
    const { router } = await renderRoute('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    screen.getByRole('heading', { level: 1, name: 'Que souhaitez-vous réserver ?' });
  });

  it('opens /account on the dashboard of the signed-in user', async () => {
    startSession('tok-alice', userFixture());
    const { router } = await renderRoute('/account');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    expect(router.state.location.pathname).toBe('/account/dashboard');
    within(screen.getByRole('main')).getByRole('navigation', { name: 'Mon espace' });
  });

  it('shows the signed-in user’s personal data in /account/informations', async () => {
    const links = { ...userFixture().links, updateProfile: { href: '/api/v1/user/', method: 'PUT' as const } };
    startSession('tok-alice', userFixture({ links }));
    await renderRoute('/account/informations');
    await screen.findByRole('heading', { level: 1, name: 'Données personnelles' });
    const main = screen.getByRole('main');
    for (const value of ['Alice', 'Martin', 'alice@acme.example', '0611223344']) within(main).getByDisplayValue(value);
  });

  it('goes home once when the session ends on an account page (signed out, account deleted, expired)', async () => {
    startSession('tok-alice', userFixture());
    server.use(http.get('/api/v1/tickets/', () => HttpResponse.json({ result: [] })));
    const { router } = await renderRoute('/account/tickets');
    await within(screen.getByRole('main')).findByRole('navigation', { name: 'Mon espace' });
    act(() => clearSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('heading', { level: 1, name: 'Que souhaitez-vous réserver ?' });
  });

  it('shows a not-found page inside the account area and outside it', async () => {
    startSession('tok-alice', userFixture());
    await renderRoute('/account/nowhere');
    await screen.findByRole('heading', { level: 1, name: 'Page introuvable' });
    within(screen.getByRole('main')).getByRole('navigation', { name: 'Mon espace' });
  });

  it('shows a not-found page for unknown addresses', async () => {
    await renderRoute('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page introuvable' });
  });
});

describe('links from e-mails and partners', () => {
  it('activates an account, says so and goes to /form', async () => {
    let token: unknown;
    server.use(
      http.post('/api/v1/user/confirm', async ({ request }) => {
        token = ((await request.json()) as { token: string }).token;
        const onboarding = { token: 'onb-1', username: 'lea', firstname: 'Léa', lastname: 'Rousseau', email: 'lea@acme.example', sso: false };
        return HttpResponse.json({ result: { message: 'ok', onboarding } });
      }),
      http.get('/api/v1/user/onboarding/data', () => HttpResponse.json({ result: { birthdate: null, phone: null, gender: null } })),
    );
    const { router } = await renderRoute('/user/activate/act-123');
    await screen.findByRole('heading', { level: 1, name: 'Compte activé' });
    expect(token).toBe('act-123');
    expect(router.state.location.pathname).toBe('/form');
    expect((await (await findToasts()).findByRole('listitem')).textContent).toContain('Votre compte est activé');
    within(screen.getByRole('main')).getByRole('button', { name: 'Se connecter' });
  });

  it('offers a new activation link when the link has expired', async () => {
    const user = userEvent.setup();
    let renewed: unknown;
    server.use(
      http.post('/api/v1/user/confirm', () => HttpResponse.json(apiError(102, 'Ce lien a expiré : demandez-en un nouveau.'), { status: 410 })),
      http.post('/api/v1/user/regenerate', async ({ request }) => {
        renewed = await request.json();
        return HttpResponse.json({ result: { message: 'sent' } });
      }),
    );
    await renderRoute('/user/activate/old-456');
    const dialog = await screen.findByRole('dialog', { name: 'Activation du compte' });
    expect(dialog.textContent).toContain('Ce lien a expiré : demandez-en un nouveau.');
    await user.click(within(dialog).getByRole('button', { name: 'Recevoir un nouveau lien' }));
    const info = await screen.findByRole('dialog', { name: 'Lien envoyé' });
    expect(info.textContent).toContain('Un nouveau lien vous a été envoyé');
    expect(renewed).toEqual({ token: 'old-456' });
  });

  it('opens the new-password modal on a reset link and saves the password', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.put('/api/v1/user/password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ result: { message: 'ok' } });
      }),
    );
    await renderRoute('/password/pwd-789');
    screen.getByRole('heading', { level: 1, name: 'Que souhaitez-vous réserver ?' });
    const dialog = await screen.findByRole('dialog', { name: 'Choisir un nouveau mot de passe' });
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'weak');
    await user.type(within(dialog).getByLabelText('Confirmation du mot de passe'), 'weak');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('8 caractères minimum, dont une majuscule, une minuscule et un chiffre');
    await user.clear(within(dialog).getByLabelText('Nouveau mot de passe'));
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'Voyage2027');
    await user.clear(within(dialog).getByLabelText('Confirmation du mot de passe'));
    await user.type(within(dialog).getByLabelText('Confirmation du mot de passe'), 'Voyage2027');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le mot de passe' }));
    await screen.findByRole('dialog', { name: 'Connexion' });
    expect(body).toEqual({ token_pwd: 'pwd-789', password: 'Voyage2027' });
    expect((await (await findToasts()).findByRole('listitem')).textContent).toContain('Votre mot de passe a été mis à jour');
  });

  /** GET /sso/ (spec 3 §7) as the server answers the entry's one-time token `good-1`: the user with the session token, the session's features. */
  const ssoEntry = (seen: string[] = []) =>
    http.get('/api/v1/sso/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      seen.push(`${query.get('type')} ${query.get('token')}`);
      if (query.get('token') !== 'good-1') return HttpResponse.json(apiError(101, 'Ce lien n’est pas valide.'), { status: 404 });
      const external = query.get('type') === 'sandbox';
      const features = { ...userFixture().features, noTabMode: external, enableAccountAccess: !external, disableHomeRedirectionOnLogo: external };
      return HttpResponse.json({
        result: { user: { ...userFixture({ firstname: 'Gus' }), features, token: 'tok-sso' }, request: null, analytics: null, travel: null, features },
      });
    });

  it('signs in from the single sign-on entry with its one-time token, then goes home with every tab', async () => {
    const seen: string[] = [];
    server.use(ssoEntry(seen));
    const { router } = await renderRoute('/sso/globex?token=good-1');
    const banner = screen.getByRole('banner');
    await within(banner).findByText('Gus');
    expect(seen).toEqual(['sso good-1']);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toEqual({});
    expect(useSession.getState().token).toBe('tok-sso');
    within(banner).getByRole('link', { name: 'Rechercher' });
    within(banner).getByRole('link', { name: 'Mon espace' });
  });

  it('signs in from a partner’s sandbox link in external-source mode: no tabs, no account area, a logo that links nowhere', async () => {
    const seen: string[] = [];
    server.use(ssoEntry(seen));
    const { router } = await renderRoute('/sandbox/globex?token=good-1');
    const banner = screen.getByRole('banner');
    await within(banner).findByText('Gus');
    expect(seen).toEqual(['sandbox good-1']);
    expect(router.state.location.pathname).toBe('/');
    expect(within(banner).queryByRole('link', { name: 'Rechercher' })).toBeNull();
    expect(within(banner).queryByRole('link', { name: 'Mon espace' })).toBeNull();
    expect(within(banner).queryByRole('link', { name: /accueil/ })).toBeNull();
    // The account area stays closed.
    await router.navigate({ to: '/account/informations' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says AUTH_PROBLEM and goes home when the entry’s token is refused', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // the refusal is logged, as the spec asks
    server.use(ssoEntry());
    const { router } = await renderRoute('/sandbox/acme?token=bad');
    expect((await (await findToasts()).findByRole('listitem')).textContent).toContain('Un problème est survenu lors de votre authentification.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState().token).toBeNull();
    expect(logged.mock.calls).toEqual([[expect.objectContaining({ status: 404, api_code: 101 })]]);
  });

  it('says AUTH_PROBLEM and goes home when the entry has no token, asking the server nothing', async () => {
    const seen: string[] = [];
    server.use(ssoEntry(seen));
    const { router } = await renderRoute('/sso/globex');
    expect((await (await findToasts()).findByRole('listitem')).textContent).toContain('Un problème est survenu lors de votre authentification.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(seen).toEqual([]);
    expect(useSession.getState().token).toBeNull();
  });
});
