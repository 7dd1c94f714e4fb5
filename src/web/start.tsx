import { StrictMode, startTransition } from 'react';

/** Lets the browser handle input and paint before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `task` once the page is idle (the service worker is not needed for the first screen). */
function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 5_000 });
  else setTimeout(task, 2_000);
}

const SORRY = 'Désolé, une erreur est survenue. Rechargez la page.';

/**
 * Starts the app (main.tsx imports this module). Its code is already downloading (modulepreload, all at
 * once); it is evaluated here in steps, one task each — React, i18n, zod and the contract, TanStack Query,
 * the http client, TanStack Router and the routes, the app — so that no single long task holds the page
 * while the first screen is already on display.
 */
async function start(root: HTMLElement) {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { activateLang, detectLang } = await import('./lib/i18n');
  try {
    await activateLang(detectLang());
  } catch {
    // The catalog could not load (offline, stale deployment): only a reload can help.
    root.textContent = SORRY;
    return;
  }
  await nextTask();
  await import('./lib/zod');
  await nextTask();
  await import('../contract/link');
  await nextTask();
  await import('./lib/session');
  await nextTask();
  await import('./lib/http');
  await nextTask();
  await import('../contract/account'); // the header reads its default features
  await nextTask();
  await import('./router');
  await nextTask();
  const [{ App, boot, loadPage }, { registerModals }, { modalRegistry }, { useSession }] = await Promise.all([
    import('./App'),
    import('./lib/modal'),
    import('./modals'),
    import('./lib/session'),
  ]);
  registerModals(modalRegistry);
  // The server painted a signed-out visitor's first screen (main.tsx): keep it until the app can render
  // that page again — branding fetched, route loaded — instead of replacing it with the loading screen.
  // A stored session is checked first, behind the loading screen.
  if (root.firstElementChild && !useSession.getState().token) {
    const booting = boot();
    await nextTask();
    await Promise.all([booting, loadPage().catch(() => undefined)]); // the router shows its own errors
    await nextTask();
  }
  const app = createRoot(root);
  // A transition: React renders in slices and keeps the page responsive meanwhile.
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  whenIdle(() => void import('./lib/pwa').then(({ registerServiceWorker }) => registerServiceWorker()));
}

const root = document.getElementById('root');
if (root) {
  start(root).catch((error: unknown) => {
    // Part of the app's code could not load (offline, stale deployment): only a reload can help.
    console.error(error);
    root.textContent = SORRY;
  });
}
