import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { budget, round } from './lib/budget';
import type { Budget, Measurement } from './lib/types';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
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
function runLighthouse(root: string, url: string, preset: Preset, outputPath: string): Promise<Lhr> {
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility',
    `--chrome-flags=${CHROME_FLAGS}`,
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
    .filter((audit): audit is Audit => !!audit && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual' && audit.score !== null && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      nodes: (audit.details?.items ?? []).slice(0, 5).map((item) => item.node?.selector ?? item.node?.snippet ?? '').filter(Boolean),
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
async function measurePreset(root: string, outDir: string, page: Page, url: string, preset: Preset, runs: number, log: (m: string) => void) {
  const results: PresetFigures[] = [];
  for (let i = 1; i <= runs; i++) {
    const report = path.join(outDir, `lighthouse-${page.key}-${preset}${runs > 1 ? `-${i}` : ''}.json`);
    const started = Date.now();
    const figures = await attempt(async () => summarise(await runLighthouse(root, url, preset, report), path.relative(root, report)), log);
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

type Page = { key: string; label: string; path: string };

/** Local date of tomorrow, YYYY-MM-DD (the search URL's date is the origin's local date-time). */
function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The screens a visitor lands on: the home page, a shared results link (src/contract/search-url.ts), the cart. */
export function landingPages(): Page[] {
  return [
    { key: 'home', label: '/', path: '/' },
    { key: 'results', label: '/search', path: `/search?from=city:paris&to=city:lyon&date=${tomorrow()}T08:00` },
    { key: 'cart', label: '/cart', path: '/cart' },
  ];
}

/**
 * Lighthouse performance + accessibility of each landing page as a first-time visitor (Lighthouse's fresh
 * profile, storage reset, no session), mobile (default config) and desktop presets.
 */
export function lighthouse(opts: { runs?: number } = {}): Measurement {
  const runs = Math.max(1, opts.runs ?? 1);
  const pages = landingPages();
  return {
    name: 'lighthouse',
    title: `Lighthouse of ${pages.map((p) => p.label).join(', ')}, anonymous (${runs} run${runs > 1 ? 's, median' : ''} per page and preset)`,
    async run({ root, baseUrl, outDir, log }) {
      if (!fs.existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
      const figures: Record<string, unknown> = {};
      const budgets: Budget[] = [];
      const notes: string[] = [];
      for (const page of pages) {
        const url = `${baseUrl}${page.path}`;
        const pageFigures: Record<string, unknown> = { path: page.path };
        log(`  -- ${page.path}`);
        for (const preset of ['mobile', 'desktop'] as const) {
          const { median, allPerformance } = await measurePreset(root, outDir, page, url, preset, runs, log);
          pageFigures[preset] = { ...median, ...(runs > 1 ? { allPerformance } : {}) };
          const m = median.metrics;
          log(`  ${page.label} ${preset}: FCP ${ms(m.fcpMs)}, LCP ${ms(m.lcpMs)}, TBT ${m.tbtMs} ms, CLS ${m.cls}, SI ${ms(m.speedIndexMs)}`);
          if (median.finalUrl && new URL(median.finalUrl).pathname !== new URL(url).pathname) log(`  ${page.label} ${preset}: ended on ${new URL(median.finalUrl).pathname}`);
          if (median.lcpElement) log(`  ${page.label} ${preset}: LCP element ${median.lcpElement}${median.lcpPhases ? ` (${median.lcpPhases})` : ''}`);
          if (preset === 'mobile') budgets.push(budget(`mobile performance ${page.label}`, median.performance, '>=', MOBILE_PERFORMANCE_BUDGET));
          budgets.push(budget(`${preset} accessibility ${page.label}`, median.accessibility, '=', 100));
          for (const audit of median.failingAccessibilityAudits)
            notes.push(`${page.label} ${preset} a11y FAIL ${audit.id}: ${audit.title}${audit.nodes.length ? `\n      ${audit.nodes.join('\n      ')}` : ''}`);
          if (preset === 'mobile' && median.performance < MOBILE_PERFORMANCE_BUDGET) {
            notes.push(`${page.label} mobile: performance ${median.performance}, FCP ${ms(m.fcpMs)}, LCP ${ms(m.lcpMs)}, TBT ${m.tbtMs} ms, CLS ${m.cls} (${median.report})`);
            for (const o of median.opportunities) notes.push(`${page.label} ${preset} perf opportunity ${o.id}: ${o.title} (~${o.savingsMs} ms)`);
            if (median.lcpElement) notes.push(`${page.label} mobile LCP element: ${median.lcpElement}${median.lcpPhases ? ` (${median.lcpPhases})` : ''}`);
            if (median.topScripts.length)
              notes.push(`${page.label} mobile main-thread time by script: ${median.topScripts.map((t) => `${t.url} ${t.totalMs} ms`).join(', ')}`);
          }
          for (const w of median.runWarnings) notes.push(`${page.label} ${preset} warning: ${w}`);
        }
        figures[page.key] = pageFigures;
      }
      return { figures, budgets, notes };
    },
  };
}
