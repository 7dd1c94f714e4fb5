import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './http';
import { OFFLINE } from './query';
import { meKey } from './session';
import { entries } from '@contract/entries';

/**
 * The signed-in user (GET /user/). Read at start-up and written by the login; it changes only when
 * the user signs in or out, so it is never refetched by itself. A failure is handled by the caller
 * (start-up: lib/auth restoreSession).
 */
export const meQuery = () =>
  queryOptions({
    queryKey: meKey,
    queryFn: ({ signal }) => api.get(entries.user, () => import('./boot-schemas').then((m) => m.userSchema), { signal, silent: true, handleSession: false }),
    staleTime: Infinity,
    gcTime: Infinity,
    // Offline, the user of the stored session is who the app shows (lib/auth.ts restoreSession).
    meta: OFFLINE,
  });

/** The signed-in user, or null when signed out (reads the `me` query; start-up and login fill it). */
export function useUser() {
  const { data } = useQuery({ ...meQuery(), enabled: false });
  return data ?? null;
}
