import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { budget, cpuMs, round } from './lib/budget';
import { API_KEY, signInApi, startServer, type RunningServer } from './lib/server';
import type { BenchContext, Measurement } from './lib/types';
import { openDatabase } from '../src/server/db/client';

const CONNECTIONS = 20;
const WARM_UP_S = 5;
const SEARCH_PATH = '/api/v1/treep/search?version=v2';
/** Signed-in searchers (the demo seed's employees): the search the web app makes for a user, compliance included. */
const USERS = ['alice', 'bob', 'carol', 'sam', 'maya', 'gus'];
/** Routes a French business traveller searches, by train and by air; short, long and cross-border. */
const ROUTES: [string, string][] = [
  ['paris', 'lyon'],
  ['paris', 'marseille'],
  ['paris', 'bordeaux'],
  ['paris', 'lille'],
  ['paris', 'strasbourg'],
  ['paris', 'nantes'],
  ['paris', 'rennes'],
  ['paris', 'montpellier'],
  ['paris', 'toulouse'],
  ['paris', 'nice'],
  ['paris', 'geneva'],
  ['paris', 'brussels'],
  ['paris', 'london'],
  ['lyon', 'bordeaux'],
  ['lille', 'lyon'],
  ['nantes', 'marseille'],
  ['toulouse', 'lille'],
  ['strasbourg', 'montpellier'],
  ['rennes', 'lyon'],
  ['bordeaux', 'nice'],
];

type Searcher = { token: string; uid: string };

/** The body the web app posts for `/search?from=…&to=…&date=…` (features/trip/results/api.ts searchBody). */
function searchBody(i: number, searcher: Searcher, firstDay: Date) {
  const [from, to] = ROUTES[i % ROUTES.length]!;
  const [origin, destination] = Math.floor(i / ROUTES.length) % 2 ? [to, from] : [from, to];
  const day = new Date(firstDay.getTime() + (Math.floor(i / 7) % 45) * 86_400_000).toISOString().slice(0, 10);
  const hour = String(6 + (i % 13)).padStart(2, '0');
  return {
    origin: `city:${origin}`,
    destination: `city:${destination}`,
    datetime: `${day}T${hour}:00`,
    represents: 'departure',
    return_datetime: null,
    return_represents: null,
    return_origin: null,
    return_destination: null,
    nb_travelers: 1,
    travelers: [{ id: 1, profile_id: searcher.uid }],
    entity_id: null,
    special_fare: null,
    travelID: null,
    filters: { rail: true, flight: true },
  };
}

/** Resident set size of a process (Linux /proc), MB. */
function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? round(Number(line[1]) / 1024, 0) : NaN;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Growth (%) of the last third of RSS samples over the first third. */
function growthOf(samples: number[]): number {
  const third = Math.max(1, Math.floor(samples.length / 3));
  return round(((mean(samples.slice(-third)) - mean(samples.slice(0, third))) / mean(samples.slice(0, third))) * 100, 1);
}

/** CPU time this machine's PostgreSQL processes have used so far, ms (0 when none runs here). */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)))
    try {
      if (fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(' (postgres) ')) total += cpuMs(Number(pid));
    } catch {
      // ended meanwhile
    }
  return total;
}

type LoadFigures = {
  database: string;
  seconds: number;
  connections: number;
  searches: number;
  searchesPerS: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Server CPU per search: steadier than searches/s on a machine shared with other work. */
  cpuMsPerSearch: number;
  /** The rest of a search's CPU on this machine: the load's client (autocannon, in this process), and PostgreSQL's processes when they run here. */
  clientCpuMsPerSearch: number;
  postgresCpuMsPerSearch: number | null;
  /** `growth`: the mean of the last third of the samples against the first third, % (one sample is a point of GC's sawtooth). */
  rssMb: { start: number; afterWarmUp: number; end: number; max: number; growth: number; samples: number[] };
  proposalsPerAnswer: number;
  answerKb: number;
};

/** 20 clients posting trip searches back to back for `seconds` (after a warm-up), with the server's RSS sampled. */
async function load(server: RunningServer, database: string, seconds: number, log: BenchContext['log']): Promise<LoadFigures> {
  const searchers = await Promise.all(USERS.map((u) => signInApi(server.baseUrl, u)));
  // Tomorrow onwards: every search is bookable and none is in the past.
  const firstDay = new Date(Date.now() + 86_400_000);
  const headersOf = (s: Searcher) => ({
    'api-key': API_KEY,
    authorization: `Bearer ${s.token}`,
    'content-type': 'application/json',
    'accept-encoding': 'gzip, br',
  });

  // One answer read in full: the load below counts answers, this checks they are the real thing.
  const sample = await fetch(`${server.baseUrl}${SEARCH_PATH}`, {
    method: 'POST',
    headers: headersOf(searchers[0]!),
    body: JSON.stringify(searchBody(1, searchers[0]!, firstDay)),
  });
  const sampleText = await sample.text();
  if (!sample.ok) throw new Error(`sample search: ${sample.status} ${sampleText.slice(0, 300)}`);
  const proposalsPerAnswer = (JSON.parse(sampleText) as { result: { proposals: unknown[] } }).result.proposals.length;
  if (proposalsPerAnswer === 0) throw new Error('sample search found no proposal');

  let counter = 0;
  const requests = [
    {
      method: 'POST' as const,
      path: SEARCH_PATH,
      setupRequest: (req: autocannon.Request) => {
        const i = counter++;
        const searcher = searchers[i % searchers.length]!;
        return { ...req, headers: headersOf(searcher), body: JSON.stringify(searchBody(i, searcher, firstDay)) };
      },
    },
  ];
  const start = rssMb(server.pid);
  await autocannon({ url: server.baseUrl, connections: CONNECTIONS, duration: WARM_UP_S, requests });
  const afterWarmUp = rssMb(server.pid);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(server.pid)), Math.max(1_000, (seconds * 1_000) / 30));
  const cpuBefore = cpuMs(server.pid);
  const clientBefore = process.cpuUsage();
  const postgresBefore = database === 'PostgreSQL' ? postgresCpuMs() : 0;
  let run: autocannon.Result;
  try {
    run = await autocannon({ url: server.baseUrl, connections: CONNECTIONS, duration: seconds, requests });
  } finally {
    clearInterval(sampler);
  }
  const end = rssMb(server.pid);
  const perSearch = (ms: number) => round(ms / Math.max(1, run['2xx']), 2);
  const cpuMsPerSearch = perSearch(cpuMs(server.pid) - cpuBefore);
  const client = process.cpuUsage(clientBefore);
  const clientCpuMsPerSearch = perSearch((client.user + client.system) / 1000);
  const postgresCpuMsPerSearch = database === 'PostgreSQL' ? perSearch(postgresCpuMs() - postgresBefore) : null;
  const figures: LoadFigures = {
    database,
    seconds,
    connections: CONNECTIONS,
    searches: run['2xx'],
    searchesPerS: round(run['2xx'] / seconds, 1),
    p50: run.latency.p50,
    p99: run.latency.p99,
    max: run.latency.max,
    errors: run.errors + run.timeouts + run.non2xx,
    cpuMsPerSearch,
    clientCpuMsPerSearch,
    postgresCpuMsPerSearch,
    rssMb: { start, afterWarmUp, end, max: Math.max(end, ...samples), growth: growthOf([afterWarmUp, ...samples, end]), samples },
    proposalsPerAnswer,
    answerKb: round(Buffer.byteLength(sampleText) / 1024, 1),
  };
  log(
    `  ${database}: ${figures.searchesPerS} searches/s over ${seconds} s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms, errors ${figures.errors}, server CPU ${cpuMsPerSearch} ms/search (client ${clientCpuMsPerSearch}${postgresCpuMsPerSearch === null ? '' : `, PostgreSQL ${postgresCpuMsPerSearch}`}; load average ${os.loadavg()[0]!.toFixed(1)}); RSS ${start} → ${afterWarmUp} (warm) → ${end} MB (max ${figures.rssMb.max}, last third vs first ${figures.rssMb.growth >= 0 ? '+' : ''}${figures.rssMb.growth} %)`,
  );
  return figures;
}

/** What a stored search weighs: its columns as stored (compressed by PostgreSQL or by us), and the table on disk with its TOAST and indexes, per search. */
async function storedBytes(database: { url?: string; dataDir?: string }) {
  const db = await openDatabase(database);
  try {
    const result = (await db.db.execute(
      sql`select count(*)::int as n, coalesce(avg(pg_column_size(request) + pg_column_size(journeys)), 0)::int as stored, pg_total_relation_size('trip_searches')::text as disk from trip_searches`,
    )) as unknown as { rows: { n: number; stored: number; disk: string }[] };
    const { n, stored, disk } = result.rows[0]!;
    return { searches: n, storedBytesPerSearch: stored, diskBytesPerSearch: n ? Math.round(Number(disk) / n) : 0 };
  } finally {
    await db.close();
  }
}

async function onPglite(root: string, seconds: number, log: BenchContext['log']) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-bench-throughput-'));
  try {
    const server = await startServer({ root, dataDir, keepDataDir: true });
    let figures: LoadFigures;
    try {
      figures = await load(server, 'PGlite', seconds, log);
    } finally {
      await server.stop();
    }
    return { ...figures, stored: await storedBytes({ dataDir }) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A database of its own (`bench_speed_<pid>`) on BENCH_DATABASE_URL's server, dropped afterwards. */
async function onPostgres(root: string, serverUrl: string, seconds: number, log: BenchContext['log']) {
  const { default: pg } = await import('pg');
  const name = `bench_speed_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const server = await startServer({ root, env: { DATABASE_URL: url.href, DEMO: '1' } /* demo mode, as the PGlite server: no SMTP server here */ });
      let figures: LoadFigures;
      try {
        figures = await load(server, 'PostgreSQL', seconds, log);
      } finally {
        await server.stop();
      }
      return { ...figures, stored: await storedBytes({ url: url.href }) };
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

const budgetsOf = (f: LoadFigures) => [
  budget(`${f.database}: searches/s at ${f.connections} connections`, f.searchesPerS, '>=', 300, '/s'),
  budget(`${f.database}: search p99`, f.p99, '<=', 150, 'ms'),
  budget(`${f.database}: search errors`, f.errors, '=', 0),
  // Flat: the last third of the run holds no more than a tenth above the first.
  budget(`${f.database}: RSS growth over the run`, f.rssMb.growth, '<=', 10, '%'),
];

/**
 * Trip search throughput: 20 signed-in clients posting the web app's trip
 * searches for `seconds` on a server of their own, on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL names a server (e.g. postgres://postgres@127.0.0.1:5432/postgres).
 */
export const throughput = (opts: { seconds: number }): Measurement => ({
  name: 'throughput',
  title: `trip search throughput: ${CONNECTIONS} clients, ${opts.seconds} s`,
  async run({ root, log }) {
    const pglite = await onPglite(root, opts.seconds, log);
    log(
      `  stored per search: ${pglite.stored.storedBytesPerSearch} B in its row, ${pglite.stored.diskBytesPerSearch} B of table on disk (${pglite.stored.searches} searches)`,
    );
    const pgUrl = process.env.BENCH_DATABASE_URL;
    const postgres = pgUrl ? await onPostgres(root, pgUrl, opts.seconds, log) : null;
    const notes = postgres ? [] : ['PostgreSQL not measured: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)'];
    return {
      figures: { pglite, postgres },
      budgets: [...budgetsOf(pglite), ...(postgres ? budgetsOf(postgres) : [])],
      notes,
    };
  },
});
