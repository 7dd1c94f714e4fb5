/**
 * A landing page's main thread as a phone would run it: the page of bench/lighthouse.ts's landingPages
 * (signed in, prepared the same way) loaded with the CPU slowed 4× (Lighthouse's mobile setting) and a
 * V8 CPU profile of the load, written for bench/cpuprofile.ts. Lighthouse says how long the main thread
 * was blocked; this says by what code.
 *
 *   npx vite build && node --import tsx bench/page-profile.ts cart [--out=/tmp/cart.cpuprofile]
 *   node --import tsx bench/cpuprofile.ts /tmp/cart.cpuprofile --top=40
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_ARGS, signIn } from './lib/browser';
import { startServer } from './lib/server';
import { landingPages } from './lighthouse';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
const key = positionals[0] ?? 'cart';
const landing = landingPages().find((p) => p.key === key);
if (!landing)
  throw new Error(
    `no landing page "${key}": ${landingPages()
      .map((p) => p.key)
      .join(', ')}`,
  );
const out = values.out ?? `/tmp/${key}.cpuprofile`;

const server = await startServer({ root: process.cwd() });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'fr-FR' });
  const page = await context.newPage();
  if (landing.as) await signIn(page, landing.as);
  const path = landing.prepare ? await landing.prepare(page) : landing.path;
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_000); // what runs once the network is quiet (idle callbacks, lazy chunks)
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(out, JSON.stringify(profile));
  console.log(`${landing.label}: ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
