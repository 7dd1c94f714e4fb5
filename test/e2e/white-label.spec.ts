import { expect, test, type Page } from '@playwright/test';
import { completeEmptyFields, login, offerPanel, pickCity, proposals, setDateTime, tripForm } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * The second demo agency on its own host name (config.ts AGENCY_HOSTS: alpine.localhost).
 * Chromium sends *.localhost to this machine, so the very server of the journeys answers it, and the
 * host alone decides which agency the page is: its brand, its messages, its users — none of Escale's.
 */

const REFUSED = 'Nom d’utilisateur ou mot de passe incorrect.';

/** Signs in through the header and expects the modal's refusal (a name unknown here reads as a wrong password). */
async function refusedSignIn(page: Page, username: string) {
  await login(page, username);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(REFUSED)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('Alpine Business Travel on alpine.localhost: its own brand and messages, its own users, nothing of Escale’s', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const alpine = `http://alpine.localhost:${new URL(baseURL!).port}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  // The app adopts the server's first screen as it is: no hydration complaint, no error.
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${alpine}/`);

  // Its name, logo and colours; its information block and its message for the search page.
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Alpine Business Travel' })).toBeVisible();
  await expect(page).toHaveTitle('Alpine Business Travel');
  await expect(page.getByRole('region', { name: 'Que souhaitez-vous réserver ?' })).toHaveCSS('background-color', 'rgb(22, 101, 52)');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: 'Alpine Business Travel, à Grenoble' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'conseil@alpine-business-travel.example' }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages de votre agence' })).toContainText(
    'Saison d’hiver : les trains du week-end vers les Alpes se remplissent vite, réservez tôt.',
  );
  // Nothing of Escale Voyages: not its name, nor its information block.
  await expect(page.locator('body')).not.toContainText('Escale');
  await expect(page.locator('body')).not.toContainText('support@escale-voyages.example');
  expect(errors).toEqual([]);

  // Escale's alice is nobody here; Alpine's ivan signs in, and his company's flags show.
  await refusedSignIn(page, 'alice');
  // Alpine's ivan (the journey's own twin of him: the train goes to a cart nobody else fills) signs in.
  const ivan = await ownUser(page.request, 'ivan');
  await login(page, ivan.username);
  await expect(header.getByRole('button', { name: /Ivan\s*Initech/ })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Intranet Initech' })).toHaveAttribute('href', 'https://intranet.initech.example/voyages');
  await expect(tripForm(page).getByRole('combobox', { name: 'Départ' })).toHaveValue('Initech – Grenoble');

  // A train from the office to Lyon: added, straight to the cart of that travel, with Alpine's message.
  await pickCity(page, 'Destination', 'Lyon');
  await setDateTime(page, 'Date d’aller', journeyDay('white-label', 17), '08:00');
  await tripForm(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Modifier la recherche' })).toBeVisible();
  await proposals(page)
    .getByRole('button', { name: /^2de classe.*€/ })
    .first()
    .click();
  await offerPanel(page).getByRole('button', { name: 'Choisir cette offre' }).click();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await completeEmptyFields(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page).toHaveURL(new RegExp(`^${alpine}/cart\\?travelID=`));
  await expect(page.getByRole('article', { name: /^Voyage du/ })).toHaveCount(1);
  const messages = page.getByRole('region', { name: 'Messages de votre agence' });
  await expect(messages).toContainText('Chutes de neige annoncées en Savoie');
  await expect(messages).not.toContainText('Mouvement social');
  await expect(page.locator('body')).not.toContainText('Escale');

  // On Escale's address (the journeys' own), ivan is nobody, and the page is Escale's.
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Escale Voyages' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Alpine');
  await refusedSignIn(page, ivan.username);
});

test('Alpine’s logo shows whole in the header: at its own size, its name and tagline inside its picture', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`http://alpine.localhost:${new URL(baseURL!).port}/`);
  const logo = page.getByRole('banner').getByRole('img', { name: 'Alpine Business Travel' });
  await expect(logo).toBeVisible();
  expect((await logo.boundingBox())!.height).toBe(40);
  const svg = Buffer.from((await logo.getAttribute('src'))!.split(',')[1]!, 'base64').toString();
  await page.setContent(svg);
  const overflows = await page.evaluate(() => {
    const root = document.querySelector('svg')!;
    const { width, height } = root.viewBox.baseVal;
    return [...root.querySelectorAll('text')]
      .map((text) => text.getBBox())
      .filter((box) => box.x < 0 || box.y < 0 || box.x + box.width > width + 0.5 || box.y + box.height > height + 0.5);
  });
  expect(overflows).toEqual([]);
});

test('Alpine’s first screen is Alpine’s before any script runs: its name, its colours, its information', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(`http://alpine.localhost:${new URL(baseURL!).port}/`);
  await expect(page).toHaveTitle('Alpine Business Travel');
  await expect(page.getByRole('heading', { level: 1, name: 'Que souhaitez-vous réserver ?' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Que souhaitez-vous réserver ?' })).toHaveCSS('background-color', 'rgb(22, 101, 52)');
  await expect(page.getByRole('img', { name: 'Alpine Business Travel' })).toBeVisible();
  await expect(page.getByText('Alpine Business Travel, à Grenoble')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Escale');
  await context.close();
});
