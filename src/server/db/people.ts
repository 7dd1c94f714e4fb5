import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { isAgencyStaff } from '@contract/permissions';
import type { KnownPerson, TravelerRef } from '../domain/traveler-forms';
import type { Db } from './client';
import { guests, users } from './schema';

const isUuid = (v: string | null | undefined): v is string => !!v && /^[0-9a-f-]{36}$/.test(v);

export type Booker = { id: string; agencyId: string; companyId: string | null; perms: string[] };

/**
 * The booker as the rules of whom they may book for see them: agency staff act for the customer
 * company they chose (its people and their guests), anyone else for their own company.
 */
export const actingBooker = (user: Booker, company: { id: string } | null): Booker =>
  isAgencyStaff(user.perms) ? { ...user, companyId: company?.id ?? null } : user;

/** A guest of the company: made by its travel manager, or by one of its people (whom staff act for). */
export const companyGuest = (db: Db, agencyId: string, companyId: string) =>
  or(
    eq(guests.companyId, companyId),
    inArray(
      guests.ownerId,
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.agencyId, agencyId))),
    ),
  )!;

/**
 * The people named in `travelers` (by `p:profile_id` / `g:guest_id`) whom the booker may book
 * for: active users of their company, their own guests and their company's (not deactivated); for agency staff (see actingBooker),
 * the active users of the customer company they act for and those users' guests. Anyone else is
 * left out, as unknown.
 */
export async function bookablePeople(db: Db, booker: Booker | null, travelers: TravelerRef[]): Promise<Map<string, KnownPerson>> {
  const known = new Map<string, KnownPerson>();
  if (!booker) return known;
  const profileIds = travelers.map((t) => t.profile_id).filter(isUuid);
  const guestIds = travelers.map((t) => t.guest_id).filter(isUuid);
  const pick = (t: typeof users | typeof guests) => ({ id: t.id, gender: t.gender, firstname: t.firstname, lastname: t.lastname, birthdate: t.birthdate });
  const staff = isAgencyStaff(booker.perms);
  const company = booker.companyId ? eq(users.companyId, booker.companyId) : null;
  if (profileIds.length && company)
    for (const row of await db
      .select(pick(users))
      .from(users)
      .where(and(inArray(users.id, profileIds), eq(users.agencyId, booker.agencyId), eq(users.status, 'active'), company)))
      known.set(`p:${row.id}`, row);
  const owner = staff
    ? booker.companyId
      ? companyGuest(db, booker.agencyId, booker.companyId)
      : null
    : // Their own guests, and their company's (made by its travel manager).
      booker.companyId
      ? or(eq(guests.ownerId, booker.id), eq(guests.companyId, booker.companyId))!
      : eq(guests.ownerId, booker.id);
  if (guestIds.length && owner)
    for (const row of await db
      .select(pick(guests))
      .from(guests)
      .where(and(inArray(guests.id, guestIds), owner, isNull(guests.deactivatedAt))))
      known.set(`g:${row.id}`, row);
  return known;
}

/** What a person's record says of how to reach them: a driver form or a traveller form prefills it. */
export type PersonContact = KnownPerson & {
  profileId: string | null;
  guestId: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
};

/**
 * A person the booker may book for (bookablePeople's rule, or the booker themselves), with their contact
 * details; null for anyone else or an unknown id.
 */
export async function bookableContact(
  db: Db,
  booker: Booker & { id: string },
  ref: { profile_id?: string | null; guest_id?: string | null },
): Promise<PersonContact | null> {
  if (ref.profile_id) {
    if (!isUuid(ref.profile_id)) return null;
    if (ref.profile_id !== booker.id && !(await bookablePeople(db, booker, [{ id: 1, profile_id: ref.profile_id }])).has(`p:${ref.profile_id}`)) return null;
    const [row] = await db
      .select({
        id: users.id,
        gender: users.gender,
        firstname: users.firstname,
        lastname: users.lastname,
        birthdate: users.birthdate,
        email: users.email,
        phone: users.phone,
        address: users.address,
      })
      .from(users)
      .where(and(eq(users.id, ref.profile_id), eq(users.agencyId, booker.agencyId)))
      .limit(1);
    return row ? { ...row, profileId: row.id, guestId: null } : null;
  }
  if (ref.guest_id) {
    if (!isUuid(ref.guest_id) || !(await bookablePeople(db, booker, [{ id: 1, guest_id: ref.guest_id }])).has(`g:${ref.guest_id}`)) return null;
    const [row] = await db
      .select({
        id: guests.id,
        gender: guests.gender,
        firstname: guests.firstname,
        lastname: guests.lastname,
        birthdate: guests.birthdate,
        email: guests.email,
      })
      .from(guests)
      .where(eq(guests.id, ref.guest_id))
      .limit(1);
    return row ? { ...row, profileId: null, guestId: row.id, phone: null, address: null } : null;
  }
  return null;
}
