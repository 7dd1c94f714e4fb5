import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { budget, round } from './lib/budget';
import { API_KEY, freePort } from './lib/server';
import type { Measurement } from './lib/types';
import { sandboxPlaces } from '../src/server/supplier/sandbox/places';
import { railJourneys } from '../src/server/supplier/sandbox/rail';

const QUERIES = ['par', 'lyon', 'gare de lyon', 'st ex', 'marseille st', 'bordeaux', 'genève', 'londres', 'nice', 'cdg', 'lille eur', 'toulouse'];

async function load(url: string, requests: { path: string }[], headers: Record<string, string>) {
  // Two seconds of warm-up first (JIT, caches), so the figures are the steady state.
  await autocannon({ url, connections: 50, duration: 2, headers, requests });
  const result = await autocannon({ url, connections: 50, duration: 10, headers, requests });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** /places under load (autocannon, 50 connections, 10 s) beside a bare Fastify route in another process. */
export const placesThroughput: Measurement = {
  name: 'places',
  title: '/places throughput and p99 vs a bare Fastify route',
  async run({ root, baseUrl, log }) {
    const places = await load(
      baseUrl,
      QUERIES.map((q) => ({ path: `/api/v1/places?q=${encodeURIComponent(q)}&types=airport,station,city` })),
      { 'api-key': API_KEY },
    );
    log(`  /places: ${places.rps} req/s, p99 ${places.p99} ms, errors ${places.errors}`);
    const port = await freePort();
    const bare = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-server.ts')], {
      cwd: root,
      env: { ...process.env, PORT: String(port) },
      stdio: 'ignore',
    });
    try {
      for (let i = 0; i < 100; i++) {
        const ok = await fetch(`http://127.0.0.1:${port}/bare`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const floor = await load(`http://127.0.0.1:${port}`, [{ path: '/bare' }], {});
      log(`  bare Fastify: ${floor.rps} req/s, p99 ${floor.p99} ms`);
      const ratio = round(places.rps / floor.rps, 2);
      log(`  /places reaches ${Math.round(ratio * 100)} % of the bare route's throughput`);
      return {
        figures: { places, bare: floor, throughputRatio: ratio },
        budgets: [budget('/places p99', places.p99, '<=', 10, 'ms'), budget('/places errors', places.errors, '=', 0)],
      };
    } finally {
      bare.kill('SIGTERM');
    }
  },
};

/** Time to generate the Paris → Marseille rail answer (median of 200 runs after warm-up). */
export const railGeneration: Measurement = {
  name: 'rail',
  title: 'sandbox rail answer Paris → Marseille',
  async run({ log }) {
    const directory = sandboxPlaces();
    const query = (i: number) => ({
      origin: directory.byId('city:paris', 'fr')!,
      destination: directory.byId('city:marseille', 'fr')!,
      // A different day each run: nothing is served from a warm cache of the same answer.
      datetime: new Date(Date.UTC(2027, 0, 1 + (i % 200), 7)).toISOString().slice(0, 16),
      represents: 'departure' as const,
      passengers: 1,
      customer: { companyId: null, corporateCarriers: [], negotiatedChains: [] },
      lang: 'fr' as const,
      withReturn: false,
      now: new Date('2026-12-01T09:00:00Z'),
    });
    for (let i = 0; i < 50; i++) railJourneys(query(i), directory.byId);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      railJourneys(query(i), directory.byId);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = round(times[100]!, 2);
    const p95 = round(times[190]!, 2);
    log(`  median ${median} ms, p95 ${p95} ms`);
    return { figures: { medianMs: median, p95Ms: p95 }, budgets: [budget('rail generation (median)', median, '<=', 5, 'ms')] };
  },
};
