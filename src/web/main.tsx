import './styles.css';
import { TOKEN_STORAGE_KEY } from './lib/storage-keys';

/** Main-thread time one task may spend adding preload links. */
const SLICE_MS = 4;

/**
 * Adds modulepreload links, as many per task as fit in SLICE_MS (at least one): starting a request costs
 * main-thread time too, a few milliseconds each where the browser is instrumented or slow.
 */
function preload(hrefs: string[]) {
  const start = performance.now();
  do {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = hrefs.shift()!;
    document.head.append(link);
  } while (hrefs.length && performance.now() - start < SLICE_MS);
  if (hrefs.length) setTimeout(() => preload(hrefs), 0);
}

function hasStoredSession(): boolean {
  try {
    return Boolean(localStorage.getItem(TOKEN_STORAGE_KEY));
  } catch {
    return false;
  }
}

/**
 * Starts loading the app: every chunk it needs (listed by the build and the server, first needed first,
 * some only for a visitor with a stored session or without), then the app.
 */
function start(session: 'signed-in' | 'signed-out') {
  const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="escale-preload"]')].filter(
    (meta) => !meta.dataset.session || meta.dataset.session === session,
  );
  const hrefs = [...new Set(metas.flatMap((meta) => meta.content.split(/\s+/).filter(Boolean)))];
  if (hrefs.length) preload(hrefs);
  void import('./start');
}

/**
 * The entry index.html loads. The server may have put a signed-out visitor's first screen in #root
 * (src/server/web.ts, src/web/prerender.tsx): let it reach the screen first — the app's code is not
 * needed for it and would only compete with it — then load the app, which renders over it.
 * - With a stored session the app starts on its loading screen, as on any other page.
 * - The home page's screen on another address is a page only a signed-in user sees: the app would send
 *   this visitor home, so the address says `/` from the start.
 */
const session = hasStoredSession() ? 'signed-in' : 'signed-out';
const root = document.getElementById('root');
if (root?.firstElementChild && session === 'signed-in') root.replaceChildren();
if (root?.firstElementChild && root.dataset.page === 'home' && window.location.pathname !== '/') window.history.replaceState(null, '', '/');
if (root?.firstElementChild && document.visibilityState === 'visible') {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    setTimeout(() => start(session), 0);
  };
  // On display once the browser reports the first contentful paint: a frame's callback comes before
  // its paint is presented, and requests started then would still compete with it.
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(once, 1_000); // no contentful paint reported: start anyway
  } else {
    requestAnimationFrame(() => requestAnimationFrame(once));
  }
  document.addEventListener('visibilitychange', once, { once: true }); // hidden before that frame came
} else {
  start(session);
}
