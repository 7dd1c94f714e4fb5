import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { AgencyAdmin, AgencyCompany, AgencyMessages, AgencyStaff } from '@contract/agency-admin';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp, renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { BrandingSection } from './BrandingSection';
import { CompaniesSection } from './CompaniesSection';
import { MessagesSection } from './MessagesSection';
import { StaffSection } from './StaffSection';

const base = '/api/v1/agency/admin';
const link = (path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET') => ({ href: `${base}${path}`, method });

const admin: AgencyAdmin = {
  agency: { uid: 'a-escale', name: 'Escale Voyages', brandColor: '#1d4ed8', accentColor: '#0f766e', logo: null },
  links: {
    agencyCompanies: link('/companies'),
    agencyStaff: link('/staff'),
    updateBranding: link('/branding', 'PUT'),
    agencyMessages: link('/messages'),
    agencyHistory: link('/history'),
  },
};

/** Answers each write with `answer`, keeping the bodies it received by path. */
function serve(routes: Record<string, (body: unknown) => Response>) {
  const sent: Record<string, unknown[]> = {};
  server.use(
    ...Object.entries(routes).map(([path, answer]) =>
      http.all(`${base}${path}`, async ({ request }) => {
        const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
        if (request.method !== 'GET') (sent[path] ??= []).push(body);
        return answer(body);
      }),
    ),
  );
  return sent;
}

const signIn = (withLink = true) =>
  startSession(
    'token',
    userFixture({
      username: 'adele',
      firstname: 'Adèle',
      company: null,
      company_id: null,
      perms: withLink ? ['agency_admin'] : [],
      links: { ...userFixture().links, ...(withLink ? { agencyAdmin: { href: base, method: 'GET' as const } } : {}) },
    }),
  );

describe('the Agence area', () => {
  it('is in the user menu of an agency administrator (the user’s agencyAdmin link), and opens on the client companies', async () => {
    signIn();
    serve({
      '': () => HttpResponse.json({ result: admin }),
      '/companies': () => HttpResponse.json({ result: { companies: [], links: {} } }),
    });
    await renderRoute('/agency-admin');
    expect(screen.getByRole('link', { name: 'Agence', hidden: true })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agence' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Entreprises clientes' })).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'Sections de l’agence' });
    expect(within(sections).getByRole('link', { name: 'Entreprises clientes' }).getAttribute('aria-current')).toBe('page');
  });

  it('is not found, and not in the menu, without the link', async () => {
    signIn(false);
    await renderRoute('/agency-admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Agence', hidden: true })).toBeNull();
  });
});

const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('branding', () => {
  it('checks the contrast as a colour is typed, shows it in the preview, and sends nothing the server would refuse', async () => {
    signIn();
    const sent = serve({ '/branding': (body) => HttpResponse.json({ result: { ...admin, agency: { ...admin.agency, ...(body as object) } } }) });
    const user = userEvent.setup();
    renderApp(<BrandingSection admin={admin} />);
    const form = screen.getByRole('form', { name: 'Apparence' });
    const brand = within(form).getByRole('textbox', { name: 'Couleur principale' });
    expect(within(form).getAllByText(/conforme au niveau AA/)).toHaveLength(2);

    await user.clear(brand);
    await user.type(brand, '#ffcc00');
    expect(await within(form).findByText(/^Contraste avec le texte blanc : 1,\d\d:1 — insuffisant \(4,5:1 au moins\)$/)).toBeTruthy();
    await waitFor(() => expect(brand.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(brand)).toContain('Contraste insuffisant avec un texte blanc');
    expect(screen.getByTestId('preview-header').style.backgroundColor).toBe('rgb(255, 204, 0)');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer l’apparence' }));
    await waitFor(() => expect(document.activeElement).toBe(brand));
    expect(sent['/branding']).toBeUndefined();

    await user.clear(brand);
    await user.type(brand, '#7A1F5C');
    await waitFor(() => expect(brand.getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByTestId('preview-header').style.backgroundColor).toBe('rgb(122, 31, 92)');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer l’apparence' }));
    expect(await (await findToasts()).findByText('Apparence enregistrée')).toBeTruthy();
    expect(sent['/branding']).toEqual([{ brandColor: '#7A1F5C', accentColor: '#0f766e' }]);
  });

  it('sends a chosen logo in base64, and ties the server’s refusal of it to the file field', async () => {
    signIn();
    const sent = serve({
      '/branding': () => HttpResponse.json(apiError(17, 'the SVG logo has no <svg> root element', { logo: 'LOGO_INVALID' }), { status: 400 }),
    });
    const user = userEvent.setup();
    renderApp(<BrandingSection admin={admin} />);
    const file = screen.getByLabelText('Logo (facultatif)');
    await user.upload(file, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’apparence' }));
    await waitFor(() => expect(file.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(file)).toContain('Le logo doit être un fichier SVG, PNG ou WebP de 100 Ko au plus');
    expect(sent['/branding']).toEqual([{ brandColor: '#1d4ed8', accentColor: '#0f766e', logo: btoa('<svg xmlns="http://www.w3.org/2000/svg"/>') }]);
  });
});

describe('staff', () => {
  const staff: AgencyStaff = {
    staff: [
      {
        uid: 'u-tina',
        firstname: 'Tina',
        lastname: 'Garnier',
        email: 'tina@escale-voyages.example',
        username: 'tina',
        status: 'active',
        roles: ['travel_agent'],
        links: { deactivateStaff: link('/staff/u-tina/deactivate', 'POST') },
      },
    ],
    links: { inviteStaff: link('/staff', 'POST') },
  };

  it('invites a member with their roles: one role at least, said next to the roles', async () => {
    signIn();
    const sent = serve({
      '/staff': (body) =>
        body === undefined
          ? HttpResponse.json({ result: staff })
          : HttpResponse.json({ result: { ...staff.staff[0]!, uid: 'u-hugo', email: (body as { email: string }).email, status: 'invited', links: {} } }),
    });
    const user = userEvent.setup();
    renderApp(<StaffSection link={admin.links.agencyStaff!} />);
    await user.click(await screen.findByRole('button', { name: 'Inviter un membre de l’équipe' }));
    const form = screen.getByRole('form', { name: 'Inviter un membre de l’équipe' });
    await user.click(within(form).getByLabelText('Monsieur'));
    await user.type(within(form).getByLabelText('Prénom'), 'Hugo');
    await user.type(within(form).getByLabelText('Nom'), 'Lemaire');
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'hugo@escale-voyages.example');
    await user.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    const roles = within(form).getByRole('group', { name: 'Rôles (un au moins)' });
    await waitFor(() => expect(describedBy(roles)).toBe('Ce champ est requis'));
    expect(sent['/staff']).toBeUndefined();

    await user.click(within(form).getByLabelText('Agent d’assistance'));
    await user.click(within(form).getByLabelText('Administrateur de l’agence'));
    await user.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await (await findToasts()).findByText('Invitation envoyée à hugo@escale-voyages.example')).toBeTruthy();
    expect(sent['/staff']).toEqual([
      { gender: 'MR', firstname: 'Hugo', lastname: 'Lemaire', email: 'hugo@escale-voyages.example', lang: 'fr', roles: ['assistance_agent', 'agency_admin'] },
    ]);
  });

  it('deactivates a member after a confirmation, through their link', async () => {
    signIn();
    const sent = serve({
      '/staff': () => HttpResponse.json({ result: staff }),
      '/staff/u-tina/deactivate': () => HttpResponse.json({ result: { ...staff.staff[0]!, status: 'inactive', links: {} } }),
    });
    const user = userEvent.setup();
    renderApp(<StaffSection link={admin.links.agencyStaff!} />);
    await user.click(await screen.findByRole('button', { name: 'Désactiver Tina Garnier' }));
    expect(sent['/staff/u-tina/deactivate']).toBeUndefined();
    await user.click(within(screen.getByRole('group', { name: 'Désactiver Tina Garnier' })).getByRole('button', { name: 'Confirmer la désactivation' }));
    expect(await (await findToasts()).findByText('Tina Garnier est désactivé·e : ses sessions sont fermées')).toBeTruthy();
    expect(sent['/staff/u-tina/deactivate']).toHaveLength(1);
  });
});

describe('messages', () => {
  const messages: AgencyMessages = {
    messages: [],
    companies: [{ uid: 'c-acme', name: 'Acme Industries' }],
    links: { createAgencyMessage: link('/messages', 'POST') },
  };

  it('writes a message as rich text (the toolbar wraps the selection) and places the server’s field problems', async () => {
    signIn();
    let refuse = true;
    const sent = serve({
      '/messages': (body) =>
        body === undefined
          ? HttpResponse.json({ result: messages })
          : refuse
            ? ((refuse = false), HttpResponse.json(apiError(17, 'Le format de la requête est invalide.', { 'message.en': 'PLEASE_FILL' }), { status: 400 }))
            : HttpResponse.json({ result: messages }),
    });
    const user = userEvent.setup();
    renderApp(<MessagesSection link={admin.links.agencyMessages!} />);
    await user.click(await screen.findByRole('button', { name: 'Nouveau message' }));
    const form = screen.getByRole('form', { name: 'Nouveau message' });
    await user.selectOptions(within(form).getByLabelText('Page'), 'cart');
    await user.selectOptions(within(form).getByLabelText('Destinataires'), 'c-acme');
    await user.selectOptions(within(form).getByLabelText('Niveau'), 'warning');
    const fr = within(form).getByLabelText('Message en français') as HTMLTextAreaElement;
    await user.type(fr, 'Grève jeudi');
    fr.setSelectionRange(6, 11);
    await user.click(within(within(form).getByRole('toolbar', { name: 'Mise en forme : Message en français' })).getByRole('button', { name: 'Gras' }));
    expect(fr.value).toBe('Grève <strong>jeudi</strong>');
    await user.type(within(form).getByLabelText('Message en anglais'), '<script>x</script>');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le message' }));
    const en = within(form).getByLabelText('Message en anglais');
    await waitFor(() => expect(en.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(en)).toBe('Veuillez remplir ce champ');
    expect(document.activeElement).toBe(en);
    await user.clear(en);
    await user.type(en, 'Strike on Thursday');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le message' }));
    expect(await (await findToasts()).findByText('Message enregistré')).toBeTruthy();
    expect(sent['/messages']![1]).toEqual({
      support: 'cart',
      companyId: 'c-acme',
      level: 'warning',
      message: { fr: 'Grève <strong>jeudi</strong>', en: 'Strike on Thursday' },
    });
  });
});

describe('client companies', () => {
  const acme: AgencyCompany = {
    uid: 'c-acme',
    name: 'Acme Industries',
    hotelEnabled: true,
    carrentalEnabled: true,
    features: {},
    entities: [{ uid: 'e-paris', name: 'Paris HQ' }],
    travelManagers: [],
    sso: { segment: 'acme', issuer: 'https://id.acme.example', clientId: 'escale', scopes: 'openid email', enforced: false, hasSecret: true },
    links: {
      updateClientCompany: link('/companies/c-acme', 'PUT'),
      inviteTravelManager: link('/companies/c-acme/travel-managers', 'POST'),
      updateCompanySso: link('/companies/c-acme/sso', 'PUT'),
    },
  };
  const list = { companies: [acme], links: { createClientCompany: link('/companies', 'POST') } };

  it('creates a company with one entity per line', async () => {
    signIn();
    const sent = serve({ '/companies': (body) => HttpResponse.json({ result: body === undefined ? list : { ...acme, uid: 'c-umbra', name: 'Umbra' } }) });
    const user = userEvent.setup();
    renderApp(<CompaniesSection link={admin.links.agencyCompanies!} rules={() => null} />);
    await user.click(await screen.findByRole('button', { name: 'Nouvelle entreprise' }));
    const form = screen.getByRole('form', { name: 'Nouvelle entreprise cliente' });
    await user.type(within(form).getByLabelText('Nom de l’entreprise'), 'Umbra');
    await user.click(within(form).getByRole('button', { name: 'Créer l’entreprise' }));
    const entities = within(form).getByLabelText('Entités');
    await waitFor(() => expect(entities.getAttribute('aria-invalid')).toBe('true'));
    await user.type(entities, 'Siège{enter}{enter}  Lyon ');
    await user.click(within(form).getByRole('checkbox', { name: 'Hôtels réservables' }));
    await user.click(within(form).getByRole('button', { name: 'Créer l’entreprise' }));
    expect(await (await findToasts()).findByText('Entreprise Umbra créée')).toBeTruthy();
    expect(sent['/companies']).toEqual([{ name: 'Umbra', entities: ['Siège', 'Lyon'], hotelEnabled: true, carrentalEnabled: false }]);
  });

  it('never shows the single sign-on’s secret, and keeps it when the field is left empty', async () => {
    signIn();
    const sent = serve({
      '/companies': () => HttpResponse.json({ result: list }),
      '/companies/c-acme/sso': () => HttpResponse.json({ result: { ...acme, sso: { ...acme.sso!, enforced: true } } }),
    });
    const user = userEvent.setup();
    renderApp(<CompaniesSection link={admin.links.agencyCompanies!} rules={(id) => <p>rules of {id}</p>} />);
    await user.click(await screen.findByRole('button', { name: 'Gérer Acme Industries' }));
    expect(screen.getByText('rules of c-acme')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Connexion unique (SSO)' });
    const secret = within(form).getByLabelText('Secret client') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(describedBy(secret)).toContain('Un secret est enregistré : laissez vide pour le garder.');
    await user.click(within(form).getByLabelText('Connexion unique obligatoire (pas de mot de passe)'));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la connexion unique' }));
    expect(await (await findToasts()).findByText('Connexion unique enregistrée')).toBeTruthy();
    expect(sent['/companies/c-acme/sso']).toEqual([
      { sso: { segment: 'acme', issuer: 'https://id.acme.example', clientId: 'escale', scopes: 'openid email', enforced: true } },
    ]);
  });
});
