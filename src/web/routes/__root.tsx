import { Suspense, lazy, useEffect } from 'react';
import { Outlet, createRootRouteWithContext, useNavigate, useSearch } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { ModalHost } from '../components/ModalHost';
import { Toaster } from '../components/Toaster';
import { applyBranding, useBranding } from '../lib/branding';
import { useUser } from '../lib/me';
import { booksForCustomers } from '../lib/acting';
import { loadActingTexts } from '../features/acting/texts';
import { optionalTexts } from '../lib/search-params';
import { useModal } from '../lib/modal';
import { toast } from '../lib/toast';
import type { RouterContext } from '../lib/router-context';

// Staff who book for the agency's customers only: no one else's first visit carries it.
const ActingBanner = lazy(() => Promise.all([import('../features/acting/ActingBanner'), loadActingTexts()]).then(([m]) => ({ default: m.ActingBanner })));

export const Route = createRootRouteWithContext<RouterContext>()({
  // `?error=…` on any page (spec 3 §2) becomes a warning toast.
  validateSearch: (search: Record<string, unknown>) => optionalTexts(search, { error: { min: 1 } }),
  component: RootLayout,
});

/** Shows `?error=` as a warning, then takes it out of the address. */
function useErrorParam() {
  const { error } = useSearch({ from: '__root__' });
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    toast.warning(error.slice(0, 500));
    void navigate({ to: '.', search: (prev) => ({ ...prev, error: undefined }), replace: true });
  }, [error, navigate]);
}

function RootLayout() {
  const branding = useBranding();
  const modalOpen = useModal((s) => s.current !== null);
  const user = useUser();
  const staff = booksForCustomers(user);
  useErrorParam();
  useEffect(() => {
    if (branding) applyBranding(branding);
  }, [branding]);

  return (
    <>
      <div className="flex min-h-screen flex-col" inert={modalOpen}>
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          <Trans>Aller au contenu</Trans>
        </a>
        <Header />
        {staff && (
          <Suspense fallback={null}>
            <ActingBanner />
          </Suspense>
        )}
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      <ModalHost />
      <Toaster />
    </>
  );
}
