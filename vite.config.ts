import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, runnerImport, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import type * as Prerender from './src/web/prerender';
import type * as PrerenderBuild from './src/web/prerender-build';

/** The prerendered home page the server puts in #root (src/web/prerender.tsx, src/server/web.ts). */
const APP_SHELL_FILE = 'app-shell.json';

/** Writes .br and .gz beside every text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  return {
    name: 'escale-precompress',
    apply: 'build',
    closeBundle() {
      const outDir = this.environment.config.build.outDir;
      // A failed build wrote nothing: its own error is the one to see.
      if (!fs.existsSync(outDir)) return;
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|mjs|css|svg|webmanifest|json)$/.test(f) && !f.endsWith(APP_SHELL_FILE))) {
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A chunk and, recursively, the chunks it imports statically. */
function withImports(bundle: OutputBundle, first: OutputChunk): string[] {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const dep of chunk.imports) {
      const next = bundle[dep];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(first);
  return [...files];
}

/** The same, each chunk after the chunks it imports: the order in which they can be evaluated one by one. */
function importsFirst(bundle: OutputBundle, first: OutputChunk): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const dep of chunk.imports) {
      const next = bundle[dep];
      if (next?.type === 'chunk') visit(next);
    }
    files.add(chunk.fileName);
  };
  visit(first);
  return [...files];
}

function chunkOf(bundle: OutputBundle, test: (moduleId: string) => boolean): OutputChunk {
  const chunk = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && !!c.facadeModuleId && test(c.facadeModuleId));
  if (!chunk) throw new Error(`no chunk for ${test.toString()}`);
  return chunk;
}

/** The build's view of the app's routes, for the server (src/server/web.ts): what each page loads first. */
type RoutePreload = { all: string[]; fr: string[]; en: string[] };
const LANG_CATALOG = /\/locales\/(fr|en)\/[^/]+\.po$/;

/** A flat route file's name (src/web/routes) from the route's id: `/cart/` → `cart.index`, `/` → `index`. */
const routeFile = (id: string) => {
  const path = id.slice(1);
  return (path === '' || path.endsWith('/') ? `${path}index` : path).replaceAll('/', '.');
};

/**
 * A route's chunks, its parents' included: the parts the router plugin split out of each route file
 * (component, loader…) with their static imports, and the catalogs its loader loads (per language:
 * those its modules import dynamically, following the loader's static imports module by module).
 * Each chunk comes after those it imports: start.tsx evaluates them in that order, one per task.
 */
function routePreload(bundle: OutputBundle, chain: string[], moduleInfo: (id: string) => Rolldown.ModuleInfo | null): RoutePreload {
  const preload: RoutePreload = { all: [], fr: [], en: [] };
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const catalogs = (loader: string) => {
    const seen = new Set<string>();
    const found: string[] = [];
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const info = moduleInfo(id);
      if (!info) return;
      found.push(...info.dynamicallyImportedIds.filter((lazy) => LANG_CATALOG.test(lazy)));
      info.importedIds.forEach(visit);
    };
    visit(loader);
    return found;
  };
  for (const id of chain) {
    const marker = `/src/web/routes/${routeFile(id)}.tsx?tsr-split=`;
    for (const part of chunks.filter((c) => c.facadeModuleId?.includes(marker))) {
      preload.all.push(...importsFirst(bundle, part));
      if (!part.facadeModuleId!.endsWith('tsr-split=loader')) continue;
      for (const catalog of catalogs(part.facadeModuleId!)) {
        const lang = LANG_CATALOG.exec(catalog)![1] as 'fr' | 'en';
        preload[lang].push(
          ...importsFirst(
            bundle,
            chunkOf(bundle, (facade) => facade === catalog),
          ),
        );
      }
    }
  }
  const urls = (files: string[]) => [...new Set(files)].map((file) => `/${file}`);
  return { all: urls(preload.all), fr: urls(preload.fr), en: urls(preload.en) };
}

/**
 * Renders the first screens (the home page, the results page) with the app's own components (in Node,
 * through Vite's module runner) while the client bundle builds, and emits them as dist/app-shell.json
 * with the app's routes, each with the chunks its page loads first (its code, its catalogs), and each
 * language's catalog: the server puts them in the page for main.tsx to preload.
 */
function appShell(): Plugin {
  let shell: Promise<Prerender.AppShell> | undefined;
  return {
    name: 'escale-app-shell',
    apply: 'build',
    buildStart() {
      shell = runnerImport<typeof PrerenderBuild>('/src/web/prerender-build.ts', {
        root: import.meta.dirname,
        logLevel: 'warn',
        resolve: { alias: aliases },
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()],
      }).then(({ module }) => module.appShell);
      shell.catch(() => undefined); // reported by generateBundle
    },
    async generateBundle(_options, bundle) {
      const { routes, ...pages } = await shell!;
      const urls = (chunk: OutputChunk) => withImports(bundle, chunk).map((file) => `/${file}`);
      const byId = new Map(routes.map((route) => [route.id, route]));
      const chain = (id: string | null): string[] => (id ? [...chain(byId.get(id)?.parentId ?? null), id] : []);
      const source = {
        ...pages,
        preload: {
          fr: urls(chunkOf(bundle, (id) => id.endsWith('/locales/fr/messages.po'))),
          en: urls(chunkOf(bundle, (id) => id.endsWith('/locales/en/messages.po'))),
        },
        routes: routes.map(({ id, path, signedInOnly }) => ({
          id,
          path,
          signedInOnly,
          preload: routePreload(bundle, chain(id), (module) => this.getModuleInfo(module)),
        })),
      };
      if (!source.routes.find((route) => route.id === '/')?.preload.all.length) throw new Error('app-shell: no chunk found for the home route');
      this.emitFile({ type: 'asset', fileName: APP_SHELL_FILE, source: JSON.stringify(source) });
    },
  };
}

/** The chunks every page requests once it has painted: start.tsx and the steps it imports, each with its static imports (not the service worker's registration, which waits for idle time). */
function startChunks(bundle: OutputBundle): string[] {
  const start = chunkOf(bundle, (id) => id.endsWith('/src/web/start.tsx'));
  const steps = start.dynamicImports.map((file) => bundle[file]).filter((c): c is OutputChunk => c?.type === 'chunk');
  return [...new Set([start, ...steps].flatMap((chunk) => withImports(bundle, chunk)))].filter((file) => !/(^|\/)pwa-[^/]*\.js$/.test(file));
}

/**
 * index.html's entry (src/web/main.tsx) lets the first screen paint, then preloads the app's chunks all
 * at once and imports the app (start.tsx, which imports the rest in steps). It finds their addresses in
 * `<meta name="escale-preload">`; requesting them only after the first paint keeps them from competing
 * with what that paint needs (the HTML and the CSS).
 */
function preloadApp(): Plugin {
  return {
    name: 'escale-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        // The first paint must not wait for more than the entry itself.
        if (entry.imports.length) throw new Error(`preload-app: the entry imports ${entry.imports.join(', ')} statically`);
        const files = startChunks(bundle).filter((file) => !html.includes(`/${file}"`));
        const meta = `<meta name="escale-preload" content="${files.map((file) => `/${file}`).join(' ')}" />`;
        return html.replace('</head>', `  ${meta}\n  </head>`);
      },
    },
  };
}

/**
 * Each dynamic import carries the list of chunks to preload with it (Vite's `__vite__mapDeps`): in the
 * route tree alone, some sixty lists naming the same twenty chunks every page has already requested at
 * start (startChunks). Those are left out of the lists of every chunk but the entry (which requests them):
 * 2.5 KB less on the first visit, nothing less preloaded.
 */
function preloadListsWithoutStartChunks(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[] } {
  let loaded: { entry: string; files: Set<string> } | undefined;
  return {
    plugin: {
      name: 'escale-preload-lists',
      apply: 'build',
      generateBundle: {
        // Before Vite writes the lists (its own generateBundle).
        order: 'pre',
        handler(_options, bundle) {
          const entry = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.isEntry);
          loaded = entry ? { entry: entry.fileName, files: new Set(startChunks(bundle)) } : undefined;
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => (loaded && hostId !== loaded.entry ? deps.filter((dep) => !loaded!.files.has(dep)) : deps),
  };
}
const preloadLists = preloadListsWithoutStartChunks();

/** The module every web import of `zod` goes through: it sets zod's jitless flag first (src/web/lib/zod.ts). */
const ZOD_CONFIG_MODULE = path.join(import.meta.dirname, 'src/web/lib/zod.ts');

/**
 * zod is not part of the first visit of `/`: several lazily loaded chunks may bring it, in any order. So
 * that its CSP-safe setting comes first whichever it is, the client's `import … from 'zod'` resolves to
 * src/web/lib/zod.ts, which sets it and re-exports zod (its own import of `zod` resolves as usual).
 */
function zodJitless(): Plugin {
  return {
    name: 'escale-zod-jitless',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client' && !process.env.VITEST,
    resolveId(source, importer) {
      if (source !== 'zod' || !importer || path.normalize(importer.split('?')[0]!) === ZOD_CONFIG_MODULE) return null;
      return ZOD_CONFIG_MODULE;
    },
  };
}

// Plugin order matters (TOOLCHAIN.md): router, then Lingui macros through Babel, then React.
/** Import aliases (tsconfig.json `paths`): an import never climbs more than one folder (`../`); farther targets are named from their area. */
export const aliases = Object.fromEntries(
  (['contract', 'server', 'web'] as const)
    .map((area) => [`@${area}`, path.resolve(import.meta.dirname, 'src', area)])
    .concat([
      ['@test', path.resolve(import.meta.dirname, 'test')],
      ['@locales', path.resolve(import.meta.dirname, 'locales')],
    ]),
);

export default defineConfig({
  resolve: { alias: aliases },
  plugins: [
    zodJitless(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders in their own chunks too: they import the screens' queries (and through them the contract's
      // schemas), which the first visit of `/` must not pay for.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/routeTree.gen.ts',
    }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifest: {
        name: 'Escale',
        short_name: 'Escale',
        description: 'Réservation de voyages professionnels',
        lang: 'fr',
        theme_color: '#1d4ed8',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Pages come from the server (it writes the agency's key and branding into each), and from the
        // precached app shell only when the network fails: offline, the app starts from it and shows the
        // user's offline copies (src/web/lib/offline-cache.ts). The API, developer pages and calendar feeds
        // are never answered by the service worker.
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|dev|calendar)\//.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
        ],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      },
    }),
    appShell(),
    preloadApp(),
    preloadLists.plugin,
    precompress(),
  ],
  // /map: the maps' default style and its data, which the API server draws (src/server/features/map).
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/map': 'http://localhost:3000', '/sandbox-pay': 'http://localhost:3000' },
  },
  build: {
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false, resolveDependencies: preloadLists.resolveDependencies },
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // start.tsx evaluates the app in steps: keep the small libraries every step shares in one chunk
        // rather than a dozen tiny ones.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              // With lucide's runtime (not its icons): every page's icons need it, and it imports React only.
              test: /node_modules[\\/](react|react-dom|scheduler|zustand|use-sync-external-store|@lingui)[\\/]|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](Icon|context|createLucideIcon|defaultAttributes|shared[\\/].*)\.mjs$|src[\\/]web[\\/]lib[\\/]i18n\.ts$/,
              priority: 2,
              includeDependenciesRecursively: false, // i18n.ts loads the catalogs through Vite's preload helper: not here
            },
            // The maps' libraries (~300 KB gzip, src/web/components/map): one chunk of their own, which only
            // the lazily loaded ResultsMap imports, so only a results page with a map loads it. Not their
            // dependencies (react): those stay where they are.
            {
              name: 'maps',
              test: /node_modules[\\/](maplibre-gl|@vis\.gl[\\/]react-maplibre|react-map-gl|supercluster|kdbush)[\\/]/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The icons of the home's first screen: one chunk rather than seven of 200 bytes, each mostly its
            // import and export lines. Icons import only lucide's runtime (in the react chunk): no cycle.
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](calendar-clock|triangle-exclamation-point|triangle-alert|badge-check|x|external-link|arrow-left-right|info|loader-circle)\.mjs$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]web[\\/]lib[\\/]zod\.ts$/, priority: 1 },
            // Hydration (offline copies, after sign-in) and infinite queries (the beta lists) stay with the chunks that use them.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!.*(hydration|[iI]nfiniteQuery(Observer|Options)?\.js))/,
              priority: 1,
            },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/](router-core|react-router|history|store|react-store)[\\/]/, priority: 1 },
            // The app's small modules every page starts with (state, http client, branding, the texts'
            // loaders…): one chunk rather than a dozen requests of a few hundred bytes each. Not lucide's
            // runtime: the chunks of the icons this one imports would then import it back, and a cycle of
            // chunks creates an icon before the runtime has React (a blank app). Not lib/me.ts:
            // with it here the results page rebuilt the server's heading line instead of adopting it.
            {
              name: 'app',
              test: /src[\\/]web[\\/](lib[\\/](session|session-token|router-context|acting|query|toast|messages|modal|navigation|branding|color|page-data|http|http-shared|guards|search-params|search-url|travel-keys|place-names|perf-marks|features|bookings-search|places|use-debounced)\.tsx?|components[\\/](Button|LoadingScreen|PlacePicker|Field|Spinner)\.tsx|features[\\/](account|auth|approvals|cart|checkout|calendar|my-bookings|my-bookings-beta|cancellation|exchange)[\\/]texts\.ts)$|src[\\/]contract[\\/](toast-codes|search-limits|entries|api-base|permissions)\.ts$|node_modules[\\/]lucide-react[\\/].*[\\/](map-pin|eye|eye-off)\.mjs$/,
              includeDependenciesRecursively: false,
            },
            // The search forms and what they share (travellers, dates, the steps aside): the trip form, on the
            // home's first screen, in one chunk with them rather than seven of a few hundred bytes each (the
            // hotel, car and expert forms, loaded with their tab, get the trip form's 4.5 KB with it). Not what only
            // the hotel and car forms (use-place-named) or the passengers panel (its user-plus icon) use: no first visit needs them.
            {
              name: 'search-forms',
              test: /src[\\/]web[\\/](components[\\/](passengers[\\/](labels|lazy)|date-picker[\\/](dates|DateInput)|search-form[\\/][\w-]+|SearchSteps|use-search-panel)\.tsx?|lib[\\/](passengers|passenger-names)\.ts)$|src[\\/]web[\\/]features[\\/]trip[\\/]search-form[\\/](TripSearchForm\.tsx|validation\.ts|defaults\.ts|parts\.tsx)$|node_modules[\\/]lucide-react[\\/].*[\\/](scale|users|leaf)\.mjs$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
