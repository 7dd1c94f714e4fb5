import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Import boundaries of ARCHITECTURE.md section 1, as one local rule:
 * - src/contract imports only zod (and itself; its tests also vitest), and tenant-pattern.ts re2js (the
 *   linear-time engine both sides run a company's patterns with);
 * - src/web never imports src/server, and src/server never imports src/web;
 * - a feature (src/{server,web}/features/<f>) never imports another feature;
 * - on the server, src/server/domain imports only src/contract and domain/, and src/server/reference (the
 *   reference data every layer reads) only src/contract, domain/ and reference/ — no package, no Node
 *   module, no Fastify, drizzle or supplier: both stay pure; platform/ (infrastructure) imports neither
 *   features/ nor domain/; db/, supplier/ and payment/ do not import features/; only supplier/ itself
 *   reaches into the sandbox supplier (supplier/sandbox/): the others speak to the Supplier port. Tests
 *   are exempt from the server's layer rules (they build their fixtures from the sandbox supplier and
 *   the seed), not from the others.
 */
const root = path.resolve(import.meta.dirname, 'src');
const areaOf = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  return {
    side: rel[0],
    layer: rel[0] === 'server' && rel.length > 2 ? rel[1] : null,
    feature: rel[1] === 'features' ? rel[2] : null,
    sandbox: rel[1] === 'supplier' && rel[2] === 'sandbox',
  };
};
/** The import aliases of tsconfig.json `paths` (and vite.config.ts): `@server/db/x` is src/server/db/x. */
const ALIASES = { '@contract/': 'src/contract/', '@server/': 'src/server/', '@web/': 'src/web/', '@test/': 'test/', '@locales/': 'locales/' };
/** An import's target as a path (relative or aliased), or null for a package. */
const importedPath = (fromFile, spec) => {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  return alias ? path.resolve(import.meta.dirname, ALIASES[alias], spec.slice(alias.length)) : null;
};
/** Tests and their fixtures. */
const isTest = (file) => /\.(test|fixtures)\.tsx?$/.test(file);
/** The pure server layers: layer → the layers it may import besides src/contract (and no package). */
const PURE_LAYERS = { domain: ['domain'], reference: ['reference', 'domain'] };
/** What each other server layer must not import: layer → forbidden layers. */
const SERVER_LAYERS = {
  invitations: ['features'],
  platform: ['features', 'domain'],
  db: ['features'],
  supplier: ['features'],
  payment: ['features'],
  booking: ['features'],
  // The operator tool: the database, platform, domain, reference data and invitations, never a feature's code.
  admin: ['features', 'supplier', 'payment', 'booking'],
};
const boundaries = {
  meta: { type: 'problem', schema: [], messages: { bad: '{{why}}' } },
  create(context) {
    const from = areaOf(context.filename);
    if (!from) return {};
    const layerRules = from.side === 'server' && !isTest(context.filename);
    const pure = layerRules ? PURE_LAYERS[from.layer] : undefined;
    const forbidden = layerRules ? SERVER_LAYERS[from.layer] : undefined;
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const report = (why) => context.report({ node, messageId: 'bad', data: { why } });
      const target = importedPath(context.filename, spec);
      if (!target) {
        const contractPackage = spec === 'zod' || (spec === 're2js' && context.filename.endsWith('src/contract/tenant-pattern.ts'));
        if (from.side === 'contract' && !contractPackage && !isTest(context.filename))
          report('src/contract may import only zod (and tenant-pattern.ts re2js).');
        if (pure) report(`src/server/${from.layer} may import only src/contract and ${pure.join('/, ')}/ (not "${spec}"): keep it pure.`);
        return;
      }
      const to = areaOf(target);
      if (!to) return;
      if (from.side === 'contract' && to.side !== 'contract') report('src/contract may import only zod.');
      if (from.side === 'web' && to.side === 'server') report('src/web must not import src/server.');
      if (from.side === 'server' && to.side === 'web') report('src/server must not import src/web.');
      if (from.feature && to.feature && from.side === to.side && from.feature !== to.feature)
        report(
          `feature "${from.feature}" must not import feature "${to.feature}": move shared code to lib/ or components/ (server: domain/, reference/, db/ or platform/).`,
        );
      if (layerRules && to.side === 'server') {
        if (pure && !pure.includes(to.layer))
          report(`src/server/${from.layer} may import only src/contract and ${pure.join('/, ')}/ (not ${to.layer ?? 'the server root'}/): keep it pure.`);
        if (forbidden?.includes(to.layer)) report(`src/server/${from.layer} must not import ${to.layer}/ (ARCHITECTURE.md §1 import direction).`);
        if (to.sandbox && from.layer !== 'supplier')
          report(
            'only src/server/supplier reaches into the sandbox supplier: read reference data from reference/, speak to the Supplier port (supplier/types.ts).',
          );
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * No import cycle in src/server, nor in src/web (type-only and dynamic imports count: a cycle of types
 * is a cycle of design, and a lazy import back into its importer is still one). Each side's import
 * graph (every .ts and .tsx file under it, read from disk with TypeScript's import scanner) is split
 * into strongly connected components; an import whose target is in its file's component closes a
 * cycle, and is reported with the cycle it closes.
 */
const cycleRoots = [path.join(root, 'server'), path.join(root, 'web')];
const sourceFiles = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
const resolveImport = (fromFile, spec) => {
  const base = importedPath(fromFile, spec);
  if (!base) return null;
  return (
    [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) => /\.tsx?$/.test(f) && fs.existsSync(f)) ?? null
  );
};
/** Tarjan's strongly connected components: file → component id. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const component = new Map();
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.set(w, v);
      } while (w !== v);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return component;
}
const importGraphs = new Map();
/** One side's graph, rebuilt when older than a second: one CLI run reads the tree a few times at most, an editor sees changes. */
function currentGraph(sideRoot) {
  const known = importGraphs.get(sideRoot);
  if (known && Date.now() - known.at < 1000) return known;
  const graph = new Map();
  for (const file of sourceFiles(sideRoot)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    graph.set(file, new Set(importedFiles.map((f) => resolveImport(file, f.fileName)).filter((f) => f && f.startsWith(sideRoot + path.sep))));
  }
  const fresh = { at: Date.now(), graph, component: components(graph) };
  importGraphs.set(sideRoot, fresh);
  return fresh;
}
/** The shortest path of imports from `start` back to `goal`, within one component. */
function cyclePath({ graph, component }, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    if (v === goal) break;
    for (const w of graph.get(v) ?? [])
      if (!previous.has(w) && component.get(w) === component.get(goal)) {
        previous.set(w, v);
        queue.push(w);
      }
  }
  const chain = [];
  for (let v = goal; v !== null && v !== undefined; v = previous.get(v)) chain.unshift(v);
  return chain;
}
const noCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{cycle}}. Move what both sides need into a module both can import.' } },
  create(context) {
    const file = context.filename;
    const sideRoot = cycleRoots.find((r) => file.startsWith(r + path.sep));
    if (!sideRoot) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = resolveImport(file, spec);
      if (!target) return;
      const g = currentGraph(sideRoot);
      if (target !== file && g.component.get(target) !== g.component.get(file)) return;
      if (target !== file && g.component.get(file) === undefined) return;
      const chain = target === file ? [file, file] : [file, ...cyclePath(g, target, file)];
      context.report({ node, messageId: 'cycle', data: { cycle: chain.map((f) => path.relative(sideRoot, f)).join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/web/routeTree.gen.ts', 'dev-dist', 'test-results', 'playwright-report', 'data', '.test-data', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { escale: { rules: { boundaries, 'no-cycle': noCycle } } },
    rules: {
      'escale/boundaries': 'error',
      'escale/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // An import climbs one folder at most: farther targets go through the aliases (@contract, @server, @web, @test, @locales).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}',
              message: 'Import through an alias (@contract/, @server/, @web/, @test/, @locales/) rather than climbing two or more folders.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
