import type { User } from '@contract/account';
import { isDate, withHour } from '@web/components/date-picker/dates';
import type { SearchPrefill } from '@web/components/search-form/frame';
import { firstEntity } from '@web/components/search-form/frame';
import type { BookingFor } from '@web/lib/acting';
import { firstPassengers } from '@web/lib/passengers';
import { HOTEL_DEFAULT_RADIUS } from '../url';
import type { HotelValues } from './validation';

/**
 * Check-in and check-out are days at noon (spec 1 §9). The calendar's quick buttons would both set
 * 12:00 (spec 1 §5: hotel 12 and 12), so the hotel's calendar shows days only.
 */
const HOTEL_HOUR = 12;
export const atNoon = (d: Date | null) => (isDate(d) ? withHour(d, HOTEL_HOUR) : d);
export const nextDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, HOTEL_HOUR);

/** The stay around a trip: check-in the arrival's day, check-out the way back's day, else the next day. */
export function prefilledStay(prefill: SearchPrefill): Partial<HotelValues> {
  const day = (local: string | undefined) => {
    const m = local && /^(\d{4})-(\d{2})-(\d{2})T/.exec(local);
    return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), HOTEL_HOUR) : null;
  };
  const checkIn = day(prefill.start);
  if (!checkIn) return {};
  const back = day(prefill.end);
  return { checkIn, checkOut: back && back.getTime() > checkIn.getTime() ? back : nextDay(checkIn) };
}

/** A new stay: no place nor dates yet, the default radius, the first passengers and entity, one room. */
export function hotelDefaults(user: User | null, booking: BookingFor): HotelValues {
  return {
    place: null,
    radius: HOTEL_DEFAULT_RADIUS,
    checkIn: null,
    checkOut: null,
    name: '',
    stars: null,
    breakfast: false,
    halfBoard: false,
    fullBoard: false,
    pax: firstPassengers(user, booking),
    rooms: 1,
    entity: firstEntity(booking),
  };
}
