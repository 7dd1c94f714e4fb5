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
  details?: { type?: string; overallSavingsMs?: number; items?: { node?: { selector?: string; snippet?: string } }[] };
};
type Lhr = {
  lighthouseVersion: string;
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
async function measurePreset(root: string, outDir: string, url: string, preset: Preset, runs: number, log: (m: string) => void) {
  const results: PresetFigures[] = [];
  for (let i = 1; i <= runs; i++) {
    const report = path.join(outDir, runs > 1 ? `lighthouse-${preset}-${i}.json` : `lighthouse-${preset}.json`);
    const started = Date.now();
    const figures = await attempt(async () => summarise(await runLighthouse(root, url, preset, report), path.relative(root, report)), log);
    log(`  ${preset}${runs > 1 ? ` #${i}` : ''}: performance ${figures.performance}, accessibility ${figures.accessibility}, host benchmarkIndex ${figures.benchmarkIndex ?? 'n/a'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    results.push(figures);
  }
  const sorted = [...results].sort((x, y) => x.performance - y.performance);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, allPerformance: results.map((r) => r.performance) };
}

const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;

/** Lighthouse performance + accessibility of `/`, mobile (default config) and desktop presets. */
export function lighthouse(opts: { runs?: number } = {}): Measurement {
  const runs = Math.max(1, opts.runs ?? 1);
  return {
    name: 'lighthouse',
    title: `Lighthouse of / (${runs} run${runs > 1 ? 's, median' : ''} per preset)`,
    async run({ root, baseUrl, outDir, log }) {
      if (!fs.existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
      const url = `${baseUrl}/`;
      const figures: Record<string, unknown> = {};
      const budgets: Budget[] = [];
      const notes: string[] = [];
      for (const preset of ['mobile', 'desktop'] as const) {
        const { median, allPerformance } = await measurePreset(root, outDir, url, preset, runs, log);
        figures[preset] = { ...median, ...(runs > 1 ? { allPerformance } : {}) };
        const m = median.metrics;
        log(`  ${preset}: FCP ${ms(m.fcpMs)}, LCP ${ms(m.lcpMs)}, TBT ${m.tbtMs} ms, CLS ${m.cls}, SI ${ms(m.speedIndexMs)}`);
        if (preset === 'mobile') budgets.push(budget('mobile performance', median.performance, '>=', 90));
        budgets.push(budget(`${preset} accessibility`, median.accessibility, '=', 100));
        for (const audit of median.failingAccessibilityAudits)
          notes.push(`${preset} a11y FAIL ${audit.id}: ${audit.title}${audit.nodes.length ? `\n      ${audit.nodes.join('\n      ')}` : ''}`);
        if (preset === 'mobile' && median.performance < 90)
          for (const o of median.opportunities) notes.push(`${preset} perf opportunity ${o.id}: ${o.title} (~${o.savingsMs} ms)`);
        for (const w of median.runWarnings) notes.push(`${preset} warning: ${w}`);
      }
      return { figures, budgets, notes };
    },
  };
}
