import zlib from 'node:zlib';
import ts from 'typescript';
import { budget, kb, round } from './lib/budget';
import type { Measurement } from './lib/types';

/** Initial JS budget of `/`, gzip level 9, KB = 1024 bytes. */
export const INITIAL_JS_BUDGET_KB = 160;

type Asset = { path: string; kind: 'js' | 'css'; via: string; bytes: number; gzip: number };

const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(2).find((v) => v !== undefined);

/** Up-front JS/CSS of an HTML document: module scripts, modulepreloads and stylesheets, in document order. */
export function entryAssets(html: string): { url: string; kind: 'js' | 'css'; via: string }[] {
  const found: { url: string; kind: 'js' | 'css'; via: string }[] = [];
  const body = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of body.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const tag = match[0];
    if (match[1]!.toLowerCase() === 'script') {
      const src = attr(tag, 'src');
      if (src && attr(tag, 'type')?.toLowerCase() === 'module') found.push({ url: src, kind: 'js', via: 'script[type=module]' });
      continue;
    }
    const rel = attr(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel.includes('modulepreload')) found.push({ url: href, kind: 'js', via: 'modulepreload' });
    else if (rel.includes('stylesheet')) found.push({ url: href, kind: 'css', via: 'stylesheet' });
  }
  // The app's own chunks, which the entry requests right after the first paint: a first visit loads them too.
  for (const match of body.matchAll(/<meta\b[^>]*name=["']escale-preload["'][^>]*>/gi))
    for (const url of (attr(match[0], 'content') ?? '').split(/\s+/).filter(Boolean)) found.push({ url, kind: 'js', via: 'escale-preload' });
  return found;
}

/** Static (top-level) import / export-from specifiers of an ES module; dynamic import() is ignored. */
export function staticImports(source: string): string[] {
  const file = ts.createSourceFile('chunk.js', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const specs: string[] = [];
  for (const statement of file.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier))
      specs.push(statement.moduleSpecifier.text);
  }
  return specs;
}

async function fetchOk(url: string): Promise<Buffer> {
  const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Sums the gzip size of everything `/` loads before any dynamic import, fetched from the running server. */
export const webSize: Measurement = {
  name: 'web-size',
  title: 'Initial load size of /',
  async run({ baseUrl, log }) {
    const pageUrl = `${baseUrl}/`;
    const html = (await fetchOk(pageUrl)).toString('utf8');
    const assets = new Map<string, Asset>();
    const queue = entryAssets(html).map((a) => ({ ...a, url: new URL(a.url, pageUrl).href }));
    while (queue.length) {
      const { url, kind, via } = queue.shift()!;
      const { pathname } = new URL(url);
      if (assets.has(pathname)) continue;
      if (new URL(url).origin !== baseUrl) throw new Error(`unexpected third-party asset ${url}`);
      const body = await fetchOk(url);
      assets.set(pathname, { path: pathname, kind, via, bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
      if (kind === 'js')
        for (const spec of staticImports(body.toString('utf8')))
          queue.push({ url: new URL(spec, url).href, kind: spec.endsWith('.css') ? 'css' : 'js', via: `import from ${pathname.split('/').pop()}` });
    }
    const list = [...assets.values()].sort((a, b) => (a.kind === b.kind ? b.gzip - a.gzip : a.kind === 'js' ? -1 : 1));
    const sum = (kind: Asset['kind'], key: 'bytes' | 'gzip') => list.filter((a) => a.kind === kind).reduce((n, a) => n + a[key], 0);
    const jsGzip = sum('js', 'gzip');
    const cssGzip = sum('css', 'gzip');

    log(`  ${'file'.padEnd(48)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}  loaded via`);
    for (const a of list) log(`  ${a.path.padEnd(48)} ${kb(a.bytes).toFixed(1).padStart(8)} ${kb(a.gzip).toFixed(1).padStart(8)}  ${a.via}`);
    log(`  ${'total JS'.padEnd(48)} ${kb(sum('js', 'bytes')).toFixed(1).padStart(8)} ${kb(jsGzip).toFixed(1).padStart(8)}`);
    log(`  ${'total CSS'.padEnd(48)} ${kb(sum('css', 'bytes')).toFixed(1).padStart(8)} ${kb(cssGzip).toFixed(1).padStart(8)}`);

    return {
      figures: {
        initialJsGzipKB: round(kb(jsGzip), 2),
        initialCssGzipKB: round(kb(cssGzip), 2),
        initialJsRawKB: round(kb(sum('js', 'bytes')), 2),
        initialCssRawKB: round(kb(sum('css', 'bytes')), 2),
        files: list.map((a) => ({ ...a, rawKB: round(kb(a.bytes), 2), gzipKB: round(kb(a.gzip), 2) })),
      },
      budgets: [budget('initial JS (gzip)', round(kb(jsGzip), 1), '<=', INITIAL_JS_BUDGET_KB, 'KB')],
    };
  },
};
