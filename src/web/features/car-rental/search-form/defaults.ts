import type { User } from '@contract/account';
import { addHours, defaultStart, isDate, withHour } from '@web/components/date-picker/dates';
import type { SearchPrefill } from '@web/components/search-form/frame';
import { firstEntity } from '@web/components/search-form/frame';
import type { BookingFor } from '@web/lib/acting';
import { travelerRef } from '@web/lib/acting';
import { CAR_DEFAULT_RADIUS } from '../url';
import type { DriverRef } from '../url';
import { rememberedCarSearch } from './last-search';
import type { CarValues } from './validation';

/** Spec 1 §5 "Date pickers": the car rental's quick buttons. */
export const CAR_QUICK_HOURS = { morning: 9, afternoon: 18 } as const;

const HOUR = 3_600_000;
const localDate = (text: string | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text ?? '');
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) : null;
};

/** The rental from the trip: picked up at the first full hour after the arrival, returned an hour before the way back (else the next day at 18:00). */
function prefilledDates(prefill: SearchPrefill): { start: Date | null; end: Date | null } {
  const arrival = localDate(prefill.start);
  if (!arrival) return { start: null, end: null };
  const start = new Date(Math.ceil(arrival.getTime() / HOUR) * HOUR);
  const back = localDate(prefill.end);
  const end =
    back && back.getTime() - HOUR > start.getTime()
      ? new Date(Math.floor((back.getTime() - HOUR) / HOUR) * HOUR)
      : withHour(addHours(start, 24), CAR_QUICK_HOURS.afternoon);
  return { start, end };
}

/**
 * The driver a new search starts with: the traveller agency staff act for (none chosen yet: none), a
 * travel manager (account_creation) none, anyone else themselves (spec 1 §6).
 */
function firstDriver(user: User | null, booking: BookingFor): CarValues['driver'] {
  if (booking.staff) {
    const traveler = booking.traveler;
    return traveler ? { ref: travelerRef(traveler) as DriverRef, name: `${traveler.firstname} ${traveler.lastname}` } : null;
  }
  return user && !user.perms.includes('account_creation') ? { ref: 'me', name: null } : null;
}

/** The form's first values: the cart's shortcut, else the last search while it has not started, else a rental from tomorrow morning. */
export function carDefaults(user: User | null, booking: BookingFor, formKey: string, now: Date, prefill: SearchPrefill | undefined): CarValues {
  const given = prefill ? prefilledDates(prefill) : { start: null, end: null };
  const start = given.start ?? withHour(addHours(now, 24), CAR_QUICK_HOURS.morning);
  const remembered = prefill ? null : rememberedCarSearch(formKey);
  if (remembered && isDate(remembered.start) && remembered.start.getTime() > now.getTime()) return remembered;
  return {
    from: null,
    to: null,
    rFrom: CAR_DEFAULT_RADIUS,
    rTo: CAR_DEFAULT_RADIUS,
    start: start.getTime() > now.getTime() ? start : defaultStart(now),
    end: given.end ?? withHour(addHours(start, 24), CAR_QUICK_HOURS.afternoon),
    types: [],
    driver: firstDriver(user, booking),
    entity: firstEntity(booking),
  };
}
