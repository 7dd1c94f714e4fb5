import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guests, users } from '../../db/schema';
import type { KnownPerson, TravellerRef } from '../../domain/traveler-forms';

const isUuid = (v: string | null | undefined): v is string => !!v && /^[0-9a-f-]{36}$/.test(v);

/** The colleagues (same company) and the user's own guests named in `travelers`, by `p:profile_id` / `g:guest_id`. */
export async function knownPeople(db: Db, user: { id: string; companyId: string | null } | null, travelers: TravellerRef[]): Promise<Map<string, KnownPerson>> {
  const known = new Map<string, KnownPerson>();
  if (!user) return known;
  const profileIds = travelers.map((t) => t.profile_id).filter(isUuid);
  const guestIds = travelers.map((t) => t.guest_id).filter(isUuid);
  const pick = (t: typeof users | typeof guests) => ({ id: t.id, gender: t.gender, firstname: t.firstname, lastname: t.lastname, birthdate: t.birthdate });
  if (profileIds.length && user.companyId)
    for (const row of await db.select(pick(users)).from(users).where(and(inArray(users.id, profileIds), eq(users.companyId, user.companyId))))
      known.set(`p:${row.id}`, row);
  if (guestIds.length)
    for (const row of await db.select(pick(guests)).from(guests).where(and(inArray(guests.id, guestIds), eq(guests.ownerId, user.id))))
      known.set(`g:${row.id}`, row);
  return known;
}
