import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  cartCount,
  cartLink,
  completeEmptyFields,
  dayFromToday,
  frenchOnPage,
  offerPanel,
  pickCity,
  proposals,
  searchPanel,
  setDateTime,
  signIn,
  tabTo,
  tripForm,
  typedDate,
} from './support';
import { ownUser } from './users';

/*
 * Whole trip journeys against the real server: home form → results → traveller step →
 * cart. A journey that books checks that the cart badge counts one travel more than before. Each
 * journey is a traveller of its own (a twin of a demo user, users.ts), but for the one that books
 * for alice's own guest.
 */

/**
 * Visits the proposals one by one, by their heading, until `visit` returns true (the list is
 * virtualised: rows render as they scroll into view, so positions are no identity). Returns how
 * many were visited and whether `visit` stopped the walk.
 */
async function eachProposal(page: Page, visit: (card: Locator) => Promise<boolean>): Promise<{ visited: number; stopped: boolean }> {
  const seen = new Set<string>();
  for (let guard = 0; guard < 100; guard++) {
    const headings = await proposals(page).getByRole('heading', { level: 3 }).allTextContents();
    const next = headings.find((h) => !seen.has(h));
    if (next === undefined) break;
    seen.add(next);
    const card = proposals(page)
      .filter({ has: page.getByRole('heading', { level: 3 }).filter({ hasText: next }) })
      .first();
    if (await visit(card)) return { visited: seen.size, stopped: true };
  }
  return { visited: seen.size, stopped: false };
}

/** The cart link's name once its badge counts `n` travels. */
const cartBadge = (n: number, lang: 'fr' | 'en' = 'fr') => (lang === 'fr' ? new RegExp(`^Panier\\s*${n}\\s*articles$`) : new RegExp(`^Cart\\s*${n}\\s*items$`));
/** A cabin button that shows a price (neither full nor unavailable). */
const pricedCabin = /classe.*€|Économie.*€|Affaires.*€/;

/** Picks the first priced cabin of the first proposal, keeps its preselected fare and presses the panel's button. */
async function chooseFirstOffer(page: Page, button: string) {
  const first = proposals(page).first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  const cabin = first.getByRole('button', { name: pricedCabin }).first();
  await cabin.click();
  await expect(cabin).toHaveAttribute('aria-pressed', 'true');
  const panel = offerPanel(page);
  await expect(panel.getByRole('button', { pressed: true }).first()).toBeVisible();
  await panel.getByRole('button', { name: button }).click();
}

test('bob books a Paris → Bordeaux round trip with a round-trip fare: outward, "find return", return, traveller step, cart', async ({ page }) => {
  test.setTimeout(60_000); // looking through the outward trains for a round-trip fare takes a few clicks
  await signIn(page, (await ownUser(page.request, 'bob')).username, 'Bob');
  const form = tripForm(page);
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Bordeaux');
  await setDateTime(page, 'Date d’aller', dayFromToday(1), '07:00');
  await form.getByRole('button', { name: 'Ajouter un retour' }).click();
  await expect(form.getByLabel('Date de retour', { exact: true })).toBeFocused();
  await setDateTime(page, 'Date de retour', dayFromToday(2), '17:00');
  await form.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await form.getByRole('button', { name: 'Rechercher' }).click();

  await expect(page).toHaveURL(/\/search\?.*ret=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Aller : Paris - Bordeaux' })).toBeVisible();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });

  // Look through the outward trains for a round-trip ("aller-retour") fare and take it.
  const panel = offerPanel(page);
  let roundTripFare = '';
  await eachProposal(page, async (card) => {
    for (const cabin of await card.getByRole('button', { name: pricedCabin }).all()) {
      await cabin.click();
      await expect(cabin).toHaveAttribute('aria-pressed', 'true');
      await expect(panel).toBeVisible();
      const fare = panel.getByRole('button', { name: /aller-retour/ }).first();
      if ((await fare.count()) === 0) continue;
      await fare.click();
      await expect(fare).toHaveAttribute('aria-pressed', 'true');
      roundTripFare = (await fare.textContent()) ?? '';
      return true;
    }
    return false;
  });
  expect(roundTripFare, 'one of the outward trains sells a round-trip fare').toContain('aller-retour');

  // 'Find return' runs the return search. The server answers the return leg (Bordeaux → Paris)
  // only to a search that carries a valid outward choice: without it, it would search Paris → Bordeaux again.
  await panel.getByRole('button', { name: 'Trouver le retour' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Retour : Bordeaux - Paris' })).toBeVisible();
  await expect(proposals(page).first()).toContainText(/Bordeaux.*→.*Paris/, { timeout: 15_000 });
  await chooseFirstOffer(page, 'Choisir cette offre');

  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  const outward = page.getByRole('button', { name: 'Modifier : Aller' });
  await expect(outward).toContainText(typedDate(dayFromToday(1)));
  await expect(outward).toContainText(/Paris.*→.*Bordeaux/);
  await expect(outward).toContainText('aller-retour');
  const back = page.getByRole('button', { name: 'Modifier : Retour' });
  await expect(back).toContainText(typedDate(dayFromToday(2)));
  await expect(back).toContainText(/Bordeaux.*→.*Paris/);
  await expect(page.getByLabel('Prénom *')).toHaveValue('Bob');
  await completeEmptyFields(page);

  const before = await cartCount(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(cartBadge(before + 1));
});

test('gus switches a Paris → Nice search to flights, uses the hold-luggage filter and books a fare with hold luggage', async ({ page }) => {
  await signIn(page, (await ownUser(page.request, 'gus')).username, 'Gus');
  // Globex has neither hotels nor car rental: no Travel / Hotel / Car rental switch, the trip form alone.
  await expect(tripForm(page)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Type de recherche' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Hôtel' })).toHaveCount(0);
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Nice');
  await setDateTime(page, 'Date d’aller', dayFromToday(1), '07:00');
  await tripForm(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aller : Paris - Nice' })).toBeVisible();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });

  const modes = page.getByRole('group', { name: 'Mode de transport' });
  await modes.getByRole('button', { name: /^Avion/ }).click();
  await expect(modes.getByRole('button', { name: /^Avion/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/transport=flight/);
  await expect(
    proposals(page)
      .first()
      .getByRole('button', { name: /^Économie/ }),
  ).toBeVisible();

  // The hold-luggage filter is on by default (fares with hold luggage are offered); off, every
  // fare shown is hand luggage only.
  const luggage = page.getByRole('button', { name: 'Avec bagage en soute' });
  await expect(luggage).toHaveAttribute('aria-pressed', 'true');
  await luggage.click();
  await expect(luggage).toHaveAttribute('aria-pressed', 'false');
  const panel = offerPanel(page);
  let checked = 0;
  await eachProposal(page, async (card) => {
    const economy = card.getByRole('button', { name: /^Économie.*€/ });
    if ((await economy.count()) === 0) return false;
    await economy.click();
    await expect(economy).toHaveAttribute('aria-pressed', 'true');
    const fares = panel
      .getByRole('list', { name: 'Tarifs' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /€/ }) });
    await expect(fares.first()).toBeVisible();
    for (const fare of await fares.all()) {
      await expect(fare).toContainText('Bagage à main uniquement');
      await expect(fare).not.toContainText('en soute inclus');
    }
    checked++;
    return false;
  });
  expect(checked, 'flights still shown with the filter off').toBeGreaterThan(0);

  // Back on: a fare with hold luggage is offered again, chosen and booked.
  await luggage.click();
  await expect(luggage).toHaveAttribute('aria-pressed', 'true');
  const { stopped: chosen } = await eachProposal(page, async (card) => {
    for (const cabin of await card.getByRole('button', { name: pricedCabin }).all()) {
      await cabin.click();
      await expect(cabin).toHaveAttribute('aria-pressed', 'true');
      const withHold = panel.getByRole('listitem').filter({ hasText: 'en soute inclus' }).first();
      if ((await withHold.count()) === 0) continue;
      const fare = withHold.getByRole('button', { name: /€/ });
      await fare.click();
      await expect(fare).toHaveAttribute('aria-pressed', 'true');
      return true;
    }
    return false;
  });
  expect(chosen, 'a flight sells a fare with hold luggage').toBe(true);
  await panel.getByRole('button', { name: 'Choisir cette offre' }).click();

  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier : Aller' })).toContainText(/Paris.*→.*Nice/);
  await expect(page.getByLabel('Prénom *')).toHaveValue('Gus');
  // A flight needs the birth date and a contact phone.
  await expect(page.getByLabel(/^Date de naissance \*/)).toBeVisible();
  await completeEmptyFields(page);
  const before = await cartCount(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(cartBadge(before + 1));
});

test('alice searches an open-jaw trip (Paris → Lyon, back Marseille → Paris) and gets both legs', async ({ page }) => {
  // A twin of alice has her flag (open-jaw search).
  await signIn(page, (await ownUser(page.request, 'alice')).username, 'Alice');
  const form = tripForm(page);
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  await setDateTime(page, 'Date d’aller', dayFromToday(1), '07:00');
  await form.getByRole('button', { name: 'Ajouter un retour' }).click();
  await setDateTime(page, 'Date de retour', dayFromToday(2), '17:00');
  await form.getByRole('checkbox', { name: 'Retour depuis ou vers un autre lieu' }).check();
  // The return starts from the outward destination and goes back to the origin until changed.
  await expect(form.getByRole('combobox', { name: 'Départ du retour' })).toHaveValue('Lyon');
  await expect(form.getByRole('combobox', { name: 'Destination du retour' })).toHaveValue('Paris');
  await pickCity(page, 'Départ du retour', 'Marseille');
  await form.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await form.getByRole('button', { name: 'Rechercher' }).click();

  await expect(page).toHaveURL(/retFrom=city(%3A|:)marseille/);
  await expect(page.getByRole('heading', { level: 1, name: 'Aller : Paris - Lyon' })).toBeVisible();
  await expect(proposals(page).first()).toContainText(/Paris.*→.*Lyon/, { timeout: 15_000 });
  await chooseFirstOffer(page, 'Trouver le retour');

  await expect(page.getByRole('heading', { level: 1, name: 'Retour : Marseille - Paris' })).toBeVisible();
  await expect(proposals(page).first()).toContainText(/Marseille.*→.*Paris/, { timeout: 15_000 });
  await chooseFirstOffer(page, 'Choisir cette offre');

  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  const outward = page.getByRole('button', { name: 'Modifier : Aller' });
  await expect(outward).toContainText(typedDate(dayFromToday(1)));
  await expect(outward).toContainText(/Paris.*→.*Lyon/);
  const back = page.getByRole('button', { name: 'Modifier : Retour' });
  await expect(back).toContainText(typedDate(dayFromToday(2)));
  await expect(back).toContainText(/Marseille.*→.*Paris/);
});

test('alice books Paris → Lyon for three: herself, colleague Bob Durand and her guest Jean Dupont', async ({ page }) => {
  // The seeded alice: Jean Dupont is her own guest (a twin has none). The travel goes to her cart, which no journey counts exactly.
  await signIn(page, 'alice', 'Alice');
  const form = tripForm(page);
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  await setDateTime(page, 'Date d’aller', dayFromToday(1), '07:00');

  await form.getByRole('button', { name: /^Passagers/ }).click();
  const side = searchPanel(page);
  await expect(side.getByRole('heading', { name: 'Passagers (1 sur 9)' })).toBeVisible();
  const people = side.getByLabel('Ajouter un collègue ou un invité');
  await people.fill('Durand');
  await side.getByRole('button', { name: /Ajouter Bob Durand/ }).click();
  await people.fill('Dupont');
  const guest = side.getByRole('button', { name: /Ajouter Jean Dupont/ });
  await expect(guest).toContainText('invité');
  await guest.click();
  const chosen = side.getByRole('list', { name: 'Passagers' }).getByRole('listitem');
  await expect(chosen).toHaveText([/Moi \(Alice Martin\)/, /Bob Durand/, /Jean Dupont/]);
  await side.getByRole('button', { name: 'Valider' }).click();
  await expect(form.getByRole('button', { name: /3 passagers/ })).toBeFocused();
  await form.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await form.getByRole('button', { name: 'Rechercher' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Aller : Paris - Lyon' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('pax')).toMatch(/^\["me","profile:[\w-]+","guest:[\w-]+"\]$/);
  await chooseFirstOffer(page, 'Choisir cette offre');

  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Voyageurs' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText(['Voyageur 1', 'Voyageur 2', 'Voyageur 3']);
  await expect(cards.nth(0).getByLabel('Prénom *')).toHaveValue('Alice');
  // Picked by name, the colleague and the guest come prefilled from their profiles.
  for (const [card, firstname, lastname] of [
    [cards.nth(1), 'Bob', 'Durand'],
    [cards.nth(2), 'Jean', 'Dupont'],
  ] as const) {
    await expect(card.getByLabel('Prénom *', { exact: true })).toHaveValue(firstname);
    await expect(card.getByLabel('Nom *', { exact: true })).toHaveValue(lastname);
  }
  // The booking contact is the first traveller's, shown (read-only) on the others' cards.
  const contact = await cards
    .nth(0)
    .getByLabel(/^E-mail de contact/)
    .inputValue();
  expect(contact).not.toBe('');
  await expect(cards.nth(2).getByLabel(/^E-mail de contact/)).toHaveValue(contact);
  await expect(cards.nth(2).getByLabel(/^E-mail de contact/)).toBeDisabled();
  await completeEmptyFields(page);

  const before = await cartCount(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(cartBadge(before + 1));
});

test('bob switches to English and books Paris → Lyon with every screen in English', async ({ page }) => {
  // A twin of bob: the language he switches to (kept for his e-mails) and his cart are nobody else's.
  await signIn(page, (await ownUser(page.request, 'bob')).username, 'Bob');
  const banner = page.getByRole('banner');
  await banner.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // His cart starts empty: at the end it holds what he adds in English.
  await cartLink(page).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await banner.getByRole('link', { name: 'Search' }).click();

  const form = page.getByRole('form', { name: 'Trip search' });
  await expect(form).toBeVisible();
  expect(await frenchOnPage(page)).toEqual([]);
  await pickCity(page, 'From', 'Paris');
  await pickCity(page, 'To', 'Lyon');
  await form.getByLabel('Outward date', { exact: true }).fill(typedDate(dayFromToday(1)));
  await form.getByRole('combobox', { name: 'Entity' }).selectOption({ label: 'Paris HQ' });
  await form.getByRole('button', { name: 'Search' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Outward: Paris - Lyon' })).toBeVisible();
  await expect(proposals(page, 'Trips').first()).toBeVisible({ timeout: 15_000 });
  expect(await frenchOnPage(page)).toEqual([]);
  await expect(page.getByRole('group', { name: 'Transport' }).getByRole('button', { name: /^Train/ })).toHaveAttribute('aria-pressed', 'true');
  // The first train still selling second class (tomorrow's first ones can be full, depending on the hour).
  const cabin = proposals(page, 'Trips')
    .getByRole('button', { name: /^2nd class.*€/ })
    .first();
  await cabin.click();
  const panel = offerPanel(page, /fares/);
  await expect(panel).toContainText('Paris → Lyon');
  await expect(panel.getByRole('button', { pressed: true }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Choose this offer' }).click();

  await expect(page.getByRole('heading', { name: 'Traveller information' })).toBeVisible();
  await expect(page.getByLabel('First name *')).toHaveValue('Bob');
  await expect(page.getByRole('button', { name: 'Edit: Outward' })).toContainText(/Paris.*→.*Lyon/);
  const before = await cartCount(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { name: 'Added to your cart' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(cartBadge(before + 1, 'en'));
  await cartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByText('Paris → Lyon').first()).toBeVisible();
  expect(await frenchOnPage(page)).toEqual([]);
});

test('sam signs in, searches, chooses an offer and books it with the keyboard only', async ({ page }) => {
  const sam = await ownUser(page.request, 'sam');
  await page.goto('/');
  const banner = page.getByRole('banner');
  await tabTo(page, banner.getByRole('button', { name: 'Se connecter' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Nom d’utilisateur')).toBeFocused();
  await page.keyboard.type(sam.username);
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Mot de passe', { exact: true })).toBeFocused();
  await page.keyboard.type('Escale2026!');
  await page.keyboard.press('Enter');
  await expect(banner.getByText('Sam')).toBeVisible();

  const form = tripForm(page);
  const from = form.getByRole('combobox', { name: 'Départ' });
  await tabTo(page, from);
  await page.keyboard.type('Paris');
  await expect(page.getByRole('listbox', { name: 'Départ' }).getByRole('option').first()).toContainText(/^Paris\s*Ville/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue('Paris');
  const to = form.getByRole('combobox', { name: 'Destination' });
  await expect(to).toBeFocused();
  await page.keyboard.type('Lyon');
  await expect(page.getByRole('listbox', { name: 'Destination' }).getByRole('option').first()).toContainText(/^Lyon\s*Ville/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(to).toHaveValue('Lyon');
  const date = form.getByLabel('Date d’aller', { exact: true });
  await expect(date).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(typedDate(dayFromToday(1)));
  await expect(date).toHaveValue(typedDate(dayFromToday(1)));
  const entity = form.getByRole('combobox', { name: 'Entité' });
  await tabTo(page, entity);
  await page.keyboard.type('Paris');
  await expect(entity.locator('option:checked')).toHaveText('Paris HQ');
  await tabTo(page, form.getByRole('button', { name: 'Rechercher' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Aller : Paris - Lyon' })).toBeVisible();
  const first = proposals(page).first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  // Arrows move between trains (one Tab stop for the list), down to the first still selling second class
  // (tomorrow's first ones can be full, depending on the hour); Tab then reaches its cabin.
  const priced = (n: number) =>
    proposals(page)
      .nth(n)
      .getByRole('button', { name: /2de classe.*€/ });
  await tabTo(page, first.getByRole('button').first());
  let n = 0;
  for (; (await priced(n).count()) === 0 && n < 9; n++) {
    await page.keyboard.press('ArrowDown');
    await expect(
      proposals(page)
        .nth(n + 1)
        .getByRole('button')
        .first(),
    ).toBeFocused();
  }
  const cabin = priced(n);
  await tabTo(page, cabin);
  await page.keyboard.press('Enter');
  await expect(cabin).toHaveAttribute('aria-pressed', 'true');
  const panel = offerPanel(page);
  await expect(panel.getByRole('button', { pressed: true }).first()).toBeVisible();
  await tabTo(page, panel.getByRole('button', { name: 'Choisir cette offre' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await expect(page.getByLabel('Prénom *')).toHaveValue('Sam');
  const before = await cartCount(page);
  await tabTo(page, page.getByRole('button', { name: 'Ajouter au panier' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(cartBadge(before + 1));
});
