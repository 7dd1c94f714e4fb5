import { useEffect } from 'react';
import type { ErrorComponentProps, RouterHistory } from '@tanstack/react-router';
import { createRouter } from '@tanstack/react-router';
import { CrashScreen } from './components/CrashScreen';
import { NotFound } from './components/NotFound';
import { setNavigator } from './lib/navigation';
import type { RouterContext } from './lib/router-context';
import { queryClient } from './lib/query';
import { currentUser } from './lib/session';
import { routeTree } from './routeTree.gen';

function RouteError({ error }: ErrorComponentProps) {
  useEffect(() => console.error(error), [error]);
  return <CrashScreen />;
}

/**
 * The app's router (a memory history in tests and in the build's prerender, which renders as a server
 * does); the http client's session rules navigate through it.
 */
export function createAppRouter(history?: RouterHistory, { isServer }: { isServer?: boolean } = {}) {
  const router = createRouter({
    routeTree,
    history,
    ...(isServer === undefined ? {} : { isServer }),
    context: { queryClient, user: currentUser } satisfies RouterContext,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
  setNavigator((to) => router.history.push(to));
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
