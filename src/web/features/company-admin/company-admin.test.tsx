import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { CompanyAdmin, CompanyPerson } from '@contract/company-admin';
import { getModalRegistry } from '@web/lib/modal';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp, renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { AnalyticsSection } from './AnalyticsSection';
import { ApproversSection } from './ApproversSection';
import { EntitiesSection } from './EntitiesSection';
import { InvitationPage } from './InvitationPage';
import { PeopleSection } from './PeopleSection';
import { PolicySection } from './PolicySection';

const base = '/api/v1/companies/c-acme';
const link = (href: string, method: 'GET' | 'POST' | 'PUT' = 'POST') => ({ href: `${base}${href}`, method });

function companyFixture(overrides: Partial<CompanyAdmin> = {}): CompanyAdmin {
  return {
    company: { uid: 'c-acme', name: 'Acme Industries' },
    entities: [
      { uid: 'e-lyon', name: 'Lyon Plant', travels: 0 },
      { uid: 'e-paris', name: 'Paris HQ', travels: 3 },
    ],
    analytics: [],
    approvals: {
      mode: 'always',
      chooseApprover: true,
      approvers: [{ uid: 'u-bob', firstname: 'Bob', lastname: 'Durand', email: 'bob@acme.example', backup: null }],
      candidates: [
        { uid: 'u-bob', firstname: 'Bob', lastname: 'Durand', email: 'bob@acme.example' },
        { uid: 'u-carol', firstname: 'Carol', lastname: 'Petit', email: 'carol@acme.example' },
      ],
    },
    travelPolicy: {
      policy: {
        rail: { firstClassFromMinutes: 240, maxPriceByDistance: [{ upToKm: 300, maxPrice: 9_000 }] },
        flight: { onlyAboveRailMinutes: 240, cabins: ['economy'] },
        hotel: { maxNightly: 10_000, classes: [{ maxNightly: 18_000, cities: [{ id: 'city:paris', name: 'Paris' }] }] },
        car: null,
      },
      text: 'Train en 2de classe.',
    },
    links: {
      companyPeople: link('/people', 'GET'),
      inviteEmployee: link('/employees'),
      createCompanyGuest: link('/guests'),
      updateEntities: link('/entities', 'PUT'),
      updateAnalytics: link('/analytics', 'PUT'),
      updateApprovers: link('/approvers', 'PUT'),
      updateTravelPolicy: link('/travel-policy', 'PUT'),
    },
    ...overrides,
  };
}

const bob: CompanyPerson = {
  uid: 'u-bob',
  kind: 'employee',
  gender: 'MR',
  firstname: 'Bob',
  lastname: 'Durand',
  email: 'bob@acme.example',
  username: 'bob',
  status: 'active',
  approver: true,
  travelManager: false,
  links: { deactivateUser: link('/employees/u-bob/deactivate') },
};

/** The people list (every search answers `people`) and the bodies each write received, by path. */
function serve(people: CompanyPerson[], writes: Record<string, (body: unknown) => Response> = {}) {
  const sent: Record<string, unknown[]> = {};
  server.use(
    http.get(`${base}/people`, () => HttpResponse.json({ result: { people, more: false } })),
    ...Object.entries(writes).map(([path, answer]) =>
      http.all(`${base}${path}`, async ({ request }) => {
        const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
        (sent[path] ??= []).push(body);
        return answer(body);
      }),
    ),
  );
  return sent;
}

/** A travel manager as GET /user/ answers one: the permission, and the company's links that come with it. */
const signIn = () =>
  startSession(
    'token',
    userFixture({
      username: 'maya',
      firstname: 'Maya',
      perms: ['account_creation'],
      links: { ...userFixture().links, companyTravelStats: { href: '/api/v1/companies/c-acme/stats/travels', method: 'GET' } },
    }),
  );

describe('people', () => {
  it('invites an employee: field errors tied to their fields, then the body the link takes and a toast', async () => {
    signIn();
    const sent = serve([bob], {
      '/employees': (body) =>
        HttpResponse.json({ result: { ...bob, uid: 'u-nora', firstname: 'Nora', email: (body as { email: string }).email, status: 'invited', links: {} } }),
    });
    const user = userEvent.setup();
    renderApp(<PeopleSection company={companyFixture()} />);
    expect(await screen.findByText('Bob Durand')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Inviter un collaborateur' }));
    const form = screen.getByRole('form', { name: 'Inviter un collaborateur' });
    expect(within(form).getByRole('heading', { name: 'Inviter un collaborateur' })).toBe(document.activeElement);

    await user.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    const firstname = within(form).getByLabelText('Prénom');
    await waitFor(() => expect(firstname.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(firstname.getAttribute('aria-describedby')!)!.textContent).toBe('Veuillez remplir ce champ');
    expect(sent['/employees']).toBeUndefined();

    await user.click(within(form).getByLabelText('Madame'));
    await user.type(firstname, 'Nora');
    await user.type(within(form).getByLabelText('Nom'), 'Lefèvre');
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'nora@acme.example');
    await user.selectOptions(within(form).getByLabelText('Langue de l’invitation'), 'en');
    await user.click(within(form).getByLabelText('Valideur : approuve les voyages de ses collègues'));
    await user.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await (await findToasts()).findByText('Invitation envoyée à nora@acme.example')).toBeTruthy();
    expect(sent['/employees']).toEqual([
      { gender: 'MS', firstname: 'Nora', lastname: 'Lefèvre', email: 'nora@acme.example', lang: 'en', approver: true, travelManager: false },
    ]);
    expect(screen.queryByRole('form', { name: 'Inviter un collaborateur' })).toBeNull();
  });

  it('says next to the e-mail field that the address is in use (409, 49)', async () => {
    signIn();
    serve([bob], { '/employees': () => HttpResponse.json(apiError(49, 'Cet e-mail est déjà utilisé.'), { status: 409 }) });
    const user = userEvent.setup();
    renderApp(<PeopleSection company={companyFixture()} />);
    await user.click(await screen.findByRole('button', { name: 'Inviter un collaborateur' }));
    const form = screen.getByRole('form', { name: 'Inviter un collaborateur' });
    await user.click(within(form).getByLabelText('Monsieur'));
    await user.type(within(form).getByLabelText('Prénom'), 'Alice');
    await user.type(within(form).getByLabelText('Nom'), 'Martin');
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'alice@acme.example');
    await user.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    const email = within(form).getByLabelText('Adresse e-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('Cet e-mail est déjà utilisé.');
    expect(document.activeElement).toBe(email);
  });

  it('deactivates after a confirmation, through the person’s link', async () => {
    signIn();
    await Promise.all([import('@web/components/Modal'), getModalRegistry().Confirm.load()]);
    const sent = serve([bob], { '/employees/u-bob/deactivate': () => HttpResponse.json({ result: { ...bob, status: 'inactive', links: {} } }) });
    const user = userEvent.setup();
    renderApp(<PeopleSection company={companyFixture()} />);
    await user.click(await screen.findByRole('button', { name: 'Désactiver Bob Durand' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/ne pourra plus se connecter/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await (await findToasts()).findByText('Bob Durand est désactivé')).toBeTruthy();
    expect(sent['/employees/u-bob/deactivate']).toHaveLength(1);
  });
});

describe('entities', () => {
  it('offers no removal of an entity travels use, refuses repeats before sending, then sends the list', async () => {
    const sent = serve([], { '/entities': () => HttpResponse.json({ result: companyFixture() }) });
    const user = userEvent.setup();
    renderApp(<EntitiesSection company={companyFixture()} />);
    expect(screen.queryByRole('button', { name: 'Supprimer l’entité Paris HQ' })).toBeNull();
    expect(screen.getByText('Utilisée par 3 voyages : elle peut être renommée, pas supprimée.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Supprimer l’entité Lyon Plant' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter une entité' }));
    const added = screen.getByLabelText('Entité 2');
    expect(document.activeElement).toBe(added);
    await user.type(added, 'paris hq');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les entités' }));
    await waitFor(() => expect(added.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Cette valeur est déjà dans la liste')).toBeTruthy();
    expect(sent['/entities']).toBeUndefined();

    await user.clear(added);
    await user.type(added, 'Marseille');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les entités' }));
    expect(await (await findToasts()).findByText('Entités enregistrées')).toBeTruthy();
    expect(sent['/entities']).toEqual([
      {
        entities: [
          { uid: 'e-paris', name: 'Paris HQ' },
          { uid: null, name: 'Marseille' },
        ],
      },
    ]);
  });

  it('shows the server’s refusal of a removal (409, 160) above the form', async () => {
    serve([], {
      '/entities': () =>
        HttpResponse.json(apiError(160, '« Lyon Plant » est utilisée par 1 voyage(s) : renommez-la plutôt que de la supprimer.'), { status: 409 }),
    });
    const user = userEvent.setup();
    renderApp(<EntitiesSection company={companyFixture()} />);
    await user.click(screen.getByRole('button', { name: 'Supprimer l’entité Lyon Plant' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les entités' }));
    expect((await screen.findByRole('alert')).textContent).toContain('« Lyon Plant » est utilisée');
  });
});

describe('analytics fields', () => {
  it('edits a field from a list (one value per line), refuses a pattern that does not compile, then sends the fields', async () => {
    const sent = serve([], { '/analytics': () => HttpResponse.json({ result: companyFixture() }) });
    const user = userEvent.setup();
    renderApp(<AnalyticsSection company={companyFixture()} />);
    expect(screen.getByText('Aucun champ : les réservations ne demandent aucune information analytique.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ajouter un champ' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Identifiant'));
    await user.type(screen.getByLabelText('Identifiant'), 'mission');
    await user.type(screen.getByLabelText('Libellé en français'), 'Mission');
    await user.type(screen.getByLabelText('Libellé en anglais'), 'Mission');
    await user.click(screen.getByLabelText('Obligatoire'));
    await user.selectOptions(screen.getByLabelText('Réponse'), 'pattern');
    await user.type(screen.getByLabelText('Format (expression régulière)'), '([[a-z');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les champs' }));
    expect(await screen.findByText('Cette expression régulière n’est pas valide')).toBeTruthy();
    expect(screen.getByLabelText('Explication en français').getAttribute('aria-invalid')).toBe('true');
    expect(sent['/analytics']).toBeUndefined();

    await user.selectOptions(screen.getByLabelText('Réponse'), 'list');
    await user.type(screen.getByLabelText('Valeurs proposées'), 'Audit{enter}Salon{enter}');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les champs' }));
    expect(await (await findToasts()).findByText('Champs analytiques enregistrés')).toBeTruthy();
    expect(sent['/analytics']).toEqual([
      {
        fields: [
          {
            name: 'mission',
            label: { fr: 'Mission', en: 'Mission' },
            level: 'travel',
            required: true,
            values: ['Audit', 'Salon'],
            valueCodes: [],
            regex: null,
            regexDesc: null,
          },
        ],
      },
    ]);
  });
});

describe('approvers', () => {
  it('offers as backup only the other approvers, and sends each approver with their backup', async () => {
    const sent = serve([], { '/approvers': () => HttpResponse.json({ result: companyFixture() }) });
    const user = userEvent.setup();
    renderApp(<ApproversSection company={companyFixture()} />);
    await user.click(screen.getByRole('button', { name: 'Ajouter un valideur' }));
    await user.selectOptions(screen.getByLabelText('Valideur 2'), 'u-carol');
    const backup = screen.getByLabelText('Suppléant de Bob Durand') as HTMLSelectElement;
    expect([...backup.options].map((o) => o.text)).toEqual(['Aucun suppléant', 'Carol Petit']);
    await user.selectOptions(backup, 'u-carol');
    await user.click(screen.getByLabelText('Seulement hors politique de voyage'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les valideurs' }));
    expect(await (await findToasts()).findByText('Valideurs enregistrés')).toBeTruthy();
    expect(sent['/approvers']).toEqual([
      {
        mode: 'non_compliant',
        chooseApprover: true,
        approvers: [
          { uid: 'u-bob', backup: 'u-carol' },
          { uid: 'u-carol', backup: null },
        ],
      },
    ]);
  });

  it('removing the first approver moves the next one up, with what was chosen for it', async () => {
    const sent = serve([], { '/approvers': () => HttpResponse.json({ result: companyFixture() }) });
    const user = userEvent.setup();
    renderApp(<ApproversSection company={companyFixture()} />);
    await user.click(screen.getByRole('button', { name: 'Ajouter un valideur' }));
    await user.selectOptions(screen.getByLabelText('Valideur 2'), 'u-carol');
    await user.click(screen.getByRole('button', { name: 'Retirer Bob Durand des valideurs' }));
    expect(screen.queryByLabelText('Valideur 2')).toBeNull();
    expect((screen.getByLabelText('Valideur 1') as HTMLSelectElement).value).toBe('u-carol');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les valideurs' }));
    expect(await (await findToasts()).findByText('Valideurs enregistrés')).toBeTruthy();
    expect(sent['/approvers']?.[0]).toMatchObject({ approvers: [{ uid: 'u-carol', backup: null }] });
  });

  it('asks for an approver while travels need approval', async () => {
    const user = userEvent.setup();
    const company = companyFixture();
    renderApp(<ApproversSection company={{ ...company, approvals: { ...company.approvals, approvers: [] } }} />);
    await user.click(screen.getByRole('button', { name: 'Enregistrer les valideurs' }));
    expect(await screen.findByText('Veuillez choisir un valideur')).toBeTruthy();
  });
});

describe('travel policy', () => {
  it('sends amounts in cents and the cities by id; a city is added from the city search', async () => {
    const sent = serve([], { '/travel-policy': () => HttpResponse.json({ result: companyFixture() }) });
    server.use(
      http.get('/api/v1/places', ({ request }) => {
        expect(new URL(request.url).searchParams.get('types')).toBe('city');
        return HttpResponse.json({
          result: [
            {
              ID: 'city:lyon',
              name: 'Lyon',
              description: '',
              type: 'city',
              lat: 45.76,
              lon: 4.83,
              city: 'Lyon',
              country: 'FR',
              zip_code: null,
              formatted_address: '',
              provider_codes: [],
            },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    renderApp(<PolicySection company={companyFixture()} />);
    const cap = screen.getByLabelText('Prix maximal par nuit, partout ailleurs (€)');
    expect((cap as HTMLInputElement).value).toBe('100');
    await user.clear(cap);
    await user.type(cap, '95,50');
    await user.type(screen.getByLabelText('Ajouter une ville au groupe 1'), 'Lyo');
    await user.click(await screen.findByRole('button', { name: 'Ajouter Lyon (FR)' }));
    expect(within(screen.getByRole('list', { name: 'Villes du groupe 1' })).getByText('Lyon')).toBeTruthy();
    await user.click(screen.getByLabelText('Affaires'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la politique' }));
    expect(await (await findToasts()).findByText(/Politique de voyage enregistrée/)).toBeTruthy();
    expect(sent['/travel-policy']).toEqual([
      {
        policy: {
          rail: { firstClassFromMinutes: 240, maxPriceByDistance: [{ upToKm: 300, maxPrice: 9_000 }] },
          flight: { onlyAboveRailMinutes: 240, cabins: ['economy', 'business'] },
          hotel: { maxNightly: 9_550, classes: [{ maxNightly: 18_000, cities: ['city:paris', 'city:lyon'] }] },
          car: null,
        },
        text: 'Train en 2de classe.',
      },
    ]);
  });

  it('refuses an amount that is not one, next to its field, and no cabin', async () => {
    const sent = serve([], {});
    const user = userEvent.setup();
    renderApp(<PolicySection company={companyFixture()} />);
    const price = screen.getByLabelText('Prix maximal (€), tranche 1');
    await user.clear(price);
    await user.type(price, 'beaucoup');
    await user.click(screen.getByLabelText('Économie'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la politique' }));
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(price.getAttribute('aria-describedby')!)!.textContent).toBe('Saisissez un nombre positif dans les limites permises');
    expect(screen.getByText('Ce champ est requis')).toBeTruthy();
    expect(sent['/travel-policy']).toBeUndefined();
  });
});

describe('the invitation page', () => {
  const invitation = {
    firstname: 'Nora',
    lastname: 'Lefèvre',
    email: 'nora@acme.example',
    username: 'nora',
    company: 'Acme Industries',
    links: { acceptInvitation: { href: '/api/v1/user/invitation/tok', method: 'POST' } },
  };

  it('checks the password before sending, then activates and offers to sign in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/v1/user/invitation/tok', () => HttpResponse.json({ result: invitation })),
      http.post('/api/v1/user/invitation/tok', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ result: { username: 'nora' } });
      }),
    );
    const user = userEvent.setup();
    renderApp(<InvitationPage token="tok" />);
    expect(await screen.findByRole('heading', { name: 'Bienvenue chez Acme Industries' })).toBeTruthy();
    const password = screen.getByLabelText('Mot de passe');
    await user.type(password, 'short');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'short');
    await user.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Cette case doit être cochée')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(password);
    await user.type(password, 'Voyage2026');
    await user.clear(screen.getByLabelText('Confirmation du mot de passe'));
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Voyage2026');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    const done = await screen.findByRole('heading', { name: 'Compte activé' });
    expect(document.activeElement).toBe(done);
    expect(sent).toEqual([{ password: 'Voyage2026', password_confirm: 'Voyage2026', gdpr_consent: true }]);
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });

  it('says a used link does not work, and what to do', async () => {
    server.use(http.get('/api/v1/user/invitation/tok', () => HttpResponse.json(apiError(103, 'Ce lien a déjà été utilisé.'), { status: 410 })));
    await renderRoute('/user/invitation/tok');
    expect(await screen.findByRole('heading', { name: 'Cette invitation ne fonctionne pas' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Ce lien a déjà été utilisé.');
    expect(screen.getByRole('link', { name: 'Aller à l’accueil' })).toBeTruthy();
  });
});

describe('the account menu and page', () => {
  it('shows “Mon entreprise” to a travel manager only, and opens the page on its people', async () => {
    server.use(http.get(`${base}/admin`, () => HttpResponse.json({ result: companyFixture() })));
    serve([bob]);
    signIn();
    await renderRoute('/account/company');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon entreprise' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Mon espace' });
    expect(within(menu).getByRole('link', { name: 'Mon entreprise' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Bob Durand')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Sections de mon entreprise' }))
        .getByRole('link', { name: 'Collaborateurs et invités' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('hides it from an employee, who lands on their data', async () => {
    startSession('token', userFixture());
    const { router } = await renderRoute('/account/company');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/informations'));
    expect(within(screen.getByRole('navigation', { name: 'Mon espace' })).queryByRole('link', { name: 'Mon entreprise' })).toBeNull();
  });
});
