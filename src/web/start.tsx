import { StrictMode, startTransition } from 'react';

/** Lets the browser handle input and paint before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How long the network must have been quiet before the service worker registers. */
const QUIET_MS = 3_000;

/**
 * Runs `task` once the page has loaded and has started no request for QUIET_MS, then idle time came: the
 * service worker is not needed for the first screen, and once installed it downloads every asset of the
 * app (its precache), which must not compete with what the page itself still loads.
 */
function whenNetworkQuiet(task: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5_000 }) : task());
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      observer?.disconnect();
      idle();
    }, QUIET_MS);
  };
  const watch = () => {
    if ('PerformanceObserver' in window && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
      observer = new PerformanceObserver(arm);
      observer.observe({ type: 'resource' });
    }
    arm();
  };
  if (document.readyState === 'complete') watch();
  else window.addEventListener('load', watch, { once: true });
}

/** What the page says when the app cannot start, without a catalog: in the app's language, else the page's. */
const sorry = (lang = document.documentElement.lang) =>
  lang === 'fr' ? 'Désolé, une erreur est survenue. Rechargez la page.' : 'Sorry, something went wrong. Reload the page.';

/**
 * Evaluates the page's own chunks (its route's code and catalogs, which the server lists and main.tsx
 * preloads), each after those it imports, one per task: the route's import would otherwise evaluate
 * them all at once (zod, the contract's schemas, the screen) in one long task.
 */
async function evaluatePageChunks(signedIn: boolean) {
  const session = signedIn ? 'signed-in' : 'signed-out';
  const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="escale-preload"][data-route]')].filter(
    (meta) => !meta.dataset.session || meta.dataset.session === session,
  );
  for (const href of new Set(metas.flatMap((meta) => meta.content.split(/\s+/).filter(Boolean)))) {
    try {
      await import(/* @vite-ignore */ href);
    } catch {
      return; // the router reports what cannot load
    }
    await nextTask();
  }
}

/**
 * Starts the app (main.tsx imports this module). Its code is already downloading (modulepreload, all at
 * once); it is evaluated here in steps, one task each — React, i18n, TanStack Query, the http client,
 * TanStack Router and the routes, the app — so that no single long task holds the page
 * while the first screen is already on display.
 */
async function start(root: HTMLElement) {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { activateLang, detectLang } = await import('./lib/i18n');
  const lang = detectLang();
  // The language of the server's first screen, before the app sets its own.
  const screenLang = document.documentElement.lang;
  try {
    await activateLang(lang);
  } catch {
    // The catalog could not load (offline, stale deployment): only a reload can help.
    root.textContent = sorry(lang);
    return;
  }
  await nextTask();
  await import('./lib/session');
  await nextTask();
  await import('./lib/http');
  await nextTask();
  await import('./router');
  await nextTask();
  const [{ App, boot, loadPage }, { useSession }] = await Promise.all([import('./App'), import('./lib/session')]);
  const signedIn = Boolean(useSession.getState().token);
  const evaluating = evaluatePageChunks(signedIn);
  // A signed-out visitor's page loads (code, catalogs, data) as the app starts: nothing to wait for first.
  // The server may have painted its first screen (main.tsx): it stays until the app can render that page
  // again — branding in place, route loaded — instead of giving way to the loading screen. A stored
  // session is checked first, behind the loading screen: the pages it may open depend on it.
  if (!signedIn) {
    const booting = boot();
    const loading = evaluating.then(loadPage).catch(() => undefined); // the router shows its own errors
    if (root.firstElementChild) {
      await nextTask();
      await Promise.all([booting, loading]);
      await nextTask();
    }
  }
  const ui = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const screen = root.firstElementChild;
  if (screen && !signedIn && lang === screenLang) {
    // The server's first screen is the app's own markup (src/web/prerender.tsx): React adopts it, in
    // slices, instead of building the page again. It was inert until now, a click would have been lost;
    // React replays the clicks that come while it hydrates.
    screen.removeAttribute('inert');
    hydrateRoot(root, ui);
  } else {
    const app = createRoot(root);
    // A transition: React renders in slices and keeps the page responsive meanwhile.
    startTransition(() => app.render(ui));
  }
  whenNetworkQuiet(() => void import('./lib/pwa').then(({ registerServiceWorker }) => registerServiceWorker()));
}

const root = document.getElementById('root');
if (root) {
  start(root).catch((error: unknown) => {
    // Part of the app's code could not load (offline, stale deployment): only a reload can help.
    console.error(error);
    root.textContent = sorry();
  });
}
