import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { searchDayProblem } from '@contract/search-limits';
import { isDate, localDay, sameDay, startOfDay, toLocalIso } from '@web/components/date-picker/dates';
import type { CarLocationType, CarSearchUrl, CarType } from '../url';
import type { CarContext, CarField, CarMessageKey, CarPlace, CarValues, DriverChoice } from './validation';

/** What the search calls the kind of a place: a company's own address, a station (a stop is one), an airport, a city. */
export function locationType(place: CarPlace): CarLocationType {
  if (place.src === 'company') return 'address';
  if (place.type === 'stop_point') return 'station';
  return place.type;
}

/** The valid form as the /search-car-rentals URL. */
function searchOf(v: CarValues, travelID?: string): CarSearchUrl {
  const from = v.from!;
  const to = v.to!;
  return {
    from: from.ID,
    fromLat: from.lat,
    fromLon: from.lon,
    fromType: locationType(from),
    to: to.ID,
    toLat: to.lat,
    toLon: to.lon,
    toType: locationType(to),
    rFrom: v.rFrom,
    rTo: v.rTo,
    start: toLocalIso(v.start!),
    end: toLocalIso(v.end!),
    types: v.types,
    driver: v.driver!.ref,
    ...(v.entity ? { entity: v.entity } : {}),
    ...(travelID ? { travelID } : {}),
  };
}

const place = z.custom<CarPlace | null>();
const moment = z.custom<Date | null>();

/**
 * The car-rental form's rules (spec 1 §5 "Car rental"), for zodResolver: each broken rule is an issue
 * on its field with a CAR_MESSAGES key (the first of a field is shown). The valid form becomes the URL.
 */
export function carSchema({ now, hasEntities, travelID }: CarContext) {
  const today = localDay(now);
  const startProblem = (d: Date | null): CarMessageKey | null => {
    if (d === null) return 'ENTER_DATE';
    if (!isDate(d)) return 'VALID_DATE';
    return searchDayProblem(localDay(d), today) ?? (d.getTime() < now.getTime() ? 'ENTER_TIME_NOT_PASSED' : null);
  };
  const endProblem = (end: Date | null, start: Date | null): CarMessageKey | null => {
    if (end === null) return 'ENTER_END_DATE';
    if (!isDate(end)) return 'VALID_DATE';
    const begin = isDate(start) ? start : null;
    if (begin && startOfDay(end).getTime() < startOfDay(begin).getTime()) return 'ENTER_DATE_AFTER';
    if (begin && end.getTime() <= begin.getTime()) return sameDay(end, begin) ? 'ENTER_TIME_AFTER' : 'ENTER_DATE_AFTER';
    const day = searchDayProblem(localDay(end), today);
    if (day === 'DATE_BEYOND_HORIZON' || day === 'VALID_DATE') return day;
    return end.getTime() < now.getTime() ? 'ENTER_TIME_NOT_PASSED' : null;
  };
  return z
    .object({
      from: place.refine((p) => p !== null, { error: 'ENTER_DEPARTURE_PLACE_LIST' }),
      to: place.refine((p) => p !== null, { error: 'ENTER_DESTINATION_PLACE_LIST' }),
      rFrom: z.number(),
      rTo: z.number(),
      start: moment,
      end: moment,
      types: z.array(z.custom<CarType>()),
      driver: z.custom<DriverChoice | null>().refine((d) => d !== null, { error: 'ENTER_DRIVER' }),
      entity: z.string().refine((entity) => !hasEntities || entity !== '', { error: 'CHOOSE_ENTITY' }),
    })
    .superRefine((v, ctx) => {
      const issue = (field: CarField, key: CarMessageKey | null) => key && ctx.addIssue({ code: 'custom', path: [field], message: key });
      issue('start', startProblem(v.start));
      issue('end', endProblem(v.end, v.start));
    })
    .transform((v) => searchOf(v as CarValues, travelID));
}

/** The form's resolver; the rules and zod come in their own chunk, loaded when the form is first used. */
export const carResolver = (context: CarContext) => zodResolver(carSchema(context));
