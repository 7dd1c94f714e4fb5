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

/** Starts loading the app: every chunk it needs (listed by the build and the server, first needed first), then the app. */
function start() {
  const metas = document.querySelectorAll<HTMLMetaElement>('meta[name="escale-preload"]');
  preload([...new Set([...metas].flatMap((meta) => meta.content.split(/\s+/).filter(Boolean)))]);
  void import('./start');
}

function hasStoredSession(): boolean {
  try {
    return Boolean(localStorage.getItem(TOKEN_STORAGE_KEY));
  } catch {
    return false;
  }
}

/**
 * The entry index.html loads. On `/` the server has put the home page's first screen in #root
 * (src/web/prerender.tsx): let it reach the screen first — the app's code is not needed for it and would
 * only compete with it — then load the app, which renders over it. That screen is a signed-out visitor's:
 * with a stored session the app starts on its loading screen, as on any other page.
 */
const root = document.getElementById('root');
if (root?.firstElementChild && hasStoredSession()) root.replaceChildren();
if (root?.firstElementChild && document.visibilityState === 'visible') {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  document.addEventListener('visibilitychange', once, { once: true }); // hidden before that frame came
} else {
  start();
}
