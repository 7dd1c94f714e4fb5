import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { User } from '@contract/account';
import { currentUser, startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp, renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { ProfilePage } from './ProfilePage';
import { showUser } from './api';

const links = {
  self: { href: '/api/v1/user/', method: 'GET' as const },
  updateProfile: { href: '/api/v1/user/', method: 'PUT' as const },
  handicapTypes: { href: '/api/v1/handicap/types', method: 'GET' as const },
  wheelchairs: { href: '/api/v1/handicap/wheelchairs', method: 'GET' as const },
};
const alice = (overrides: Partial<User> = {}) => userFixture({ version: 3, links, ...overrides });

/** The reference data, and PUT /user/ answered by `answer` (each body and If-Match kept). */
function serve(answer: (body: Record<string, unknown>) => Response) {
  const sent: { body: Record<string, unknown>; ifMatch: string | null }[] = [];
  server.use(
    http.get('/api/v1/handicap/types', () =>
      HttpResponse.json({
        result: [
          { name: 'WHEELCHAIR_USER', label: 'Personne en fauteuil roulant' },
          { name: 'VISUAL', label: 'Déficience visuelle' },
        ],
      }),
    ),
    http.get('/api/v1/handicap/wheelchairs', () =>
      HttpResponse.json({ result: [{ name: 'ELECTRIC', label: 'Fauteuil électrique', dimensions: '68x115x105', weight: 120, wheel_thickness: 8 }] }),
    ),
    http.put('/api/v1/user/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ body, ifMatch: request.headers.get('if-match') });
      return answer(body);
    }),
  );
  return sent;
}

const errorOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent;
const tickConsents = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByLabelText(/J’accepte que mes données/));
  await user.click(screen.getByLabelText('Je certifie l’exactitude de ces informations'));
};

describe('the profile form', () => {
  it('shows each validation message of spec 3 next to its field, and sends nothing', async () => {
    startSession('token', alice());
    const sent = serve(() => HttpResponse.json({}));
    const user = userEvent.setup();
    renderApp(<ProfilePage />);
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    // Submit stays disabled until both boxes are ticked.
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText('Prénom'));
    await user.clear(screen.getByLabelText('Adresse e-mail'));
    await user.type(screen.getByLabelText('Adresse e-mail'), 'alice@');
    await user.clear(screen.getByLabelText('Téléphone (facultatif)'));
    await user.type(screen.getByLabelText('Téléphone (facultatif)'), '06-11');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'short');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'other');
    await tickConsents(user);
    await user.click(save);
    await waitFor(() => expect(screen.getByLabelText('Prénom').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(screen.getByLabelText('Prénom'))).toBe('Veuillez remplir ce champ');
    expect(errorOf(screen.getByLabelText('Adresse e-mail'))).toMatch(/format/);
    expect(errorOf(screen.getByLabelText('Téléphone (facultatif)'))).toBe('Votre numéro doit être au format 0XXXXXXXXX');
    expect(errorOf(screen.getByLabelText('Nouveau mot de passe'))).toMatch(/8 caractères/);
    expect(sent).toEqual([]);
  });

  it('records a wheelchair: its measures fill from the reference data, the save sends them on the version seen, then a toast', async () => {
    startSession('token', alice());
    const sent = serve((body) =>
      HttpResponse.json({
        result: {
          token: 'token',
          user: alice({
            version: 4,
            hasHandicap: true,
            handicap: 'WHEELCHAIR_USER',
            wheelchair: 'ELECTRIC',
            wheelchair_dimensions: '68x115x105',
            wheelchair_weight: 120,
            wheelchair_wheel_thickness: 8,
            lang: body.lang as 'en',
          }),
        },
      }),
    );
    const user = userEvent.setup();
    renderApp(<ProfilePage />);
    expect(screen.queryByLabelText('Type de handicap')).toBeNull();
    await user.click(screen.getByLabelText('J’ai un handicap ou une mobilité réduite'));
    await user.selectOptions(await screen.findByLabelText('Type de handicap'), 'WHEELCHAIR_USER');
    // The option list arrives with the reference data.
    await screen.findByRole('option', { name: 'Fauteuil électrique' });
    expect(screen.queryByLabelText('Poids (kg)')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Fauteuil roulant'), 'ELECTRIC');
    expect((screen.getByLabelText('Poids (kg)') as HTMLInputElement).value).toBe('120');
    expect((screen.getByLabelText('Dimensions (l × L × h, cm)') as HTMLInputElement).value).toBe('68x115x105');
    await user.selectOptions(screen.getByLabelText('Langue de vos e-mails'), 'en');
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await (await findToasts()).findByText('Informations enregistrées')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.ifMatch).toBe('3');
    expect(sent[0]!.body).toMatchObject({
      hasHandicap: true,
      handicap: 'WHEELCHAIR_USER',
      wheelchair: 'ELECTRIC',
      wheelchair_dimensions: '68x115x105',
      wheelchair_weight: 120,
      wheelchair_wheel_thickness: 8,
      lang: 'en',
      rgpd: true,
      data_accuracy: true,
    });
    expect(currentUser()).toMatchObject({ version: 4, wheelchair: 'ELECTRIC' });
  });

  it('clears the handicap’s fields when it is switched off, and offers accompanying then, its card required', async () => {
    startSession('token', alice({ hasHandicap: true, handicap: 'VISUAL', need_accompanying: true }));
    const sent = serve(() => HttpResponse.json({ result: { token: 'token', user: alice({ version: 4 }) } }));
    const user = userEvent.setup();
    renderApp(<ProfilePage />);
    expect(screen.queryByLabelText(/J’accompagne/)).toBeNull();
    await user.click(screen.getByLabelText('J’ai un handicap ou une mobilité réduite'));
    await user.click(screen.getByLabelText(/J’accompagne/));
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const card = await screen.findByLabelText('Carte de la personne accompagnée');
    await waitFor(() => expect(card.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(card)).toBe('Veuillez remplir ce champ');
    await user.selectOptions(card, 'NEED_THIRD_PERSON');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      hasHandicap: false,
      handicap: null,
      need_accompanying: false,
      accompanying: true,
      disability_card: 'NEED_THIRD_PERSON',
    });
  });

  it('after a concurrent change (409, 185) shows the current values and says someone else changed them', async () => {
    startSession('token', alice());
    const current = alice({ version: 5, firstname: 'Alicia', phone: '0700000000' });
    const sent = serve(() => HttpResponse.json({ ...apiError(185, 'Votre profil a été modifié entre-temps.'), current }, { status: 409 }));
    const user = userEvent.setup();
    renderApp(<ProfilePage />);
    await user.clear(screen.getByLabelText('Nom'));
    await user.type(screen.getByLabelText('Nom'), 'Dupuis');
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Votre profil a été modifié ailleurs entre-temps/)).toBeTruthy();
    expect((screen.getByLabelText('Prénom') as HTMLInputElement).value).toBe('Alicia');
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Martin');
    // The next save names the version now shown.
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.ifMatch).toBe('5');
  });

  it('says next to the field that the e-mail belongs to another account (409, 186), and a field problem of the server next to its field', async () => {
    startSession('token', alice());
    let calls = 0;
    serve(() =>
      ++calls === 1
        ? HttpResponse.json(apiError(186, 'Cette adresse e-mail est déjà celle d’un autre compte.'), { status: 409 })
        : HttpResponse.json(apiError(17, 'Le format de la requête est invalide.', { handicap: 'SELECT_VALID_VALUE', lastname: 'FORMAT_INVALID' }), {
            status: 400,
          }),
    );
    const user = userEvent.setup();
    renderApp(<ProfilePage />);
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const email = screen.getByLabelText('Adresse e-mail');
    await waitFor(() => expect(errorOf(email)).toBe('Cette adresse e-mail est déjà celle d’un autre compte.'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const lastname = screen.getByLabelText('Nom');
    await waitFor(() => expect(errorOf(lastname)).toBe('Le format est invalide'));
  });

  it('follows the user changed elsewhere on the page (optional data deleted), not while the form is being edited', async () => {
    startSession('token', alice({ phone: '0611223344' }));
    serve(() => HttpResponse.json({}));
    const user = userEvent.setup();
    renderApp(<ProfilePage />);
    const phone = screen.getByLabelText('Téléphone (facultatif)') as HTMLInputElement;
    expect(phone.value).toBe('0611223344');
    act(() => void showUser(alice({ phone: null, version: 4 })));
    await waitFor(() => expect(phone.value).toBe(''));
    await user.type(screen.getByLabelText('Prénom'), 'e');
    act(() => void showUser(alice({ firstname: 'Alicia', version: 5 })));
    expect((screen.getByLabelText('Prénom') as HTMLInputElement).value).toBe('Alicee');
  });

  it('hides username and password for a sign-in managed elsewhere', () => {
    startSession('token', alice({ isUsernameChangeDisabled: true, isPwdChangeDisabled: true }));
    serve(() => HttpResponse.json({}));
    renderApp(<ProfilePage />);
    const form = screen.getByRole('form', { name: 'Données personnelles' });
    expect(within(form).queryByLabelText('Nom d’utilisateur')).toBeNull();
    expect(within(form).queryByLabelText('Nouveau mot de passe')).toBeNull();
  });

  it('asks the current password once the password changes: without it nothing is sent; a wrong one (403, 191) is said next to it', async () => {
    startSession('token', alice());
    const sent = serve(() => HttpResponse.json(apiError(191, 'Mauvais mot de passe.'), { status: 403 }));
    const user = userEvent.setup();
    renderApp(<ProfilePage />);
    expect(screen.queryByLabelText('Mot de passe actuel')).toBeNull();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau2027');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Nouveau2027');
    const current = await screen.findByLabelText('Mot de passe actuel');
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(current)).toBe('Veuillez remplir ce champ');
    expect(sent).toEqual([]);
    await user.type(current, 'Mauvais1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Mot de passe actuel'))).toBe('Mauvais mot de passe.'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ password: 'Nouveau2027', current_password: 'Mauvais1' });
  });

  it('a new e-mail address: sent with the current password, then shown as pending confirmation while the account keeps its address', async () => {
    startSession('token', alice());
    const sent = serve(() => HttpResponse.json({ result: { token: 'token', user: alice({ version: 4, pendingEmail: 'alice.neuve@acme.example' }) } }));
    const user = userEvent.setup();
    renderApp(<ProfilePage />);
    const email = screen.getByLabelText('Adresse e-mail') as HTMLInputElement;
    const saved = email.value;
    await user.clear(email);
    await user.type(email, 'alice.neuve@acme.example');
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'Escale2026!');
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await (await findToasts()).findByText(/Confirmez votre nouvelle adresse avec le lien envoyé à alice.neuve@acme.example/)).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({ email: 'alice.neuve@acme.example', current_password: 'Escale2026!' });
    expect(await screen.findByText(/En attente de confirmation pour alice.neuve@acme.example/)).toBeTruthy();
    expect((screen.getByLabelText('Adresse e-mail') as HTMLInputElement).value).toBe(saved);
    // Back to the saved values: no current password asked any more.
    expect(screen.queryByLabelText('Mot de passe actuel')).toBeNull();
  });

  it('keeps the e-mail address of a sign-in its company manages read-only', () => {
    startSession('token', alice({ isUsernameChangeDisabled: true, isPwdChangeDisabled: true }));
    serve(() => HttpResponse.json({}));
    renderApp(<ProfilePage />);
    expect((screen.getByLabelText('Adresse e-mail') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText('Gérée par la connexion de votre entreprise.')).toBeTruthy();
  });
});

describe('the e-mail change link', () => {
  it('confirms the new address once and says so', async () => {
    const tokens: string[] = [];
    server.use(
      http.post('/api/v1/user/email/confirm', async ({ request }) => {
        tokens.push(((await request.json()) as { token: string }).token);
        return HttpResponse.json({ result: { email: 'alice.neuve@acme.example' } });
      }),
    );
    await renderRoute('/user/email/tok-123');
    expect(await screen.findByText('C’est fait : l’adresse e-mail de votre compte est maintenant alice.neuve@acme.example.')).toBeTruthy();
    expect(tokens).toEqual(['tok-123']);
  });

  it('opened where the user is signed in: the user is read again, with the new address', async () => {
    startSession('token', alice());
    server.use(
      http.post('/api/v1/user/email/confirm', () => HttpResponse.json({ result: { email: 'alice.neuve@acme.example' } })),
      http.get('/api/v1/user/', () => HttpResponse.json({ result: alice({ version: 4, email: 'alice.neuve@acme.example' }) })),
    );
    await renderRoute('/user/email/tok-789');
    expect(await screen.findByRole('link', { name: 'Voir mes informations' })).toBeTruthy();
    await waitFor(() => expect(currentUser()?.email).toBe('alice.neuve@acme.example'));
  });

  it('says a used link is used', async () => {
    server.use(http.post('/api/v1/user/email/confirm', () => HttpResponse.json(apiError(103, 'Ce lien a déjà été utilisé.'), { status: 410 })));
    await renderRoute('/user/email/tok-456');
    expect(await screen.findByText('Ce lien a déjà été utilisé.')).toBeTruthy();
  });
});
