import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { gusApi, gusBooksTrain, type Link } from './booked';
import { signIn, typedDate } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * The dashboard: a Globex traveller of the journey's own (a twin of gus) books two trains through
 * the real API with his session (Paris → Lyon
 * and Paris → Marseille, in two days and three), then finds their CO2 in "Tableau de bord": the year's
 * totals, the rail share, the month's row of the table under the chart, and both trips to come.
 */

type Stats = { travels: number; emission: { gHGEmission: { value: number }; rail: { value: number } }; months: { month: string; rail: number }[] };

/** kg as the dashboard writes them (spec 3 §9): one decimal below 10 kg, none above. */
const kgText = (kg: number) => `${kg < 10 ? kg.toFixed(1).replace('.', ',') : Math.round(kg).toLocaleString('fr-FR').replace(/\s/g, '\u202f')} kg`;
const year = () => new Date().getFullYear();

test('a traveller who booked two trips sees their CO2 on the dashboard', async ({ page }) => {
  const [lyonDay, marseilleDay] = [journeyDay('dashboard', 2), journeyDay('dashboard', 3)];
  const traveller = await ownUser(page.request, 'gus');
  await signIn(page, traveller.username, 'Gus');
  const call = await gusApi(page, traveller);
  const stats = async () => {
    const me = await call<{ links: { travelStats: Link } }>('GET', '/api/v1/user/');
    return call<Stats>('GET', `${me.links.travelStats.href}?beginPeriod=${year()}-01-01&endPeriod=${year()}-12-31`);
  };
  const before = await stats();
  await gusBooksTrain(call, lyonDay);
  await gusBooksTrain(call, marseilleDay, { to: 'city:marseille' });
  const after = await stats();
  // Both trips leave this year (a run on 30 or 31 December books into the next one).
  expect(after.travels).toBe(before.travels + 2);
  expect(after.emission.rail.value).toBeGreaterThan(before.emission.rail.value);

  // From the account menu: the dashboard comes first.
  await page.goto('/account/informations');
  const menu = page.getByRole('navigation', { name: 'Mon espace' });
  await expect(menu.getByRole('link').first()).toHaveText('Tableau de bord');
  await menu.getByRole('link', { name: 'Tableau de bord' }).click();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Année en cours' })).toBeChecked();

  const totals = page.getByRole('region', { name: 'Totaux de la période' });
  await expect(totals.getByText('Voyages', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(String(after.travels));
  await expect(totals.getByText('CO2 émis').locator('xpath=following-sibling::dd')).toHaveText(kgText(after.emission.gHGEmission.value));
  const emissions = page.getByRole('region', { name: 'Émissions de CO2' });
  await expect(emissions.getByRole('listitem').filter({ hasText: 'Train' }).first()).toContainText(kgText(after.emission.rail.value));
  await expect(emissions).toContainText('km en voiture thermique');

  // The chart (uPlot, its own chunk) is drawn, hidden from assistive technologies; the table says the same.
  await expect(page.locator('figure[aria-hidden="true"] canvas')).toBeVisible();
  const month = after.months.find((m) => m.month === `${lyonDay.getFullYear()}-${String(lyonDay.getMonth() + 1).padStart(2, '0')}`)!;
  const table = page.getByRole('table', { name: 'Émissions de CO2 par mois et par mode, en kg' });
  const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' }).format(new Date(`${month.month}-01T00:00:00Z`));
  await expect(
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: monthName, exact: true }) })
      .getByRole('cell')
      .first(),
  ).toHaveText(kgText(month.rail));

  const upcoming = page.getByRole('region', { name: 'Prochains voyages' });
  await expect(upcoming.getByText('Train : Paris → Lyon').first()).toBeVisible();
  await expect(upcoming.getByText('Train : Paris → Marseille').first()).toBeVisible();
  await expect(upcoming.getByRole('link', { name: `Voir le voyage ${typedDate(lyonDay)}` }).first()).toBeVisible();

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Last year's period holds none of them.
  await page.getByRole('radio', { name: 'Année précédente' }).check({ force: true });
  await expect(page).toHaveURL(/period=previousYear/);
  await expect(page.getByText(`Du 01/01/${year() - 1} au 31/12/${year() - 1}`)).toBeVisible();
});
