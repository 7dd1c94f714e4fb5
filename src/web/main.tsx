import './styles.css';
import { TOKEN_STORAGE_KEY } from './lib/storage-keys';

/** Adds modulepreload links a few per task: starting a request costs main-thread time too. */
function preload(hrefs: string[]) {
  for (const href of hrefs.splice(0, 6)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
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
  preload([...new Set(metas.flatMap((meta) => meta.content.split(/\s+/).filter(Boolean)))]);
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
    start(session);
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  document.addEventListener('visibilitychange', once, { once: true }); // hidden before that frame came
} else {
  start(session);
}
