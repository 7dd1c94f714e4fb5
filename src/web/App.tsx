import { useEffect, useState } from 'react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { CrashBoundary } from './components/CrashScreen';
import { LoadingScreen } from './components/LoadingScreen';
import { restoreSession } from './lib/auth';
import { loadBranding } from './lib/branding';
import { i18n } from './lib/i18n';
import { queryClient } from './lib/query';
import { registerModals } from './lib/modal';
import { createAppRouter } from './router';

const router = createAppRouter();
// The modals' table loads with the first modal (here, not in start.tsx, whose imports every page requests at start).
registerModals(() => import('./modals').then((m) => m.modalRegistry));

let booting: Promise<unknown> | null = null;
let booted = false;
/** Start-up: the stored session and the agency's branding, fetched together, once. */
export const boot = () =>
  (booting ??= Promise.allSettled([restoreSession(), loadBranding()]).then(() => {
    booted = true;
  }));

/** Loads the current page's route (its code, its data) before the first render (start.tsx). */
export const loadPage = () => router.load();

export function App() {
  const [ready, setReady] = useState(booted);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void boot().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return (
    <I18nProvider i18n={i18n}>
      <CrashBoundary>
        <QueryClientProvider client={queryClient}>{ready ? <RouterProvider router={router} /> : <LoadingScreen />}</QueryClientProvider>
      </CrashBoundary>
    </I18nProvider>
  );
}
