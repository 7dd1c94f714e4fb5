import { dehydrate, hydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { queryClient } from './query';
import { useSession } from './session-token';

/**
 * Offline copies of the signed-in user's data ("offline tickets"): every query marked
 * `meta: { offline: true }` (lib/query.ts OFFLINE) is kept in IndexedDB as TanStack Query's own
 * dehydrated state, and put back in the cache at start-up, so the user's tickets, travels and recaps
 * show without the network, with the time they were read (components/OfflineNotice.tsx).
 *
 * - Loaded after sign-in only (lib/session.ts, lib/auth.ts): the first visit does not pay for it.
 * - Tied to the session: the copy is stored with a hash of the session token and restored only for the
 *   same session; ending the session (logout, expiry) deletes it (clearOfflineCache).
 * - Built on query-core's dehydrate/hydrate, which @tanstack/query-persist-client-core wraps: that
 *   package's latest release pins an older query-core than the app's and would bundle a second copy.
 */

const DB_NAME = 'escale-offline';
const STORE = 'queries';
const KEY = 'cache';
/** Bumped when what the queries hold changes shape: an older copy is dropped, not shown. */
const VERSION = 1;
/** Older copies are not shown (a trip long past is no use, and privacy). */
export const MAX_AGE_MS = 7 * 24 * 3_600_000;
/** Writes are grouped: at most one a second. */
const THROTTLE_MS = 1_000;

type Stored = { version: number; owner: string; savedAt: number; state: DehydratedState };

const isOfflineQuery = (query: Query) => query.meta?.offline === true && query.state.status === 'success';

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('indexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('indexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** Who the copy belongs to: a hash of the session token (the token itself is never written here). */
async function ownerOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`escale-offline:${token}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

let owner: string | null = null;
let starting: Promise<void> | null = null;
let unsubscribe: (() => void) | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Every write and delete, one after another: a delete at logout comes after any write begun before it. */
let queue: Promise<unknown> = Promise.resolve();
const inTurn = (task: () => Promise<void>) => (queue = queue.then(task, task));

function persist(): Promise<void> {
  timer = undefined;
  return inTurn(async () => {
    // Checked in turn: a session that ended meanwhile writes nothing.
    const current = owner;
    if (!current || !useSession.getState().token) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: isOfflineQuery, shouldDehydrateMutation: () => false });
    const stored: Stored = { version: VERSION, owner: current, savedAt: Date.now(), state };
    try {
      await run('readwrite', (store) => store.put(stored, KEY));
    } catch {
      // Storage full or refused (private mode): the app works on, without offline copies.
    }
  });
}

const schedule = () => {
  timer ??= setTimeout(() => void persist(), THROTTLE_MS);
};

/**
 * Puts the session's offline copy back into the query cache (only newer than what the cache holds),
 * then keeps it up to date. Runs once per session; resolves when the copy is back (or there is none).
 */
export function startOfflineCache(): Promise<void> {
  starting ??= (async () => {
    const token = useSession.getState().token;
    if (!token || !hasIndexedDb() || !globalThis.crypto?.subtle) return;
    const me = await ownerOf(token);
    try {
      const stored = (await run('readonly', (store) => store.get(KEY))) as Stored | undefined;
      if (stored && stored.version === VERSION && stored.owner === me && Date.now() - stored.savedAt < MAX_AGE_MS) {
        hydrate(queryClient, stored.state);
        // A copy is what was true when it was saved: shown at once, but read again as soon as a screen uses it (online).
        const restored = new Set(stored.state.queries.map((q) => q.queryHash));
        void queryClient.invalidateQueries({ predicate: (query) => restored.has(query.queryHash), refetchType: 'none' });
      } else if (stored) await run('readwrite', (store) => store.delete(KEY));
    } catch {
      // Unreadable: start afresh.
    }
    // The session may have ended while this ran.
    if (useSession.getState().token !== token) return;
    owner = me;
    unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.meta?.offline === true) schedule();
    });
    schedule();
  })();
  return starting;
}

/** Forgets the offline copy (logout, expired session): nothing of the user's stays on the device. */
export function clearOfflineCache(): Promise<void> {
  owner = null;
  starting = null;
  unsubscribe?.();
  unsubscribe = undefined;
  clearTimeout(timer);
  timer = undefined;
  if (!hasIndexedDb()) return Promise.resolve();
  return inTurn(async () => {
    try {
      await run('readwrite', (store) => store.delete(KEY));
    } catch {
      // Nothing stored, or storage unavailable.
    }
  });
}
