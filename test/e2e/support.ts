import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Escale2026!';

/**
 * Two-step login through the header's Log in button. A user of a company with single sign-on (gus,
 * Globex) is sent to the company's provider (the demo one at /oidc), whose page asks the password
 * and sends the browser back signed in.
 */
export async function login(page: Page, username: string, password = DEMO_PASSWORD) {
  // A device that remembers a single sign-on user shows their company's button instead: "Autre compte" gives the usual ones back.
  const banner = page.getByRole('banner');
  const signIn = banner.getByRole('button', { name: 'Se connecter' });
  const otherAccount = banner.getByRole('button', { name: 'Autre compte' });
  await expect(signIn.or(otherAccount)).toBeVisible();
  if (await otherAccount.isVisible()) await otherAccount.click();
  await signIn.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom d’utilisateur').fill(username);
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  const form = dialog.or(providerForm(page));
  const passwordField = form.getByLabel('Mot de passe', { exact: true });
  // A provider that still knows this browser (its own session, from an earlier sign-in) sends it straight back.
  // (The wait that loses the race must not fail the test later.)
  await Promise.race([passwordField.waitFor().catch(() => undefined), page.waitForURL(/\/sso\//).catch(() => undefined)]);
  if (/\/sso\//.test(page.url())) return;
  await passwordField.fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

/** The sign-in form of the demo OpenID Connect provider (/oidc). */
export const providerForm = (page: Page) => page.getByRole('form', { name: 'Connexion au fournisseur d’identité' });

/** Opens the newest e-mail to `to` in the developer mailbox and follows its link. */
export async function followMailLink(page: Page, to: string, linkName: string) {
  await page.goto('/dev/mailbox');
  const mail = page.locator('article', { hasText: to }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link', { name: linkName }).click();
}

/** The password of the travellers the journeys sign up. */
export const NEW_USER_PASSWORD = 'Voyage2026';

/**
 * Signs a new traveller (Inès Lambert) up through the API, so the demo users stay as they are; the
 * activation e-mail waits in the developer mailbox. With `activate`, the account is activated too.
 */
export async function signUpTraveller(page: Page, { activate = false } = {}) {
  const id = unique();
  const traveller = { username: `ines${id}`, email: `ines${id}@acme.example` };
  const headers = { 'Api-Key': 'demo-agency-key' };
  const res = await page.request.post('/api/v1/user/signin', {
    headers,
    data: {
      gender: 'MS',
      firstname: 'Inès',
      lastname: 'Lambert',
      ...traveller,
      phone: '0612345678',
      birthdate: '1990-05-17',
      password: NEW_USER_PASSWORD,
      password_confirm: NEW_USER_PASSWORD,
      address: { description: '3 place Bellecour, 69002 Lyon' },
      gdpr_consent: true,
    },
  });
  expect(res.status()).toBe(201);
  if (activate) {
    const mail = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(traveller.email)}`);
    const token = /\/user\/activate\/([\w-]+)/.exec(((await mail.json()) as { result: { text: string }[] }).result[0]!.text)![1];
    expect((await page.request.post('/api/v1/user/confirm', { headers, data: { token } })).status()).toBe(200);
  }
  return traveller;
}

export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A local calendar day `offset` days from today (the server uses the real clock in e2e). */
export function dayFromToday(offset: number): Date {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + offset);
  return d;
}

/** A day as typed in the date fields: DD/MM/YYYY. */
export const typedDate = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

/** Types `city` into a place field of the trip form and picks that city (not a station or airport) from the suggestions. */
export async function pickCity(page: Page, field: string, city: string) {
  const input = page.getByRole('combobox', { name: field, exact: true });
  await input.fill(city);
  await page
    .getByRole('listbox', { name: field, exact: true })
    .getByRole('option', { name: new RegExp(`^${city}\\s*(Ville|City)`) })
    .click();
  await expect(input).toHaveValue(city);
}

/** The header's cart link; its badge reads "<n> articles" ("<n> items" in English). */
export const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(Panier|Cart)/ });

/** Presses Tab until `target` has the focus (keyboard-only journeys). */
export async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * The number the header's cart badge shows (0 without a badge). Read it on a screen that has been
 * open for a while (e.g. the traveller step): the header loads the cart with the page.
 */
export async function cartCount(page: Page): Promise<number> {
  const text = (await cartLink(page).textContent()) ?? '';
  return Number(/(\d+)/.exec(text)?.[1] ?? 0);
}

/** How many travels the signed-in user's cart holds, asked of the API with the page's session (what the header's badge will count). */
export async function cartTravels(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('escale.token'));
  const res = await page.request.get('/api/v1/v2/travels/?status=cart', { headers: { 'Api-Key': 'demo-agency-key', Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { travels: unknown[] } }).result.travels.length;
}

/** Opens the home page, signs in and waits for the header to greet the user. */
export async function signIn(page: Page, username: string, firstname: string) {
  await page.goto('/');
  await login(page, username);
  await expect(page.getByRole('banner').getByText(firstname)).toBeVisible();
}

/** The home page's trip search form. */
export const tripForm = (page: Page) => page.getByRole('form', { name: 'Recherche de trajet' });
export const searchPanel = (page: Page) => page.getByRole('complementary', { name: 'Détails de la recherche' });

/** Types a day in a date field of a search form (the trip's by default) and picks its hour: the default hour (an hour from now) would make the journey depend on when the test runs. */
export async function setDateTime(page: Page, label: string, day: Date, hour: string, form: Locator = tripForm(page)) {
  const input = form.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(typedDate(day));
  await searchPanel(page).getByRole('group', { name: 'Heure' }).getByText(hour, { exact: true }).click();
  await searchPanel(page).getByRole('button', { name: 'Valider' }).click();
  await expect(input).toHaveValue(typedDate(day));
  await expect(input).toBeFocused();
  // The chosen time is shown next to the date and read with it.
  await expect(input).toHaveAccessibleDescription(new RegExp(`à ${hour}`));
}

/** The proposals of the results list (rows with a heading: the list is virtualised). */
export const proposals = (page: Page, list = 'Trajets') =>
  page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });

/** The side panel with the fares of the chosen cabin. */
export const offerPanel = (page: Page, name: RegExp = /^Tarifs/) => page.getByRole('region', { name });

/**
 * Fills the traveller step's required fields the server could not prefill: the birth date and phone
 * of a flight, and the passport an international flight asks for.
 */
export async function completeEmptyFields(page: Page) {
  const expiry = new Date();
  expiry.setFullYear(expiry.getFullYear() + 5);
  for (const [label, value] of [
    [/^Date de naissance/, '12/04/1988'],
    [/^Téléphone de contact/, '+33612345678'],
    [/^Numéro du passeport/, '19FR12345'],
    [/^Date d’expiration/, typedDate(expiry)],
  ] as const) {
    for (const field of await page.getByLabel(label).all()) if ((await field.isEditable()) && (await field.inputValue()) === '') await field.fill(value);
  }
  for (const nationality of await page.getByRole('combobox', { name: /^Nationalité/ }).all())
    if ((await nationality.inputValue()) === '') await nationality.selectOption({ label: 'France' });
}

/**
 * The page's texts and labels that read as French: accented letters or common French words, in the
 * text (also what only a screen reader reads) and in placeholders, titles, labels and alternatives. The
 * language switch's "Français" says its own language on purpose (lang="fr").
 */
export function frenchOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const french =
      /[àâçéèêëîïôûùœ]|\b(le|la|les|des|du|une|et|ou|vous|votre|vos|pour|avec|sans|aucun|aucune|rechercher|panier|passagers?|voyageurs?|JJ|AAAA)\b/i;
    const found = new Set<string>();
    const inFrench = (el: Element | null) => !el || el.closest('[lang="fr"], script, style, noscript') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text && french.test(text) && !inFrench(node.parentElement)) found.add(text);
    }
    for (const el of document.body.querySelectorAll('[placeholder], [title], [aria-label], img[alt]'))
      for (const name of ['placeholder', 'title', 'aria-label', 'alt']) {
        const value = el.getAttribute(name);
        if (value && french.test(value) && !inFrench(el)) found.add(`${name}: ${value}`);
      }
    return [...found];
  });
}
