import { create } from 'zustand';
import { TOKEN_STORAGE_KEY } from './storage-keys';

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps the token (or forgets it) across reloads. */
export function writeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable: the session lasts for this page only.
  }
}

/**
 * The session token, kept in localStorage so a reload stays signed in. Its own module: the session
 * (lib/session.ts) loads the offline copies (lib/offline-cache.ts), which read the token.
 */
export const useSession = create<{ token: string | null }>(() => ({ token: readToken() }));
