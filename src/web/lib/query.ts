import { QueryClient } from '@tanstack/react-query';

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
