/**
 * Summarises a V8 CPU profile (`BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`: one file per
 * thread of each server; the largest of a server is its main thread, the next its database thread):
 * self and inclusive time by function, and self time by file or package.
 *
 *   node --import tsx bench/cpuprofile.ts FILE.cpuprofile [--top=40] [--window=19] [--callers=REGEXP]
 *
 * `--window=S`: only the last S seconds before the profile's end (a throughput run's load, without
 * the server's start-up); `--callers=REGEXP`: the call chains (4 frames up) of the matching functions.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' }, window: { type: 'string' }, callers: { type: 'string' } },
});
if (!positionals[0]) throw new Error('usage: bench/cpuprofile.ts FILE.cpuprofile [--top=40] [--window=S] [--callers=REGEXP]');
const profile = JSON.parse(fs.readFileSync(positionals[0], 'utf8')) as Profile;
const top = Number(values.top);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: Node) => {
  const url = n.callFrame.url.replace(/.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench|test)\//, '$1/');
  return `${n.callFrame.functionName || '(anonymous)'} ${url}${url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
};
const fileOf = (n: Node) => {
  const url = n.callFrame.url;
  if (!url) return n.callFrame.functionName;
  const pkg = url.split('node_modules/').at(-1)!;
  return url.includes('node_modules/')
    ? pkg
        .split('/')
        .slice(0, pkg.startsWith('@') ? 2 : 1)
        .join('/')
    : url.replace(/^file:\/\/.*?\/(src|bench|test)\//, '$1/');
};

// Samples (by node) in the window, and the time one sample stands for.
const counts = new Map<number, number>();
const windowUs = values.window ? Number(values.window) * 1e6 : Infinity;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i]!;
  if (at >= profile.endTime - windowUs) counts.set(id, (counts.get(id) ?? 0) + 1);
});
const msPerSample = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
const idle = new Set(['(idle)', '(program)']);
const total = [...counts.values()].reduce((a, b) => a + b, 0);
const busy = [...counts].filter(([id]) => !idle.has(byId.get(id)!.callFrame.functionName)).reduce((a, [, c]) => a + c, 0);

const selfTime = new Map<string, number>();
const inclusive = new Map<string, number>();
const files = new Map<string, number>();
const callers = new Map<string, number>();
const matching = values.callers ? new RegExp(values.callers) : null;
for (const [id, count] of counts) {
  const node = byId.get(id)!;
  selfTime.set(name(node), (selfTime.get(name(node)) ?? 0) + count);
  files.set(fileOf(node), (files.get(fileOf(node)) ?? 0) + count);
  const chain: Node[] = [];
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) chain.push(byId.get(cur)!);
  for (const key of new Set(chain.map(name))) inclusive.set(key, (inclusive.get(key) ?? 0) + count);
  const hit = matching ? chain.findIndex((n) => matching.test(name(n))) : -1;
  if (hit >= 0) {
    const key = chain
      .slice(hit, hit + 4)
      .map(name)
      .join(' ← ');
    callers.set(key, (callers.get(key) ?? 0) + count);
  }
}

const print = (title: string, table: Map<string, number>) => {
  console.log(`-- ${title}`);
  for (const [key, count] of [...table].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(count * msPerSample).toFixed(0).padStart(7)} ms ${((count / busy) * 100).toFixed(1).padStart(5)} %  ${key}`);
};
console.log(`${positionals[0]}: ${(total * msPerSample).toFixed(0)} ms sampled, ${(busy * msPerSample).toFixed(0)} ms busy (% below: of busy)`);
if (matching) print(`callers of /${values.callers}/`, callers);
else {
  print('self', selfTime);
  print('inclusive', inclusive);
  print('self by file or package', files);
}
