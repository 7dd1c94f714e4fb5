/**
 * One Idempotency-Key per user intent (ARCHITECTURE §2). A change is identified by what it sends
 * (rel, link, version, body): every try of it — a retry after a lost answer, a second click, a
 * reload of the page while it was pending — carries the same key, so the server applies it once.
 * Once the server has answered, the intent is settled and the next change gets a new key.
 * Kept in sessionStorage: it survives a reload of this tab, not the tab itself.
 */
const STORAGE_KEY = 'escale:intents';
/** Pending intents older than this are forgotten (the server forgets its keys after a day or two anyway). */
const MAX_AGE_MS = 24 * 60 * 60_000;

type Intents = Record<string, { key: string; at: number }>;

let memory: Intents = {};

function read(): Intents {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Intents) : {};
  } catch {
    return memory;
  }
}

function write(intents: Intents) {
  memory = intents;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(intents));
  } catch {
    // No storage: the intent lasts for this page only.
  }
}

/** The key of the intent `scope`, made on its first try and reused until it is settled. */
export function intentKey(scope: string, now = Date.now()): string {
  const intents = read();
  const live = Object.fromEntries(Object.entries(intents).filter(([, v]) => now - v.at < MAX_AGE_MS));
  const existing = live[scope];
  if (existing) return existing.key;
  const key = crypto.randomUUID();
  write({ ...live, [scope]: { key, at: now } });
  return key;
}

/** The server answered: the next change of the same shape is a new intent. */
export function settleIntent(scope: string) {
  const intents = read();
  if (!(scope in intents)) return;
  delete intents[scope];
  write(intents);
}
