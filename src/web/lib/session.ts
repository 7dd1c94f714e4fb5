import type { User } from '@contract/account';
import { actFor } from './acting';
import { queryClient } from './query';
import { useSession, writeToken } from './session-token';
import { TOKEN_STORAGE_KEY } from './storage-keys';

export { TOKEN_STORAGE_KEY };

/** The user is the `me` query (lib/me.ts); the token is lib/session-token.ts's. */
export { useSession };

/** The `me` query's key: the signed-in user as GET /user/ (or the login) answered. */
export const meKey = ['me'] as const;

/** The signed-in user now, outside React (route guards, the http client). */
export const currentUser = () => queryClient.getQueryData<User | null>(meKey) ?? null;

export function startSession(token: string, user: User) {
  writeToken(token);
  useSession.setState({ token });
  queryClient.setQueryData(meKey, user);
  // Offline copies of the user's tickets (loaded now, not with the first visit).
  void import('./offline-cache').then((m) => m.startOfflineCache()).catch(() => undefined);
}

/** Forgets the session and every cached server answer but the agency's branding (the "app slice"). */
export function clearSession() {
  writeToken(null);
  useSession.setState({ token: null });
  // `me` is emptied (its observers hear it), not removed; the rest goes.
  queryClient.setQueryData(meKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'agency' && q.queryKey[0] !== meKey[0] });
  // Whom agency staff booked for is theirs, not the next user's.
  actFor(null);
  // Privacy: the offline copies of the user's data leave the device with the session.
  void import('./offline-cache').then((m) => m.clearOfflineCache()).catch(() => undefined);
}
