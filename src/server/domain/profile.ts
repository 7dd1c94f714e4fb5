/**
 * The profile part of the user resource: what GET /user/ and PUT /user/ show of the
 * profile columns, the special fares (spec 1: entries flagged auto are dropped), the last travellers
 * (at most 10, the latest first, written on booking) and the profile's links.
 */
import { linkTo } from '@contract/rels';
import { LAST_TRAVELERS_MAX, type LastTraveler as LastTravelerView } from '@contract/profile';
import { NO_NEEDS, type Accessibility } from './accessibility';

/** A person the user booked for: an employee (profileId) or a guest (guestId), as users.last_travelers stores it. */
export type LastTraveler = {
  profileId: string | null;
  guestId: string | null;
  gender: 'MR' | 'MS' | null;
  firstname: string;
  lastname: string;
  bookedAt: string;
};
/** A special fare the user may search with; `auto`: applied by the agency on its own, never offered (spec 1). */
export type SpecialFare = { code: string; label: string; auto?: boolean };

type ProfileColumns = {
  address: string | null;
  cityOfBirth: string | null;
  birthCountry: string | null;
  accessibility: Accessibility | null;
  preferredLang: 'fr' | 'en' | null;
  version: number;
  lastTravelers: LastTraveler[];
  specialFares: SpecialFare[];
};

export const lastTravelerView = (t: LastTraveler): LastTravelerView => ({
  uid: (t.profileId ?? t.guestId)!,
  type: t.profileId ? 'employee' : 'guest',
  gender: t.gender,
  firstname: t.firstname,
  lastname: t.lastname,
});

/** The profile fields, last travellers and special fares of the user resource. */
export function profileFieldsOf(user: ProfileColumns) {
  const needs = user.accessibility ?? NO_NEEDS;
  return {
    address: user.address ? { description: user.address } : null,
    city_of_birth: user.cityOfBirth,
    birth_country: user.birthCountry,
    hasHandicap: needs.hasHandicap,
    handicap: needs.handicap,
    wheelchair: needs.wheelchair,
    wheelchair_dimensions: needs.wheelchair_dimensions,
    wheelchair_weight: needs.wheelchair_weight,
    wheelchair_wheel_thickness: needs.wheelchair_wheel_thickness,
    need_accompanying: needs.need_accompanying,
    accompanying: needs.accompanying,
    disability_card: needs.disability_card,
    lang: user.preferredLang,
    version: user.version,
    last_travelers: user.lastTravelers.filter((t) => t.profileId || t.guestId).map(lastTravelerView),
    special_fares: user.specialFares.filter((f) => !f.auto).map((f) => ({ code: f.code, label: f.label })),
  };
}

/** The profile's links: every signed-in user may edit their profile and read the accessibility reference data. */
export const profileLinks = () => ({ updateProfile: linkTo('updateProfile'), handicapTypes: linkTo('handicapTypes'), wheelchairs: linkTo('wheelchairs') });

const keyOf = (t: Pick<LastTraveler, 'profileId' | 'guestId'>) => (t.profileId ? `p:${t.profileId}` : `g:${t.guestId}`);

/** The list after a booking for `booked` (in the travel's order): they come first, the others follow, 10 at most. */
export function withLastTravelers(list: LastTraveler[], booked: LastTraveler[]): LastTraveler[] {
  const fresh = booked.filter((t) => t.profileId || t.guestId);
  const seen = new Set<string>();
  const out: LastTraveler[] = [];
  for (const t of [...fresh, ...list]) {
    const key = keyOf(t);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out.slice(0, LAST_TRAVELERS_MAX);
}
