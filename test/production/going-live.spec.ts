import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { completeEmptyFields, dayFromToday, login, offerPanel, pickCity, proposals, setDateTime, tripForm, typedDate } from '../e2e/support';
import { sentMails } from './mail-sink';
import { PRODUCTION } from './settings';

/*
 * Going live, as README "Going live" tells an operator: a production server on an empty PostgreSQL
 * database, the operator tool beside it on the same database. The tool creates an agency with its own
 * address, a client company, and invites its travel manager; she accepts at the agency's address,
 * invites an employee from "Mon entreprise", who signs in and books a train. A second company enforces
 * single sign-on: its identity provider creates an employee by SCIM; she is refused a password and signs
 * in through the provider.
 */

const run = promisify(execFile);
const ENV = {
  ...process.env,
  DATABASE_URL: PRODUCTION.databaseUrl,
  PUBLIC_URL: `http://localhost:${PRODUCTION.port}`,
  SMTP_URL: `smtp://127.0.0.1:${PRODUCTION.smtpPort}`,
  LOG_LEVEL: 'warn',
};
const AGENCY_ORIGIN = `http://${PRODUCTION.agencyHost}:${PRODUCTION.port}`;
const PASSWORD = 'Voyage-Nord-2026';
const SERVER = `http://127.0.0.1:${PRODUCTION.port}`;

/** One operator command, as JSON; a failure shows the tool's one-line error. */
async function admin<T = Record<string, unknown>>(args: string[], input?: string): Promise<T> {
  const child = run('npm', ['run', '-s', 'admin', '--', ...args, '--json'], { env: ENV, timeout: 60_000 });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  const { stdout } = await child;
  return JSON.parse(stdout) as T;
}

/** The link of the newest e-mail to `to` that the server sent over SMTP (quoted-printable undone). */
async function mailedLink(to: string, path: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = sentMails(PRODUCTION.mailFile).filter((m) => m.to.includes(to));
        const raw = (mails.at(-1)?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        link = new RegExp(`https?://[^\\s"<>]+${path.source}`).exec(raw)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Accepts an invitation in `page`: the password twice, the terms, then signs in at the agency's address. */
async function acceptInvitation(page: Page, link: string, welcome: string, username: string, firstname: string) {
  expect(new URL(link).origin).toBe(AGENCY_ORIGIN);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: welcome })).toBeVisible();
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Activer mon compte' }).click();
  await expect(page.getByRole('heading', { name: 'Compte activé' })).toBeVisible();
  await page.goto(`${AGENCY_ORIGIN}/`);
  await login(page, username, PASSWORD);
  await expect(page.getByRole('banner').getByText(firstname)).toBeVisible();
}

test('an operator puts an agency live; its travel manager and employee book at its own address, and an SSO-enforced company is provisioned by SCIM', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const day = dayFromToday(12);

  // The operator: an agency with its address, a company, its travel manager invited.
  const agency = await admin<{ webKey: string }>([
    'agency',
    'create',
    'Voyages du Nord',
    '--host',
    PRODUCTION.agencyHost,
    '--brand',
    '#7c2d12',
    '--accent',
    '#0f766e',
  ]);
  expect(agency.webKey).toMatch(/^[\w-]{40,}$/);
  await admin(['company', 'create', 'Nordique SA', '--agency', 'Voyages du Nord', '--entity', 'Siège Lille']);
  await admin([
    'user',
    'invite',
    '--agency',
    PRODUCTION.agencyHost,
    '--company',
    'Nordique SA',
    '--role',
    'travel_manager',
    '--email',
    'manon@nordique.example',
    '--firstname',
    'Manon',
    '--lastname',
    'Leroy',
  ]);

  // The agency's address serves its own app: its key in the page, no demo world.
  // (Node does not resolve *.localhost as browsers do: the request names the host itself.)
  const home = await request.get(`${SERVER}/`, { headers: { Host: `${PRODUCTION.agencyHost}:${PRODUCTION.port}` } });
  expect(await home.text()).toContain(agency.webKey);
  const demo = await request.post(`${SERVER}/api/v1/user/login`, {
    headers: { 'Api-Key': agency.webKey },
    data: { username: 'alice', password: 'Escale2026!' },
  });
  expect(demo.status()).toBe(401);

  // The travel manager accepts at the agency's address and invites an employee.
  await acceptInvitation(
    page,
    await mailedLink('manon@nordique.example', /\/user\/invitation\/[\w-]+/),
    'Bienvenue chez Nordique SA',
    'manon@nordique.example',
    'Manon',
  );
  await page.getByRole('banner').getByRole('link', { name: 'Mon espace' }).click();
  await page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Mon entreprise' }).click();
  await page.getByRole('button', { name: 'Inviter un collaborateur' }).click();
  const form = page.getByRole('form', { name: 'Inviter un collaborateur' });
  await form.getByLabel('Monsieur').check();
  await form.getByLabel('Prénom').fill('Théo');
  await form.getByLabel('Nom', { exact: true }).fill('Lambert');
  await form.getByLabel('Adresse e-mail').fill('theo@nordique.example');
  await form.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Invitation envoyée à theo@nordique.example')).toBeVisible();

  // The employee, in a browser of their own, accepts and books Paris → Lyon with the company's payment.
  const context = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  const theo = await context.newPage();
  await acceptInvitation(
    theo,
    await mailedLink('theo@nordique.example', /\/user\/invitation\/[\w-]+/),
    'Bienvenue chez Nordique SA',
    'theo@nordique.example',
    'Théo',
  );
  await pickCity(theo, 'Départ', 'Paris');
  await pickCity(theo, 'Destination', 'Lyon');
  await setDateTime(theo, 'Date d’aller', day, '07:00');
  await tripForm(theo).getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Siège Lille' });
  await tripForm(theo).getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(theo).first()).toBeVisible({ timeout: 15_000 });
  await proposals(theo)
    .getByRole('button', { name: /^2de classe.*€/ })
    .first()
    .click();
  await offerPanel(theo).getByRole('button', { name: 'Choisir cette offre' }).click();
  await expect(theo.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await completeEmptyFields(theo);
  await theo.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(theo.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();
  await theo.goto(`${AGENCY_ORIGIN}/cart`);
  await theo
    .getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true })
    .getByRole('button', { name: 'Confirmer ce voyage' })
    .click();
  await theo.getByRole('button', { name: 'Confirmer et payer (paiement entreprise)' }).click();
  await expect(theo.getByRole('heading', { name: 'Votre réservation est confirmée' })).toBeVisible();
  await context.close();

  // A company that enforces single sign-on through its own provider, which provisions its people by SCIM.
  await admin(['company', 'create', 'Umbra Industries', '--agency', 'Voyages du Nord']);
  await admin(
    [
      'sso',
      'set',
      'Umbra Industries',
      '--issuer',
      `http://127.0.0.1:${PRODUCTION.providerPort}`,
      '--client-id',
      'escale-umbrella',
      '--secret-stdin',
      '--enforced',
      'yes',
      '--segment',
      'umbra',
    ],
    'production-journey-client-secret\n',
  );
  const { token } = await admin<{ token: string }>(['scim', 'token', 'issue', 'Umbra Industries']);
  const created = await request.post(`${SERVER}/scim/v2/Users`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/scim+json' },
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'uma@umbra.example',
      externalId: 'idp-0042',
      name: { givenName: 'Uma', familyName: 'Rossi' },
      emails: [{ value: 'uma@umbra.example', type: 'work', primary: true }],
      active: true,
    },
  });
  expect(created.status()).toBe(201);

  // A password is refused: she is sent to her company's sign-in.
  const refused = await request.post(`${SERVER}/api/v1/user/login`, {
    headers: { 'Api-Key': agency.webKey },
    data: { username: 'uma@umbra.example', password: 'anything-at-all' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { api_code: number }).api_code).toBe(32);

  // Through the provider she is signed in, at the agency's address.
  const umaContext = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  const uma = await umaContext.newPage();
  await uma.goto(`${AGENCY_ORIGIN}/`);
  await uma.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  await uma.getByRole('dialog').getByLabel('Nom d’utilisateur').fill('uma@umbra.example');
  await uma.getByRole('dialog').getByRole('button', { name: 'Continuer' }).click();
  // The provider's own (development) sign-in and consent pages.
  await uma.locator('input[name="login"]').fill('uma@umbra.example');
  await uma.locator('input[name="password"]').fill('provider-password');
  await uma.locator('button[type="submit"]').click();
  const consent = uma.locator('button[type="submit"]', { hasText: /continue/i });
  if (await consent.isVisible({ timeout: 5_000 }).catch(() => false)) await consent.click();
  await expect(uma.getByRole('banner').getByText('Uma')).toBeVisible({ timeout: 15_000 });
  expect(new URL(uma.url()).origin).toBe(AGENCY_ORIGIN);
  await umaContext.close();
});
