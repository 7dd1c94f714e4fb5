import { and, eq, inArray } from 'drizzle-orm';
import type { Accessibility } from '../domain/accessibility';
import type { TravelerRef } from '../domain/traveler-forms';
import type { Db } from './client';
import { users } from './schema';
import { bookablePeople, type Booker } from './people';

/**
 * The accessibility needs (users.accessibility, recorded in the profile) of a search's
 * travellers: the booker themselves (named by their id, or the first traveller named by nobody, as
 * the traveller step reads it) and the employees they may book for (db/people.ts). Anyone else —
 * guests, strangers, unnamed travellers — has none the search can know of. `own`: the booker's
 * needs as this request already read them (their session's row), so that a search for oneself reads
 * nothing more.
 */
export async function travelerNeeds(
  db: Db,
  booker: Booker | null,
  travellers: (TravelerRef & { id: number })[],
  own?: Accessibility | null,
): Promise<{ travelerID: number; needs: Accessibility | null }[]> {
  if (!booker || travellers.length === 0) return travellers.map((t) => ({ travelerID: t.id, needs: null }));
  const known = await bookablePeople(
    db,
    booker,
    travellers.filter((t) => t.profile_id && t.profile_id !== booker.id),
  );
  const profileOf = (t: TravelerRef, i: number) =>
    t.profile_id === booker.id || (!t.profile_id && !t.guest_id && i === 0) ? booker.id : t.profile_id && known.has(`p:${t.profile_id}`) ? t.profile_id : null;
  const ids = [...new Set(travellers.map(profileOf).filter((id): id is string => id !== null && !(id === booker.id && own !== undefined)))];
  const rows = ids.length
    ? await db
        .select({ id: users.id, accessibility: users.accessibility })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.agencyId, booker.agencyId)))
    : [];
  const needs = new Map(rows.map((r) => [r.id, r.accessibility]));
  if (own !== undefined) needs.set(booker.id, own);
  return travellers.map((t, i) => {
    const id = profileOf(t, i);
    return { travelerID: t.id, needs: id ? (needs.get(id) ?? null) : null };
  });
}
