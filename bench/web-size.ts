import zlib from 'node:zlib';
import { devices, type Request, type Response } from 'playwright-core';
import ts from 'typescript';
import { budget, kb, round } from './lib/budget';
import { launchBrowser } from './lib/browser';
import type { Measurement } from './lib/types';

/** First-visit JS budget of `/`, gzip level 9 of what Chromium fetched, KB = 1024 bytes. */
export const INITIAL_JS_BUDGET_KB = 160;

/** The emulated phone (Playwright's descriptor: viewport, DPR, touch, mobile user agent). */
export const DEVICE = 'Pixel 7';
/** After `networkidle`, the page must stay this long without a new request before the count stops. */
const SETTLE_MS = 2_500;
/** Gives up settling after this long (a page that polls would never be quiet). */
const SETTLE_MAX_MS = 30_000;

type Kind = 'js' | 'css';
type Asset = { path: string; kind: Kind; resourceType: string; initiator: string; bytes: number; gzip: number; wire: number | null };

const gzip9 = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;
const basename = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

function kindOf(response: Response): Kind | null {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  // Module scripts, modulepreloads and imports are `script`; worker scripts come as `other` with a JS type.
  if (type === 'script' || /javascript|ecmascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || contentType.startsWith('text/css')) return 'css';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Informational only: the old method, the static import graph of index.html's entry (no import(), no preloads).

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(2)
    .find((v) => v !== undefined);

/** Up-front JS of an HTML document: module scripts, modulepreloads and the `escale-preload` meta's chunks. */
export function entryScripts(html: string): string[] {
  const found: string[] = [];
  const body = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of body.matchAll(/<meta\b[^>]*name=["']escale-preload["'][^>]*>/gi))
    found.push(...(attr(match[0], 'content') ?? '').split(/\s+/).filter(Boolean));
  for (const match of body.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const tag = match[0];
    if (match[1]!.toLowerCase() === 'script') {
      const src = attr(tag, 'src');
      if (src && attr(tag, 'type')?.toLowerCase() === 'module') found.push(src);
    } else if ((attr(tag, 'rel')?.toLowerCase().split(/\s+/) ?? []).includes('modulepreload')) {
      const href = attr(tag, 'href');
      if (href) found.push(href);
    }
  }
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

/** gzip bytes of the entry's static JS graph, from the bodies Chromium fetched (or the server when it did not). */
async function staticGraphGzip(html: string, pageUrl: string, bodies: Map<string, Buffer>): Promise<number> {
  const seen = new Set<string>();
  const queue = entryScripts(html).map((u) => new URL(u, pageUrl).href);
  let total = 0;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    let body = bodies.get(url);
    if (!body) {
      const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      body = Buffer.from(await res.arrayBuffer());
    }
    total += gzip9(body);
    for (const spec of staticImports(body.toString('utf8'))) if (!spec.endsWith('.css')) queue.push(new URL(spec, url).href);
  }
  return total;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * What a first visit to `/` really downloads: Chromium, a fresh anonymous context emulating a phone (service
 * workers blocked), every script (module, modulepreload, import, worker) and stylesheet response until the
 * network has been quiet for SETTLE_MS after `networkidle`; each body gzip -9.
 */
export const webSize: Measurement = {
  name: 'web-size',
  title: `First-visit JS and CSS of / in Chromium (${DEVICE}, anonymous)`,
  async run({ baseUrl, log }) {
    const pageUrl = `${baseUrl}/`;
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ ...devices[DEVICE], serviceWorkers: 'block', locale: 'fr-FR' });
      const page = await context.newPage();
      // Chromium's own record of who asked for each request (CDP), keyed by URL.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const initiators = new Map<string, { type: string; url?: string; stackUrl?: string }>();
      cdp.on('Network.requestWillBeSent', (event) => {
        const stack = event.initiator.stack;
        const frame = stack?.callFrames[0] ?? stack?.parent?.callFrames[0];
        if (!initiators.has(event.request.url))
          initiators.set(event.request.url, { type: event.initiator.type, url: event.initiator.url, stackUrl: frame?.url || undefined });
      });

      let lastRequestAt = Date.now();
      const inFlight = new Set<Request>();
      context.on('request', (request) => {
        lastRequestAt = Date.now();
        inFlight.add(request);
      });
      const done = (request: Request) => inFlight.delete(request);
      context.on('requestfinished', done);
      context.on('requestfailed', done);

      const responses: { response: Response; kind: Kind; body: Promise<Buffer | null> }[] = [];
      context.on('response', (response) => {
        const kind = kindOf(response);
        if (kind) responses.push({ response, kind, body: response.body().catch(() => null) });
      });

      // A size is only worth something for a page that works: an error or a missing form fails the section.
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && !/Failed to load resource/.test(message.text()) && errors.push(message.text()));

      const started = Date.now();
      const navigation = await page.goto(pageUrl, { waitUntil: 'networkidle', timeout: 60_000 });
      if (!navigation?.ok()) throw new Error(`GET ${pageUrl}: ${navigation?.status() ?? 'no response'}`);
      const html = await navigation.text();
      while (Date.now() - lastRequestAt < SETTLE_MS || inFlight.size > 0) {
        if (Date.now() - started > SETTLE_MAX_MS) throw new Error(`the network never settled within ${SETTLE_MAX_MS / 1000} s of loading /`);
        await page.waitForTimeout(250);
      }
      const settledMs = lastRequestAt - started;
      if (errors.length) throw new Error(`the page logged errors: ${errors.join(' | ').slice(0, 300)}`);
      await page.getByRole('form', { name: 'Recherche de trajet' }).waitFor({ timeout: 10_000 });

      const preloadMeta = new Set(
        (await page.locator('meta[name="escale-preload"]').evaluateAll((metas) => metas.flatMap((m) => (m.getAttribute('content') ?? '').split(/\s+/))))
          .filter(Boolean)
          .map((href) => new URL(href, pageUrl).href),
      );
      const preloadLinks = new Set(await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href)));

      const assets = new Map<string, Asset>();
      const bodies = new Map<string, Buffer>();
      for (const { response, kind, body } of responses) {
        const url = response.url();
        const { origin, pathname } = new URL(url);
        if (origin !== baseUrl) throw new Error(`unexpected third-party asset ${url}`);
        if (assets.has(pathname)) continue;
        const buffer = await body;
        if (!buffer) throw new Error(`no body for ${url} (${response.status()})`);
        bodies.set(url, buffer);
        const request = response.request();
        const who = initiators.get(url);
        const initiator =
          who?.type === 'parser'
            ? `HTML (${request.resourceType() === 'stylesheet' ? '<link>' : '<script>'})`
            : preloadMeta.has(url)
              ? 'modulepreload (escale-preload meta)'
              : who?.stackUrl
                ? `script ${basename(who.stackUrl)}`
                : preloadLinks.has(url)
                  ? 'modulepreload <link> (import() deps)'
                  : (who?.type ?? request.resourceType());
        const sizes = await request.sizes().catch(() => null);
        assets.set(pathname, {
          path: pathname,
          kind,
          resourceType: request.resourceType(),
          initiator,
          bytes: buffer.length,
          gzip: gzip9(buffer),
          wire: sizes ? sizes.responseBodySize : null,
        });
      }
      await context.close();

      const list = [...assets.values()].sort((a, b) => (a.kind === b.kind ? b.gzip - a.gzip : a.kind === 'js' ? -1 : 1));
      const sum = (kind: Kind, key: 'bytes' | 'gzip') => list.filter((a) => a.kind === kind).reduce((n, a) => n + a[key], 0);
      const jsGzip = sum('js', 'gzip');
      const cssGzip = sum('css', 'gzip');
      const staticGzip = await staticGraphGzip(html, pageUrl, bodies);

      const wide = Math.max(40, ...list.map((a) => a.path.length));
      log(`  ${DEVICE}, anonymous fresh context, service workers blocked; last request ${settledMs} ms after navigation start`);
      log(`  ${'file'.padEnd(wide)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'wire KB'.padStart(8)}  initiator`);
      for (const a of list)
        log(
          `  ${a.path.padEnd(wide)} ${kb(a.bytes).toFixed(1).padStart(8)} ${kb(a.gzip).toFixed(1).padStart(8)} ${(a.wire === null ? '-' : kb(a.wire).toFixed(1)).padStart(8)}  ${a.initiator}`,
        );
      const wireSum = (kind: Kind) => kb(list.filter((a) => a.kind === kind).reduce((n, a) => n + (a.wire ?? 0), 0)).toFixed(1);
      log(
        `  ${`total JS (${list.filter((a) => a.kind === 'js').length} files)`.padEnd(wide)} ${kb(sum('js', 'bytes')).toFixed(1).padStart(8)} ${kb(jsGzip).toFixed(1).padStart(8)} ${wireSum('js').padStart(8)}`,
      );
      log(
        `  ${`total CSS (${list.filter((a) => a.kind === 'css').length} files)`.padEnd(wide)} ${kb(sum('css', 'bytes')).toFixed(1).padStart(8)} ${kb(cssGzip).toFixed(1).padStart(8)} ${wireSum('css').padStart(8)}`,
      );
      log('  (wire KB: the body as the server sent it, brotli here; the budget counts gzip -9)');
      log(
        `  (informational, the former method) index.html's scripts, preloads and escale-preload chunks with their static imports: ${kb(staticGzip).toFixed(1)} KB gzip; misses import() chunks and their deps`,
      );

      return {
        figures: {
          method: `Chromium, ${DEVICE} emulation, anonymous fresh context, service workers blocked, responses until ${SETTLE_MS} ms without a request after networkidle; gzip -9`,
          device: DEVICE,
          firstVisitJsGzipKB: round(kb(jsGzip), 2),
          firstVisitCssGzipKB: round(kb(cssGzip), 2),
          firstVisitJsRawKB: round(kb(sum('js', 'bytes')), 2),
          firstVisitCssRawKB: round(kb(sum('css', 'bytes')), 2),
          lastRequestMs: settledMs,
          staticGraphJsGzipKB: round(kb(staticGzip), 2),
          files: list.map((a) => ({ ...a, rawKB: round(kb(a.bytes), 2), gzipKB: round(kb(a.gzip), 2), wireKB: a.wire === null ? null : round(kb(a.wire), 2) })),
        },
        budgets: [budget('first visit JS (gzip, Chromium)', round(kb(jsGzip), 1), '<=', INITIAL_JS_BUDGET_KB, 'KB')],
      };
    } finally {
      await browser.close();
    }
  },
};
