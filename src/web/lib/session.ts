import { create } from 'zustand';
import type { User } from '../../contract/account';
import { queryClient } from './query';
import { TOKEN_STORAGE_KEY } from './storage-keys';

export { TOKEN_STORAGE_KEY };

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable: the session lasts for this page only.
  }
}

type SessionState = {
  /** The session token, kept in localStorage so a reload stays signed in. */
  token: string | null;
  /** The signed-in user, once GET /user/ or a login answered. */
  user: User | null;
};

export const useSession = create<SessionState>(() => ({ token: readToken(), user: null }));

export function startSession(token: string, user: User) {
  writeToken(token);
  useSession.setState({ token, user });
}

export function setUser(user: User) {
  useSession.setState({ user });
}

/** Forgets the session and every cached server answer but the agency's branding (the "app slice"). */
export function clearSession() {
  writeToken(null);
  useSession.setState({ token: null, user: null });
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'agency' });
}

export const useUser = () => useSession((s) => s.user);
