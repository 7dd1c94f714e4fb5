import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { KnownPerson, TravellerRef } from '../domain/traveler-forms';
import type { Db } from './client';
import { guests, users } from './schema';

const isUuid = (v: string | null | undefined): v is string => !!v && /^[0-9a-f-]{36}$/.test(v);

export type Booker = { id: string; agencyId: string; companyId: string | null; perms: string[] };

/**
 * The people named in `travelers` (by `p:profile_id` / `g:guest_id`) whom the booker may book
 * for: active users of their company (of any company of their agency for a travel agent, who acts
 * for the agency's customers) and their own guests. Anyone else is left out, as unknown.
 */
export async function bookablePeople(db: Db, booker: Booker | null, travelers: TravellerRef[]): Promise<Map<string, KnownPerson>> {
  const known = new Map<string, KnownPerson>();
  if (!booker) return known;
  const profileIds = travelers.map((t) => t.profile_id).filter(isUuid);
  const guestIds = travelers.map((t) => t.guest_id).filter(isUuid);
  const pick = (t: typeof users | typeof guests) => ({ id: t.id, gender: t.gender, firstname: t.firstname, lastname: t.lastname, birthdate: t.birthdate });
  const company = booker.perms.includes('travel_agent') ? isNotNull(users.companyId) : booker.companyId ? eq(users.companyId, booker.companyId) : null;
  if (profileIds.length && company)
    for (const row of await db
      .select(pick(users))
      .from(users)
      .where(and(inArray(users.id, profileIds), eq(users.agencyId, booker.agencyId), eq(users.status, 'active'), company)))
      known.set(`p:${row.id}`, row);
  if (guestIds.length)
    for (const row of await db.select(pick(guests)).from(guests).where(and(inArray(guests.id, guestIds), eq(guests.ownerId, booker.id))))
      known.set(`g:${row.id}`, row);
  return known;
}
