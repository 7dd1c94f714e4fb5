import type { User } from '@contract/account';
import type { BookingFor } from './acting';
import { travelerRef } from './acting';

/**
 * The travellers of a search (trip, hotel): spec 1 §9 "Passengers 1 to 9", the age bands of unnamed
 * travellers (30-59 when no birthdate is known).
 */
export const MAX_PASSENGERS = 9;
export const AGE_BANDS = ['0-3', '4-29', '30-59', '60+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export const DEFAULT_AGE_BAND: AgeBand = '30-59';

/** A traveller of the search: its URL ref (`me`, `profile:<uid>`, `guest:<uid>`, `age:<band>`), a name, whether a birthdate is known. */
export type Passenger = { ref: string; name: string | null; hasBirthdate: boolean };

/**
 * An assistance agent's passenger until they choose the traveller they act for (spec 1 §6: their trip
 * search "starts with a blank passenger selected"). Never a URL ref: the forms refuse to search with it
 * (CHOOSE_TRAVELER), and a person added by name takes its place.
 */
export const BLANK_REF = 'blank';
export const isBlank = (p: Pick<Passenger, 'ref'>) => p.ref === BLANK_REF;

const unnamed = (): Passenger => ({ ref: `age:${DEFAULT_AGE_BAND}`, name: null, hasBirthdate: false });

/**
 * The passengers a new search starts with (spec 1 §6): for agency staff the traveller they act for, else
 * an assistance agent's blank passenger or a travel agent's unnamed traveller; a travel manager's
 * (account_creation) none; anyone else themselves; a visitor an unnamed traveller. Never `me` for staff:
 * they do not travel on their customers' searches.
 */
export function firstPassengers(user: Pick<User, 'perms' | 'birthdate'> | null, booking: BookingFor): Passenger[] {
  if (booking.staff) {
    const traveler = booking.traveler;
    if (traveler) return [{ ref: travelerRef(traveler), name: `${traveler.firstname} ${traveler.lastname}`, hasBirthdate: false }];
    return [user?.perms.includes('assistance_agent') ? { ref: BLANK_REF, name: null, hasBirthdate: false } : unnamed()];
  }
  if (!user) return [unnamed()];
  if (user.perms.includes('account_creation')) return [];
  return [{ ref: 'me', name: null, hasBirthdate: !!user.birthdate }];
}

/**
 * Passengers from an address (a search to edit, a kept search) as the form starts with them: for agency
 * staff, `me` (an address's default) is the traveller they act for, never themselves.
 */
export function passengersFor(pax: Passenger[], user: Pick<User, 'perms' | 'birthdate'> | null, booking: BookingFor): Passenger[] {
  if (!booking.staff || !pax.some((p) => p.ref === 'me')) return pax;
  const first = firstPassengers(user, booking)[0]!;
  return pax.map((p) => (p.ref === 'me' ? first : p));
}

/**
 * The identity of a search form's start: a new user, or staff choosing another company or traveller,
 * starts the form again (its defaults, entities and remembered search are theirs).
 */
export const searchFormKey = (user: Pick<User, 'uid'> | null, booking: BookingFor) =>
  [user?.uid ?? 'signed-out', booking.customerId ?? '', booking.traveler ? travelerRef(booking.traveler) : ''].join('|');
