import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryPath } from '@contract/entries';
import { api } from '@web/lib/http';

/**
 * The company single sign-on of this device's last user (spec 3 §2: "a single SSO login button
 * replaces them when an SSO redirect URL exists"). The username of someone whose company signs them
 * in is remembered on the device (not their session: it stays after a sign-out, like a browser
 * remembers a login name); the header then asks the server for that name's strategy and, if it is
 * still single sign-on, shows the company's button in place of Log in / Sign up.
 */
const STORAGE_KEY = 'escale.sso-username';
const listeners = new Set<() => void>();

const read = () => {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

function write(username: string | null) {
  try {
    if (username) localStorage.setItem(STORAGE_KEY, username);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode or storage full: the button simply does not show next time.
  }
  for (const listener of listeners) listener();
}

export const rememberSsoUsername = (username: string) => write(username.trim() || null);
export const forgetSsoUsername = () => write(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useRememberedSsoUsername = () => useSyncExternalStore(subscribe, read, () => null);

const ssoStrategyQuery = (username: string) =>
  queryOptions({
    queryKey: ['auth', 'strategy', username] as const,
    // The header shows this before anyone signs in: the schema comes with the answer, not with the first screen.
    queryFn: ({ signal }) =>
      api.get(entryPath('authStrategy', { username }), () => import('@contract/account').then((m) => m.authStrategySchema), {
        silent: true,
        handleSession: false,
        signal,
      }),
    staleTime: Infinity,
    retry: false,
  });

/**
 * The remembered user's company entry, once the server confirms it still is single sign-on (null
 * otherwise); `pending` while it is asked, so that the header does not show a Log in button that the
 * answer then takes away under the pointer.
 */
export function useSsoEntry(enabled: boolean): { entry: string | null; pending: boolean } {
  const username = useRememberedSsoUsername();
  const asked = enabled && Boolean(username);
  const { data, isPending } = useQuery({ ...ssoStrategyQuery(username ?? ''), enabled: asked });
  return { entry: username && data?.strategy === 'sso' ? data.redirectURL : null, pending: asked && isPending };
}
