import type { AgeBand } from './passengers';

// The search bodies' travellers, apart from lib/passengers.ts: that module rides in the first visit's
// search-forms chunk, and no form needs these (only the search calls of the results screens).

type SearchPerson = { profile_id?: string; guest_id?: string; age_cat?: AgeBand };

/** Whom a URL ref names in a search body: `me` is the user (a visitor's names no one), then a profile, a guest, or an age band. */
export function searchPerson(ref: string, user: { uid: string } | null): SearchPerson {
  if (ref === 'me') return user ? { profile_id: user.uid } : {};
  const colon = ref.indexOf(':');
  const [kind, value] = [ref.slice(0, colon), ref.slice(colon + 1)];
  if (kind === 'profile') return { profile_id: value };
  if (kind === 'guest') return { guest_id: value };
  return { age_cat: value as AgeBand };
}

/** The travellers of a search body from their URL refs, 1-based ids in URL order (offers and rooms list them by id). */
export function searchTravelers(refs: readonly string[], user: { uid: string } | null): (SearchPerson & { id: number })[] {
  return refs.map((ref, i) => ({ id: i + 1, ...searchPerson(ref, user) }));
}
