import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { OnboardingStart } from '@contract/privacy';
import { readOnboarding, storeOnboarding } from '@web/lib/onboarding';
import { useSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp, renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { OnboardingDeletePage } from './OnboardingDeletePage';
import { OnboardingPage } from './OnboardingPage';

describe('onboarding', () => {
  const start: OnboardingStart = { token: 'onb-123', username: 'lea', firstname: 'Léa', lastname: 'Rousseau', email: 'lea@acme.example', sso: false };
  const prefill = () =>
    http.get('/api/v1/user/onboarding/data', () => HttpResponse.json({ result: { birthdate: '1990-05-17', phone: '0612345678', gender: 'MS' } }));

  it('step 1 then step 2 (prefilled, with a back link), then stores the session and goes home', async () => {
    storeOnboarding(start);
    let sent: unknown;
    let authorization: string | null = null;
    server.use(
      prefill(),
      http.post('/api/v1/user/onboarding/confirm', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ result: { token: 'session-new-00000000000' } });
      }),
      http.get('/api/v1/user/', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ result: userFixture({ username: 'lea', firstname: 'Léa' }) });
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderRoute('/form');
    await screen.findByRole('heading', { level: 1, name: 'Compte activé' });
    const step1 = screen.getByRole('form', { name: 'Votre identité' });
    expect((within(step1).getByLabelText('Prénom') as HTMLInputElement).value).toBe('Léa');
    await user.click(within(step1).getByRole('button', { name: 'Continuer' }));
    expect(await within(step1).findAllByText('Veuillez remplir ce champ')).toHaveLength(2);
    expect(within(step1).getByText('Cette case doit être cochée')).toBeTruthy();

    await user.type(within(step1).getByLabelText('Mot de passe', { exact: true }), 'Nouveau2027');
    await user.type(within(step1).getByLabelText('Confirmation du mot de passe'), 'Nouveau2027');
    await user.click(within(step1).getByLabelText('Oui, conserver mes informations'));
    await user.click(within(step1).getByLabelText('Je certifie l’exactitude des informations saisies'));
    await user.click(within(step1).getByRole('button', { name: 'Continuer' }));

    const step2 = await screen.findByRole('form', { name: 'Finalisation' });
    await waitFor(() => expect((within(step2).getByLabelText('Date de naissance') as HTMLInputElement).value).toBe('17/05/1990'));
    expect((within(step2).getByLabelText('Téléphone') as HTMLInputElement).value).toBe('0612345678');
    const submit = within(step2).getByRole('button', { name: 'Valider mon compte' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // Back to step 1 and forth: what was typed is kept.
    await user.click(within(step2).getByRole('button', { name: 'Retour à l’étape 1' }));
    expect(
      (within(await screen.findByRole('form', { name: 'Votre identité' })).getByLabelText('Mot de passe', { exact: true }) as HTMLInputElement).value,
    ).toBe('Nouveau2027');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const again = await screen.findByRole('form', { name: 'Finalisation' });
    await user.click(within(again).getByLabelText('J’accepte que mes données soient traitées selon la politique de confidentialité de l’agence'));
    await user.click(within(again).getByLabelText('Je certifie l’exactitude des informations saisies'));
    await user.click(within(again).getByRole('button', { name: 'Valider mon compte' }));

    expect(await (await findToasts()).findByText('Informations enregistrées')).toBeTruthy();
    expect(sent).toEqual({
      onboarding_token: 'onb-123',
      identity: {
        firstname: 'Léa',
        lastname: 'Rousseau',
        username: 'lea',
        email: 'lea@acme.example',
        password: 'Nouveau2027',
        password_confirm: 'Nouveau2027',
        stock: 'accept',
        data_accuracy: true,
      },
      details: { gender: 'MS', birthdate: '1990-05-17', phone: '0612345678', gdpr_consent: true, data_accuracy: true },
    });
    expect(authorization).toBe('Bearer session-new-00000000000');
    expect(useSession.getState().token).toBe('session-new-00000000000');
    expect(readOnboarding()).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('with stock refuse, sends step 1 at once, with no details', async () => {
    let sent: { details: unknown } | undefined;
    server.use(
      prefill(),
      http.post('/api/v1/user/onboarding/confirm', async ({ request }) => {
        sent = (await request.json()) as { details: unknown };
        return HttpResponse.json({ result: { token: 'session-new-00000000001' } });
      }),
      http.get('/api/v1/user/', () => HttpResponse.json({ result: userFixture() })),
    );
    const user = userEvent.setup();
    renderApp(<OnboardingPage start={{ ...start, sso: true }} />);
    const step1 = screen.getByRole('form', { name: 'Votre identité' });
    // A company that signs its people in itself: no password here.
    expect(within(step1).queryByLabelText('Mot de passe', { exact: true })).toBeNull();
    await user.click(within(step1).getByLabelText('Non, ne rien conserver'));
    await user.click(within(step1).getByLabelText('Je certifie l’exactitude des informations saisies'));
    await user.click(within(step1).getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent!.details).toBeNull();
    expect(screen.queryByRole('form', { name: 'Finalisation' })).toBeNull();
  });

  it('offers a new link when the onboarding link has expired', async () => {
    let renewed: unknown;
    server.use(
      http.get('/api/v1/user/onboarding/data', () => HttpResponse.json(apiError(102, 'Ce lien a expiré : demandez-en un nouveau.'), { status: 410 })),
      http.post('/api/v1/user/onboarding/confirm', () => HttpResponse.json(apiError(102, 'Ce lien a expiré : demandez-en un nouveau.'), { status: 410 })),
      http.post('/api/v1/user/regenerate', async ({ request }) => {
        renewed = await request.json();
        return HttpResponse.json({ result: { message: 'ONBOARDING_LINK_SENT' } });
      }),
    );
    const user = userEvent.setup();
    renderApp(<OnboardingPage start={{ ...start, sso: true }} />);
    await user.click(screen.getByLabelText('Non, ne rien conserver'));
    await user.click(screen.getByLabelText('Je certifie l’exactitude des informations saisies'));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Ce lien a expiré : demandez-en un nouveau.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Recevoir un nouveau lien' }));
    expect(await screen.findByText('Un nouveau lien vous a été envoyé par e-mail.')).toBeTruthy();
    expect(renewed).toEqual({ token: 'onb-123' });
  });

  it('the deletion page deletes the data on a click, says so for 8 s and goes home', async () => {
    let query: string | undefined;
    server.use(
      http.delete('/api/v1/user/onboarding/data', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ result: { message: 'INFOS_DELETED' } });
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderRoute('/user/onboarding/delete?token=onb-123&username=lea');
    await user.click(await screen.findByRole('button', { name: 'Supprimer mes données' }));
    expect(await (await findToasts()).findByText('Vos informations ont été supprimées')).toBeTruthy();
    expect(query).toBe('?token=onb-123&username=lea');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    renderApp(<OnboardingDeletePage />);
    expect(screen.getByRole('alert').textContent).toContain('Ce lien est incomplet');
  });

  it('the e-mailed link opens the onboarding with its query, and clears one the activation kept', async () => {
    storeOnboarding({ ...start, token: 'old' });
    server.use(prefill());
    await renderRoute('/user/onboarding?token=onb-9&username=lea&firstname=L%C3%A9a&lastname=Rousseau&email=lea%40acme.example');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Léa' })).toBeTruthy();
    expect((screen.getByLabelText('Adresse e-mail') as HTMLInputElement).value).toBe('lea@acme.example');
    expect(readOnboarding()).toBeNull();
  });
});
