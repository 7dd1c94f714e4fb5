import { isAgencyStaff } from '@contract/permissions';
import type { KnownPerson, TravelerRef } from '../domain/traveler-forms';
import { fail } from '../platform/errors';
import type { Db } from './client';
import { buyerCompany, type BuyerCompany } from './companies';
import { actingBooker, bookableContact, bookablePeople, type Booker } from './people';

/**
 * For whom a search or an add to cart books (spec 1 §6): the company (the caller's own, or
 * the agency customer staff name in `customer_id`), the booker as the rules of whom one may book for
 * see them, the people named who may be booked for, and — for agency staff — the traveller they act
 * for: the first named employee of that company. Staff who name no company or no such traveller are
 * refused with TRAVELER_REQUIRED (150) where `requireTraveler` says so.
 */
export type BookingParty = {
  company: BuyerCompany | null;
  booker: Booker | null;
  known: Map<string, KnownPerson>;
  staff: boolean;
  onBehalfOf: string | null;
};

export async function bookingParty(
  db: Db,
  agencyId: string,
  user: Booker | null,
  customerId: string | null | undefined,
  travelers: TravelerRef[],
  { requireTraveler }: { requireTraveler: boolean },
): Promise<BookingParty> {
  const company = await buyerCompany(db, agencyId, user, customerId);
  const staff = !!user && isAgencyStaff(user.perms);
  const booker = user ? actingBooker(user, company) : null;
  const known = await bookablePeople(db, booker, travelers);
  const onBehalfOf = staff ? (travelers.find((t) => t.profile_id && known.has(`p:${t.profile_id}`))?.profile_id ?? null) : null;
  if (staff && requireTraveler && (!company || !onBehalfOf)) fail('TRAVELER_REQUIRED');
  return { company, booker, known, staff, onBehalfOf };
}

/**
 * The party of a search: as an add to cart's, except that a travel agent may look before choosing the
 * traveller; an assistance agent acts for a traveller from the first search (150 otherwise).
 */
export const searchParty = (db: Db, agencyId: string, user: Booker | null, customerId: string | null | undefined, travelers: TravelerRef[]) =>
  bookingParty(db, agencyId, user, customerId, travelers, { requireTraveler: !!user?.perms.includes('assistance_agent') });

/**
 * Whose record prefills the traveller forms' "me" (the first traveller's identity, the booking
 * contact): the user's own; for staff, the traveller they act for — never the staff member's.
 */
export async function formsBooker<U extends Booker & { email: string; phone: string | null } & KnownPerson>(db: Db, user: U | null, party: BookingParty) {
  if (!user || !party.staff) return user;
  if (!party.onBehalfOf || !party.booker) return null;
  const contact = await bookableContact(db, party.booker, { profile_id: party.onBehalfOf });
  return contact ? { ...contact, id: party.onBehalfOf, email: contact.email ?? '' } : null;
}
