import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { ModalHost } from '../components/ModalHost';
import { Toaster } from '../components/Toaster';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query';
import { createAppRouter } from '../router';

/** Renders `ui` with what the app puts around every screen: i18n, queries, the modal host and toasts. */
export function renderApp(ui: ReactNode = null) {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {ui}
        <ModalHost />
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** Renders the whole app (root layout, header, modal host, toasts) at `path`, like a visit. */
export async function renderRoute(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await screen.findByRole('banner');
  return { router, ...view };
}
