// throwaway: CPU profile of a signed-in page load, 4x CPU slowdown
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './lib/server';
import { CHROME_PATH, CHROMIUM_ARGS, apiAs, signIn } from './lib/browser';
import { landingPages } from './lighthouse';

const key = process.argv[2] ?? 'cart';
const server = await startServer({ root: process.cwd() });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
try {
  const ctx = await browser.newContext({ baseURL: server.baseUrl, locale: 'fr-FR' });
  const page = await ctx.newPage();
  const p = landingPages().find((x) => x.key === key)!;
  await signIn(page, p.as!);
  const path = p.prepare ? await p.prepare(page) : p.path;
  void apiAs;
  await page.goto('about:blank');
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(`/tmp/prof/${key}.cpuprofile`, JSON.stringify(profile));
  console.log('wrote', key);
} finally {
  await browser.close();
  await server.stop();
}
