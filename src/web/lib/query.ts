import { QueryClient, onlineManager } from '@tanstack/react-query';

/**
 * One QueryClient for the app. Failures are already shown by the http client (lib/http.ts), so
 * queries do not retry: a retry would show the same toast again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// TanStack Query takes the network for up until an `offline` event says otherwise: the browser's word
// at start-up counts too, so that a start offline waits for the network instead of failing every query
// (and toasting each failure), and screens show their offline copies (lib/offline-cache.ts).
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/** What a query's `meta` may say (typed through TanStack Query's Register). */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { offline?: boolean };
  }
}

/**
 * The `meta` of a query whose answer is kept for offline use (lib/offline-cache.ts) while the user is
 * signed in: their tickets, travels and recaps, and who they are. Never for secrets (e.g. the calendar feed's address).
 */
export const OFFLINE = { offline: true } as const;
