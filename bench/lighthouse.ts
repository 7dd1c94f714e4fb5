import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page as PlaywrightPage } from 'playwright-core';
import { budget, round } from './lib/budget';
import { CHROME_PATH, CHROMIUM_ARGS, apiAs, signIn } from './lib/browser';
import type { Budget, Measurement } from './lib/types';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const RUN_TIMEOUT_MS = 180_000;

export type Preset = 'mobile' | 'desktop';

type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number; items?: DetailItem[] };
};
type DetailItem = {
  node?: { selector?: string; snippet?: string; nodeLabel?: string };
  url?: string;
  total?: number;
  scripting?: number;
  phase?: string;
  timing?: number;
  type?: string;
  items?: DetailItem[];
};
type Lhr = {
  lighthouseVersion: string;
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
};

export type PresetFigures = {
  performance: number;
  accessibility: number;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  failingAccessibilityAudits: { id: string; title: string; nodes: string[] }[];
  opportunities: { id: string; title: string; savingsMs: number }[];
  runWarnings: string[];
  /** Where the page ended (a client-side redirect shows here). */
  finalUrl: string | null;
  /** The LCP element as Lighthouse saw it, and its phases (TTFB, load delay, load time, render delay). */
  lcpElement: string | null;
  lcpPhases: string | null;
  /** Scripts by main-thread time (bootup-time audit): what the TBT is made of. */
  topScripts: { url: string; totalMs: number; scriptingMs: number }[];
  /** Lighthouse's CPU benchmark of this host (higher = faster); below ~1000 it warns that mobile scores suffer. */
  benchmarkIndex: number | null;
  report: string;
};

/** Runs the Lighthouse CLI once; resolves with the parsed report (also kept on disk). */
function runLighthouse(root: string, url: string, preset: Preset, outputPath: string, port?: number): Promise<Lhr> {
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility',
    // A signed-in page: in the browser the user signed in with (its port), whose storage holds the session.
    ...(port ? [`--port=${port}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROME_FLAGS}`]),
    '--quiet',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // SIGINT first: the CLI then closes the Chrome it launched.
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'), 10_000).unref();
    }, RUN_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`lighthouse (${preset}) failed (${signal ?? `exit ${code}`}):\n${output.trim()}`));
      try {
        resolve(JSON.parse(fs.readFileSync(outputPath, 'utf8')) as Lhr);
      } catch (err) {
        reject(new Error(`lighthouse (${preset}): cannot read ${outputPath}: ${(err as Error).message}`));
      }
    });
  });
}

const score = (s: number | null | undefined) => (s == null ? NaN : Math.round(s * 100));

function summarise(lhr: Lhr, report: string): PresetFigures {
  if (lhr.runtimeError) throw new Error(`lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const a = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is Audit =>
        !!audit && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual' && audit.score !== null && audit.score < 1,
    )
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      nodes: (audit.details?.items ?? [])
        .slice(0, 5)
        .map((item) => item.node?.selector ?? item.node?.snippet ?? '')
        .filter(Boolean),
    }));
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => (audit.details?.overallSavingsMs ?? 0) > 0 && (audit.score ?? 1) < 0.9)
    .map((audit) => ({ id: audit.id, title: audit.title, savingsMs: Math.round(audit.details!.overallSavingsMs!) }))
    .sort((x, y) => y.savingsMs - x.savingsMs)
    .slice(0, 5);
  // largest-contentful-paint-element: a list of two tables, the element, then its phases.
  const lcpTables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = lcpTables.flatMap((t) => t.items ?? []).find((i) => i.node)?.node;
  const phases = lcpTables.flatMap((t) => t.items ?? []).filter((i) => i.phase && typeof i.timing === 'number');
  const host = (u: string) => {
    try {
      return new URL(u).pathname;
    } catch {
      return u;
    }
  };
  return {
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    metrics: {
      fcpMs: Math.round(a('first-contentful-paint')),
      lcpMs: Math.round(a('largest-contentful-paint')),
      tbtMs: Math.round(a('total-blocking-time')),
      cls: round(a('cumulative-layout-shift'), 3),
      speedIndexMs: Math.round(a('speed-index')),
    },
    failingAccessibilityAudits: failing,
    opportunities,
    runWarnings: lhr.runWarnings ?? [],
    finalUrl: lhr.finalDisplayedUrl ?? null,
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.nodeLabel ? `"${lcpNode.nodeLabel.slice(0, 60)}"` : ''}`.trim() : null,
    lcpPhases: phases.length ? phases.map((p) => `${p.phase} ${Math.round(p.timing!)} ms`).join(', ') : null,
    topScripts: (lhr.audits['bootup-time']?.details?.items ?? [])
      .filter((i) => i.url && typeof i.total === 'number')
      .slice(0, 5)
      .map((i) => ({ url: host(i.url!), totalMs: Math.round(i.total!), scriptingMs: Math.round(i.scripting ?? 0) })),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    report,
  };
}

/** Lighthouse's trace recording fails now and then (NO_NAVSTART, NO_FCP): one more try before giving up. */
async function attempt<T>(run: () => Promise<T>, log: (m: string) => void): Promise<T> {
  try {
    return await run();
  } catch (err) {
    log(`  retrying after: ${(err as Error).message.split('\n').slice(-1)[0]}`);
    return run();
  }
}

/** Runs `runs` times and keeps the run with the median performance score. */
async function measurePreset(root: string, outDir: string, page: Page, url: string, preset: Preset, runs: number, log: (m: string) => void, port?: number) {
  const results: PresetFigures[] = [];
  for (let i = 1; i <= runs; i++) {
    const report = path.join(outDir, `lighthouse-${page.key}-${preset}${runs > 1 ? `-${i}` : ''}.json`);
    const started = Date.now();
    const figures = await attempt(async () => summarise(await runLighthouse(root, url, preset, report, port), path.relative(root, report)), log);
    log(
      `  ${page.label} ${preset}${runs > 1 ? ` #${i}` : ''}: performance ${figures.performance}, accessibility ${figures.accessibility}, host benchmarkIndex ${figures.benchmarkIndex ?? 'n/a'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    results.push(figures);
  }
  const sorted = [...results].sort((x, y) => x.performance - y.performance);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, allPerformance: results.map((r) => r.performance) };
}

const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;

/** Mobile performance budget of every page (Lighthouse default config: Moto G Power, simulated slow 4G + 4x CPU). */
export const MOBILE_PERFORMANCE_BUDGET = 95;

/**
 * A screen a user lands on. `as`: signed in as that demo user first (in a browser of its own, which
 * Lighthouse then drives with its storage kept); `prepare` puts the user's data in place and says the
 * address (a cart with a train in it, a hotel search of the user's entity).
 */
type Page = { key: string; label: string; path: string; as?: string; prepare?: (page: PlaywrightPage) => Promise<string> };

/** Local date `days` days from now, YYYY-MM-DD (the search URLs' dates are the places' local dates). */
function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A Paris → Lyon train in gus's cart, through the API as the results' "choose" makes it. */
async function trainInCart(page: PlaywrightPage): Promise<string> {
  const { proposals } = await apiAs<{ proposals: { offers: { id: string; roundTrip: boolean }[] }[] }>(page, 'POST', '/api/v1/treep/search?version=v2', {
    origin: 'city:paris',
    destination: 'city:lyon',
    datetime: `${dayAhead(9)}T07:00`,
    nb_travelers: 1,
    filters: { rail: true, flight: false },
  });
  const offer = proposals.flatMap((p) => p.offers).find((o) => !o.roundTrip)!;
  const gus = { gender: 'MR', firstname: 'Gus', lastname: 'Moreau', birthdate: '1980-01-02', contact_email: 'gus@globex.example', contact_phone: '0601020304' };
  await apiAs(page, 'POST', '/api/v1/cart/add?version=v2', { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: gus }] });
  return '/cart';
}

/** Alice's hotel search in Paris (about 500 hotels), for her first entity. */
async function parisHotels(page: PlaywrightPage): Promise<string> {
  const { entities } = await apiAs<{ entities: { uid: string }[] }>(page, 'GET', '/api/v1/user/');
  return `/search-hotels?place=city:paris&lat=48.8534&lon=2.3488&in=${dayAhead(20)}&out=${dayAhead(22)}&radius=10&pax=me&rooms=1&entity=${entities[0]!.uid}`;
}

/** Alice's car rental at Lyon Part-Dieu (picked up and returned there), for her first entity. */
async function lyonCars(page: PlaywrightPage): Promise<string> {
  const { entities } = await apiAs<{ entities: { uid: string }[] }>(page, 'GET', '/api/v1/user/');
  const station =
    'from=station-lyon-part-dieu&fromLat=45.7606&fromLon=4.8593&fromType=station&to=station-lyon-part-dieu&toLat=45.7606&toLon=4.8593&toType=station&rFrom=2&rTo=2';
  return `/search-car-rentals?${station}&start=${dayAhead(20)}T09:00&end=${dayAhead(22)}T18:00&driver=me&entity=${entities[0]!.uid}`;
}

/**
 * The screens users land on: a visitor's home page and a shared results link (src/contract/search-url.ts);
 * signed in, those an e-mail, a bookmark or a colleague's link opens: the cart, the bookings, the approvals
 * inbox, hotel and car results, the account's dashboard (My space) and personal data, the agency's work queue,
 * the company's administration.
 */
export function landingPages(): Page[] {
  return [
    { key: 'home', label: '/', path: '/' },
    { key: 'results', label: '/search', path: `/search?from=city:paris&to=city:lyon&date=${dayAhead(1)}T08:00` },
    { key: 'cart', label: '/cart (gus)', path: '/cart', as: 'gus', prepare: trainInCart },
    { key: 'bookings', label: '/account/tickets (gus)', path: '/account/tickets', as: 'gus' },
    { key: 'approvals', label: '/account/approvals (bob)', path: '/account/approvals', as: 'bob' },
    { key: 'hotel-results', label: '/search-hotels (alice)', path: '/search-hotels', as: 'alice', prepare: parisHotels },
    { key: 'car-results', label: '/search-car-rentals (alice)', path: '/search-car-rentals', as: 'alice', prepare: lyonCars },
    { key: 'dashboard', label: '/account/dashboard (alice)', path: '/account/dashboard', as: 'alice' },
    { key: 'personal-data', label: '/account/informations (alice)', path: '/account/informations', as: 'alice' },
    { key: 'agency-queue', label: '/agency/queue (tina)', path: '/agency/queue', as: 'tina' },
    { key: 'company', label: '/account/company (maya)', path: '/account/company', as: 'maya' },
  ];
}

/** A free loopback port for a signed-in browser's DevTools endpoint. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A browser of its own (profile in `dir`) signed in as `page.as`, its DevTools on `port`; the address `prepare` says, else the page's. */
async function signedInBrowser(baseUrl: string, dir: string, page: Page): Promise<{ context: BrowserContext; port: number; path: string }> {
  const port = await freePort();
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROME_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1'],
    baseURL: baseUrl,
    locale: 'fr-FR',
  });
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    await signIn(tab, page.as!);
    const target = page.prepare ? await page.prepare(tab) : page.path;
    await tab.goto('about:blank');
    return { context, port, path: target };
  } catch (err) {
    await context.close();
    throw err;
  }
}

/**
 * Lighthouse performance + accessibility of each landing page as a first-time visitor (Lighthouse's fresh
 * profile, storage reset, no session), mobile (default config) and desktop presets.
 */
export function lighthouse(opts: { runs?: number; pages?: string[] } = {}): Measurement {
  const runs = Math.max(1, opts.runs ?? 1);
  // `--pages=cart,dashboard`: only those (their keys in landingPages), to measure a change on one screen.
  const pages = landingPages().filter((p) => !opts.pages?.length || opts.pages.includes(p.key));
  return {
    name: 'lighthouse',
    title: `Lighthouse of ${pages.map((p) => p.label).join(', ')} (${runs} run${runs > 1 ? 's, median' : ''} per page and preset)`,
    async run({ root, baseUrl, outDir, log }) {
      if (!fs.existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
      const figures: Record<string, unknown> = {};
      const budgets: Budget[] = [];
      const notes: string[] = [];
      for (const page of pages) {
        const profile = page.as ? fs.mkdtempSync(path.join(os.tmpdir(), `escale-lh-${page.key}-`)) : undefined;
        const signedIn = profile ? await signedInBrowser(baseUrl, profile, page) : undefined;
        const url = `${baseUrl}${signedIn?.path ?? page.path}`;
        const pageFigures: Record<string, unknown> = { path: signedIn?.path ?? page.path, ...(page.as ? { signedInAs: page.as } : {}) };
        log(`  -- ${page.label}${signedIn ? `: ${signedIn.path}` : ''}`);
        try {
          for (const preset of ['mobile', 'desktop'] as const) {
            const { median, allPerformance } = await measurePreset(root, outDir, page, url, preset, runs, log, signedIn?.port);
            pageFigures[preset] = { ...median, ...(runs > 1 ? { allPerformance } : {}) };
            const m = median.metrics;
            log(`  ${page.label} ${preset}: FCP ${ms(m.fcpMs)}, LCP ${ms(m.lcpMs)}, TBT ${m.tbtMs} ms, CLS ${m.cls}, SI ${ms(m.speedIndexMs)}`);
            if (median.finalUrl && new URL(median.finalUrl).pathname !== new URL(url).pathname)
              log(`  ${page.label} ${preset}: ended on ${new URL(median.finalUrl).pathname}`);
            if (median.lcpElement) log(`  ${page.label} ${preset}: LCP element ${median.lcpElement}${median.lcpPhases ? ` (${median.lcpPhases})` : ''}`);
            if (preset === 'mobile') budgets.push(budget(`mobile performance ${page.label}`, median.performance, '>=', MOBILE_PERFORMANCE_BUDGET));
            budgets.push(budget(`${preset} accessibility ${page.label}`, median.accessibility, '=', 100));
            for (const audit of median.failingAccessibilityAudits)
              notes.push(`${page.label} ${preset} a11y FAIL ${audit.id}: ${audit.title}${audit.nodes.length ? `\n      ${audit.nodes.join('\n      ')}` : ''}`);
            if (preset === 'mobile' && median.performance < MOBILE_PERFORMANCE_BUDGET) {
              notes.push(
                `${page.label} mobile: performance ${median.performance}, FCP ${ms(m.fcpMs)}, LCP ${ms(m.lcpMs)}, TBT ${m.tbtMs} ms, CLS ${m.cls} (${median.report})`,
              );
              for (const o of median.opportunities) notes.push(`${page.label} ${preset} perf opportunity ${o.id}: ${o.title} (~${o.savingsMs} ms)`);
              if (median.lcpElement) notes.push(`${page.label} mobile LCP element: ${median.lcpElement}${median.lcpPhases ? ` (${median.lcpPhases})` : ''}`);
              if (median.topScripts.length)
                notes.push(`${page.label} mobile main-thread time by script: ${median.topScripts.map((t) => `${t.url} ${t.totalMs} ms`).join(', ')}`);
            }
            for (const w of median.runWarnings) notes.push(`${page.label} ${preset} warning: ${w}`);
          }
        } finally {
          await signedIn?.context.close();
          if (profile) fs.rmSync(profile, { recursive: true, force: true });
        }
        figures[page.key] = pageFigures;
      }
      return { figures, budgets, notes };
    },
  };
}
