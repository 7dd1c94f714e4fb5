import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { getModalRegistry, openModal } from '@web/lib/modal';
import { apiError } from '@web/testing/fixtures';
import { renderApp } from '@web/testing/render';
import { server } from '@web/testing/server';

type Values = Partial<
  Record<
    | 'Prénom'
    | 'Nom'
    | 'Nom d’utilisateur'
    | 'Adresse e-mail'
    | 'Téléphone'
    | 'Date de naissance'
    | 'Adresse postale'
    | 'Mot de passe'
    | 'Confirmation du mot de passe',
    string
  >
>;

const VALID: Required<Values> = {
  Prénom: ' Zoé ',
  Nom: 'Lefèvre',
  'Nom d’utilisateur': 'zoe',
  'Adresse e-mail': 'zoe@acme.example',
  Téléphone: '06 11 22 33 44',
  'Date de naissance': '17/05/1990',
  'Adresse postale': '12 rue de la Paix, 75002 Paris',
  'Mot de passe': 'Voyage2026',
  'Confirmation du mot de passe': 'Voyage2026',
};

async function openSignup() {
  const user = userEvent.setup({ delay: null });
  await getModalRegistry().Signup.load(); // the modal's code is lazy: load it before the clock starts
  renderApp();
  openModal('Signup');
  const dialog = await screen.findByRole('dialog', { name: 'Créer un compte' });
  const fill = async (values: Values) => {
    for (const [label, value] of Object.entries(values)) {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
  };
  const consent = () => user.click(within(dialog).getByRole('checkbox', { name: /J’accepte que mes données/ }));
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Valider l’inscription' }));
  /** The error tied to a field (aria-describedby), as a screen reader would read it. */
  const errorOf = (label: string) => {
    const input = within(dialog).getByLabelText(label);
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert')?.textContent ?? null;
  };
  return { user, dialog, fill, consent, submit, errorOf };
}

describe('Sign-up modal (spec 3 §5)', () => {
  it('keeps the confirm button disabled until the GDPR box is ticked', async () => {
    const { dialog, consent } = await openSignup();
    const confirm = within(dialog).getByRole('button', { name: 'Valider l’inscription' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await consent();
    expect(confirm.disabled).toBe(false);
  });

  it('asks to fill every required field', async () => {
    const { dialog, consent, submit, errorOf } = await openSignup();
    await consent();
    await submit();
    // the resolver validates asynchronously: wait for its verdict, not for a fixed time
    await waitFor(() => {
      for (const label of ['Prénom', 'Nom', 'Nom d’utilisateur', 'Adresse e-mail', 'Téléphone', 'Date de naissance', 'Adresse postale', 'Mot de passe']) {
        expect(errorOf(label), label).toBe('Veuillez remplir ce champ');
      }
    });
    const gender = within(dialog).getByRole('group', { name: 'Civilité' });
    expect(within(gender).getByRole('alert').textContent).toBe('Veuillez remplir ce champ');
  });

  it('explains each format rule next to its field', async () => {
    const { fill, consent, submit, errorOf } = await openSignup();
    await fill({
      ...VALID,
      'Nom d’utilisateur': ' zoe',
      'Adresse e-mail': 'zoe@acme',
      Téléphone: '06-11',
      'Mot de passe': 'voyage',
      'Confirmation du mot de passe': 'voyage2',
    });
    await consent();
    await submit();
    await waitFor(() => expect(errorOf('Nom d’utilisateur')).toBe('Pas d’espace au début ni à la fin'));
    expect(errorOf('Adresse e-mail')).toBe('doit respecter le format nom@domaine.fr');
    expect(errorOf('Téléphone')).toBe('Votre numéro doit être au format 0XXXXXXXXX');
    expect(errorOf('Mot de passe')).toBe('8 caractères minimum, dont une majuscule, une minuscule et un chiffre');
    expect(errorOf('Confirmation du mot de passe')).toBe('Les mots de passe doivent correspondre');
    expect(errorOf('Prénom')).toBeNull();
  });

  it.each([
    ['31/12/1899', 'Vous n’êtes pas si vieux !'],
    ['01/01/2999', 'Vous êtes un peu trop jeune !'],
    ['31/02/1990', 'Veuillez saisir une date valide (JJ/MM/AAAA)'],
    ['1990', 'Veuillez saisir une date valide (JJ/MM/AAAA)'],
  ])('checks the birthdate %s', async (birthdate, message) => {
    const { fill, consent, submit, errorOf } = await openSignup();
    await fill({ ...VALID, 'Date de naissance': birthdate });
    await consent();
    await submit();
    await waitFor(() => expect(errorOf('Date de naissance')).toBe(message));
  });

  it('sends the sign-up and says where the e-mail went and what it holds', async () => {
    let body: unknown;
    server.use(
      http.post('/api/v1/user/signin', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ result: { email: 'zoe@acme.example' } }, { status: 201 });
      }),
    );
    const { user, dialog, fill, consent, submit } = await openSignup();
    await user.click(within(dialog).getByRole('radio', { name: 'Madame' }));
    await fill(VALID);
    await consent();
    await submit();
    const done = await screen.findByRole('dialog', { name: 'Vérifiez votre boîte e-mail' });
    expect(done.textContent).toContain('Un e-mail a été envoyé à zoe@acme.example.');
    expect(done.textContent).toContain('Suivez le lien qu’il contient pour activer votre compte. Si cette adresse ou ce nom d’utilisateur a déjà un compte');
    expect(body).toEqual({
      gender: 'MS',
      firstname: 'Zoé',
      lastname: 'Lefèvre',
      username: 'zoe',
      email: 'zoe@acme.example',
      phone: '0611223344',
      birthdate: '1990-05-17',
      address: { description: '12 rue de la Paix, 75002 Paris' },
      password: 'Voyage2026',
      password_confirm: 'Voyage2026',
      gdpr_consent: true,
    });
  });

  it('shows the server’s field problems on their fields, and its other refusals on the form', async () => {
    server.use(
      http.post('/api/v1/user/signin', () =>
        HttpResponse.json(apiError(17, 'Le format de la requête est invalide.', { phone: 'PHONE_FORMAT' }), { status: 400 }),
      ),
    );
    const { user, dialog, fill, consent, submit, errorOf } = await openSignup();
    await user.click(within(dialog).getByRole('radio', { name: 'Monsieur' }));
    await fill(VALID);
    await consent();
    await submit();
    await screen.findByText('Votre numéro doit être au format 0XXXXXXXXX');
    expect(errorOf('Téléphone')).toBe('Votre numéro doit être au format 0XXXXXXXXX');

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // a server error is logged (http.ts)
    server.use(http.post('/api/v1/user/signin', () => HttpResponse.json(apiError(108, 'Le service est momentanément indisponible.'), { status: 500 })));
    await submit();
    expect((await within(dialog).findByText('Le service est momentanément indisponible.')).closest('[role=alert]')).toBeTruthy();
    expect(logged.mock.calls).toEqual([[expect.objectContaining({ status: 500, api_code: 108 })]]);
  });
});
