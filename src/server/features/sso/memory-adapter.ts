import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/**
 * Where the demo provider keeps its sessions, interactions, codes and tokens: this process's memory,
 * bounded, each entry until its own expiry. Enough for one demo process (a restart signs everybody
 * out of the provider, not out of Escale); a real provider keeps them in a shared store.
 */
export function memoryAdapter(capacity = 10_000): AdapterFactory {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  /** Secondary keys: a session's uid, a user code, the members of a grant. */
  const index = new Map<string, string>();
  const grants = new Map<string, Set<string>>();

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        // The oldest entries leave first when full (a Map keeps its insertion order).
        if (entries.size >= capacity) entries.delete(entries.keys().next().value!);
        if (index.size >= 2 * capacity) index.delete(index.keys().next().value!);
        if (grants.size >= capacity) grants.delete(grants.keys().next().value!);
        entries.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY });
        if (payload.uid) index.set(`uid:${payload.uid}`, id);
        if (payload.userCode) index.set(`userCode:${payload.userCode}`, id);
        if (payload.grantId) grants.set(payload.grantId, (grants.get(payload.grantId) ?? new Set()).add(key(id)));
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        const id = index.get(`uid:${uid}`);
        return id ? live(key(id)) : undefined;
      },
      async findByUserCode(userCode) {
        const id = index.get(`userCode:${userCode}`);
        return id ? live(key(id)) : undefined;
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const member of grants.get(grantId) ?? []) entries.delete(member);
        grants.delete(grantId);
      },
    };
  };
}
