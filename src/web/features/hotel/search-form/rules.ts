import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { Place } from '@contract/places';
import { searchDayProblem } from '@contract/search-limits';
import { isDate, localDay } from '@web/components/date-picker/dates';
import type { Passenger } from '@web/lib/passengers';
import { MAX_PASSENGERS, isBlank } from '@web/lib/passengers';
import type { HotelSearchUrl } from '../url';
import { HOTEL_RADII, MAX_ROOMS } from '../url';
import type { HotelContext, HotelField, HotelMessageKey, HotelValues } from './validation';

const moment = z.custom<Date | null>();

/** The valid form as the /search-hotels URL's params. */
const searchParams = (v: HotelValues, travelID?: string): HotelSearchUrl => ({
  place: v.place!.ID,
  lat: v.place!.lat,
  lon: v.place!.lon,
  in: localDay(v.checkIn!),
  out: localDay(v.checkOut!),
  radius: v.radius,
  pax: v.pax.map((p) => p.ref),
  rooms: v.rooms,
  name: v.name.trim() || undefined,
  stars: v.stars ?? undefined,
  breakfast: v.breakfast || undefined,
  halfBoard: v.halfBoard || undefined,
  fullBoard: v.fullBoard || undefined,
  entity: v.entity || undefined,
  travelID: travelID || undefined,
});

/**
 * The hotel form's rules (spec 1 §5 "Hotel"), for zodResolver: each broken rule is an issue on its field
 * with a HOTEL_MESSAGES key, the first one of a field being the one shown. The valid form becomes the
 * /search-hotels URL's params.
 */
export function hotelSchema({ now, hasEntities, travelID }: HotelContext) {
  const today = localDay(now);
  const checkInProblem = (d: Date | null): HotelMessageKey | null => {
    if (d === null) return 'ENTER_DATE';
    if (!isDate(d)) return 'VALID_DATE';
    return searchDayProblem(localDay(d), today);
  };
  return z
    .object({
      place: z.custom<Place | null>().refine((p): p is Place => p !== null, { error: 'ENTER_LOCATION' }),
      radius: z.number().refine((r) => (HOTEL_RADII as readonly number[]).includes(r)),
      checkIn: moment.superRefine((d, ctx) => {
        const problem = checkInProblem(d);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      checkOut: moment,
      name: z.string().max(100),
      stars: z.number().int().min(1).max(5).nullable(),
      breakfast: z.boolean(),
      halfBoard: z.boolean(),
      fullBoard: z.boolean(),
      pax: z
        .array(z.custom<Passenger>())
        .min(1, { error: 'ENTER_ONE_PASSENGER_AT_LEAST' })
        .max(MAX_PASSENGERS, { error: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' })
        .refine((pax) => !pax.some(isBlank), { error: 'CHOOSE_TRAVELER' }),
      rooms: z.number().int().min(1).max(MAX_ROOMS),
      entity: z.string().refine((entity) => !hasEntities || entity !== '', { error: 'CHOOSE_ENTITY' }),
    })
    .superRefine((v, ctx) => {
      const issue = (field: HotelField, key: HotelMessageKey) => ctx.addIssue({ code: 'custom', path: [field], message: key });
      if (v.checkOut === null) issue('checkOut', 'ENTER_END_DATE');
      else if (!isDate(v.checkOut)) issue('checkOut', 'VALID_DATE');
      else if (isDate(v.checkIn) && localDay(v.checkOut) <= localDay(v.checkIn)) issue('checkOut', 'ENTER_MINIMUM_STAY');
      else if (searchDayProblem(localDay(v.checkOut), today) === 'DATE_BEYOND_HORIZON') issue('checkOut', 'DATE_BEYOND_HORIZON');
      if (v.pax.length > 0 && v.rooms > v.pax.length) issue('rooms', 'MORE_ROOMS_THAN_PASSENGERS');
    })
    .transform((v) => searchParams(v, travelID));
}

/** The form's resolver for these rules: they and zod come in their own chunk, with the form's first check. */
export const hotelResolver = (context: HotelContext) => zodResolver(hotelSchema(context));
