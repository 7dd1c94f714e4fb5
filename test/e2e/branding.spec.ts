import { expect, test } from '@playwright/test';
import { LANG_STORAGE_KEY } from '@web/lib/storage-keys';

test('the agency logo shows whole in the header: at its own size, its name inside its picture', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const logo = page.getByRole('banner').getByRole('img', { name: 'Escale Voyages' });
  const shown = await logo.evaluate((img: HTMLImageElement) => ({
    width: img.getBoundingClientRect().width,
    height: img.getBoundingClientRect().height,
    ratio: img.naturalWidth / img.naturalHeight,
  }));
  expect(shown.height).toBe(40);
  expect(shown.width).toBeCloseTo(40 * shown.ratio, 0);

  // Every text of the picture fits inside it, whatever fonts the machine has.
  const svg = Buffer.from((await logo.getAttribute('src'))!.split(',')[1]!, 'base64').toString();
  await page.setContent(svg);
  const overflows = await page.evaluate(() => {
    const root = document.querySelector('svg')!;
    const width = root.viewBox.baseVal.width;
    return [...root.querySelectorAll('text')].map((text) => text.getBBox()).filter((box) => box.x < 0 || box.x + box.width > width + 0.5);
  });
  expect(overflows).toEqual([]);
});

test('an English visitor whose texts cannot load is told so in English', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'en'), LANG_STORAGE_KEY);
  await page.route('**/assets/messages-*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('#root')).toHaveText('Sorry, something went wrong. Reload the page.');
});
