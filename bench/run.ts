/**
 * Escale benchmark: `npm run bench [-- --no-build] [-- --strict] [-- --only=web-size,lighthouse] [-- --runs=3] [-- --seconds=300]`.
 * Builds the web app, starts the production server on a fresh data directory, runs each measurement,
 * prints a PASS/FAIL table of budgets and writes bench/out/latest.json. See bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { viteBuild } from './lib/build';
import { summaryTable, type SectionOutcome } from './lib/report';
import { startServer, type RunningServer } from './lib/server';
import type { Measurement, MeasurementResult } from './lib/types';
import { lighthouse } from './lighthouse';
import { webSize } from './web-size';
import { placesThroughput, railGeneration } from './supplier';
import { results1000 } from './results-1000';
import { searchClick } from './search-click';
import { approvalsBench } from './approvals';
import { bookingsBench } from './bookings';
import { travels10k } from './travels-10k';
import { stats10k } from './stats-10k';
import { throughput } from './throughput';
import { hotelSearch } from './hotel-search';
import { hotelMap } from './hotel-map';
import { inpBench } from './inp';

function parseFlags() {
  try {
    return parseArgs({
      options: {
        'no-build': { type: 'boolean', default: false },
        strict: { type: 'boolean', default: false },
        only: { type: 'string' },
        runs: { type: 'string', default: '1' },
        seconds: { type: 'string', default: '20' },
        pages: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\nusage: npm run bench -- [--no-build] [--strict] [--only=a,b] [--runs=N] [--seconds=S] [--pages=cart,dashboard]`);
    process.exit(2);
  }
}
const flags = parseFlags();

const measurements: Measurement[] = [
  webSize,
  lighthouse({
    runs: Number(flags.runs) || 1,
    pages: flags.pages
      ?.split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  }),
  placesThroughput,
  railGeneration,
  searchClick,
  inpBench,
  results1000,
  approvalsBench,
  bookingsBench,
  travels10k,
  stats10k,
  hotelSearch,
  hotelMap,
  throughput({ seconds: Math.min(600, Number(flags.seconds) || 20) }),
];

if (flags.help) {
  console.log(
    `usage: npm run bench -- [--no-build] [--strict] [--only=${measurements.map((m) => m.name).join(',')}] [--runs=N] [--seconds=S] [--pages=<lighthouse page keys>]`,
  );
  process.exit(0);
}

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'bench', 'out');
const log = (message: string) => console.log(message);
const only = flags.only
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = only?.filter((n) => !measurements.some((m) => m.name === n)) ?? [];
if (unknown.length) {
  console.error(`unknown measurement(s): ${unknown.join(', ')}; known: ${measurements.map((m) => m.name).join(', ')}`);
  process.exit(2);
}
const selected = only ? measurements.filter((m) => only.includes(m.name)) : measurements;

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  fs.mkdirSync(outDir, { recursive: true });
  const startedAt = new Date();
  const build = flags['no-build'] ? null : { ms: 0 };
  if (build) {
    log('== vite build');
    build.ms = await viteBuild(root);
    log(`  built in ${(build.ms / 1000).toFixed(1)} s`);
  }
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('dist/index.html missing: run without --no-build');

  const sections: (SectionOutcome & { figures?: MeasurementResult['figures'] })[] = [];
  let server: RunningServer | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log('== starting server');
    const t0 = Date.now();
    server = await startServer({ root });
    log(`  ${server.baseUrl} (pid ${server.pid}) ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    for (const m of selected) {
      log(`== ${m.name}: ${m.title}`);
      const started = Date.now();
      try {
        const result = await m.run({ root, baseUrl: server.baseUrl, outDir, log });
        sections.push({ name: m.name, title: m.title, ms: Date.now() - started, ...result, notes: result.notes ?? [] });
      } catch (err) {
        const error = (err as Error).message;
        log(`  ERROR ${error}`);
        sections.push({ name: m.name, title: m.title, ms: Date.now() - started, budgets: [], notes: [], error });
      }
    }
  } finally {
    await server?.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  const budgetsFailed = sections.flatMap((s) => s.budgets).filter((b) => !b.pass).length;
  const errors = sections.filter((s) => s.error).length;
  log('\n== summary');
  log(summaryTable(sections));
  log(
    `\n${errors ? `${errors} measurement(s) failed (exit 1), ` : ''}${budgetsFailed ? `FAIL: ${budgetsFailed} budget(s) failed${flags.strict ? ' (--strict: exit 1)' : ' (exit 0 without --strict)'}` : 'all budgets PASS'}`,
  );

  const latest = {
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    flags: { build: !!build, strict: flags.strict, only: only ?? null, runs: Number(flags.runs) || 1, seconds: Math.min(600, Number(flags.seconds) || 20) },
    build,
    pass: budgetsFailed === 0 && errors === 0,
    sections: Object.fromEntries(sections.map(({ name, ...rest }) => [name, rest])),
  };
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(latest, null, 2)}\n`);
  log(`wrote ${path.relative(root, path.join(outDir, 'latest.json'))}`);
  if (errors) return 1;
  return flags.strict && budgetsFailed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
