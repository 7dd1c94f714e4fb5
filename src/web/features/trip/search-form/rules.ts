import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { Place } from '@contract/places';
import { searchDayProblem } from '@contract/search-limits';
import { searchUrlSchema } from '@contract/search-url';
import { isDate, localDay, sameDay, startOfDay, toLocalIso } from '@web/components/date-picker/dates';
import type { Passenger, TripContext, TripField, TripMessageKey, TripValues } from './validation';
import { MAX_PASSENGERS } from './validation';
import { isBlank } from '@web/lib/passengers';

/** A place is chosen from the list: the picker gives null until then. */
const place = z.custom<Place | null>();
const chosen = (missing: TripMessageKey) => place.refine((p): p is Place => p !== null, { error: missing });
const moment = z.custom<Date | null>();
const pickMode = z.enum(['departure', 'arrival']);

/** The valid form as the /search URL's params (before the contract checks them). */
const searchParams = (v: TripValues, travelID?: string): z.input<typeof searchUrlSchema> => {
  const openJaw = v.hasReturn && v.openJaw;
  return {
    from: v.from!.ID,
    to: v.to!.ID,
    date: toLocalIso(v.date!),
    mode: v.mode,
    ret: v.hasReturn && v.ret ? toLocalIso(v.ret) : undefined,
    retMode: v.hasReturn ? v.retMode : undefined,
    retFrom: openJaw ? v.retFrom?.ID : undefined,
    retTo: openJaw ? v.retTo?.ID : undefined,
    pax: v.pax.map((p) => p.ref),
    entity: v.entity || undefined,
    fare: v.fare || undefined,
    travelID: travelID || undefined,
  };
};

/**
 * The trip form's rules (spec 1 §5 "Trip search"), for zodResolver: each broken rule is an issue on
 * its field with a TRIP_MESSAGES key, the first one of a field being the one shown. The valid form
 * becomes the /search URL's params, which the contract's searchUrlSchema checks and gives the submit.
 */
export function tripSchema({ now, birthdateRequired, hasEntities, travelID }: TripContext) {
  const today = localDay(now);
  /** The departure's first broken rule: empty, no such day, a past day, beyond the booking horizon, a past time. */
  const departureProblem = (d: Date | null): TripMessageKey | null => {
    if (d === null) return 'ENTER_DATE';
    if (!isDate(d)) return 'VALID_DATE';
    return searchDayProblem(localDay(d), today) ?? (d.getTime() < now.getTime() ? 'ENTER_TIME_NOT_PASSED' : null);
  };
  return z
    .object({
      from: chosen('ENTER_DEPARTURE_PLACE_LIST'),
      to: chosen('ENTER_DESTINATION_PLACE_LIST'),
      date: moment.superRefine((d, ctx) => {
        const problem = departureProblem(d);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      mode: pickMode,
      hasReturn: z.boolean(),
      ret: moment,
      retMode: pickMode,
      openJaw: z.boolean(),
      retFrom: place,
      retTo: place,
      pax: z
        .array(z.custom<Passenger>())
        .min(1, { error: 'ENTER_ONE_PASSENGER_AT_LEAST' })
        .max(MAX_PASSENGERS, { error: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' })
        .refine((pax) => !pax.some(isBlank), { error: 'CHOOSE_TRAVELER' })
        .refine((pax) => !birthdateRequired || pax.every((p) => p.hasBirthdate), { error: 'ENTER_BIRTHDATE_PASSENGERS' }),
      fare: z.string(),
      entity: z.string().refine((entity) => !hasEntities || entity !== '', { error: 'CHOOSE_ENTITY' }),
    })
    .superRefine((v, ctx) => {
      // Rules between fields; they show at the same time as the fields' own.
      const issue = (field: TripField, key: TripMessageKey) => ctx.addIssue({ code: 'custom', path: [field], message: key });
      if (v.from && v.to && v.from.ID === v.to.ID) issue('to', 'ENTER_OTHER_ORIGIN_OR_DESTINATION');
      if (v.hasReturn && v.openJaw) {
        if (!v.retFrom) issue('retFrom', 'ENTER_DEPARTURE_PLACE_LIST');
        if (!v.retTo) issue('retTo', 'ENTER_DESTINATION_PLACE_LIST');
        else if (v.retFrom && v.retFrom.ID === v.retTo.ID) issue('retTo', 'ENTER_OTHER_ORIGIN_OR_DESTINATION');
      }
      if (v.hasReturn) {
        const departure = isDate(v.date) ? v.date : null;
        if (v.ret !== null && !isDate(v.ret)) issue('ret', 'VALID_DATE');
        else if (!v.ret || (departure && startOfDay(v.ret).getTime() < startOfDay(departure).getTime())) issue('ret', 'ENTER_DATE_AFTER');
        else if (departure && sameDay(v.ret, departure) && v.ret.getTime() <= departure.getTime()) issue('ret', 'ENTER_TIME_AFTER');
        else if (searchDayProblem(localDay(v.ret), today) === 'DATE_BEYOND_HORIZON') issue('ret', 'DATE_BEYOND_HORIZON');
        else if (v.ret.getTime() < now.getTime()) issue('ret', 'ENTER_TIME_NOT_PASSED');
      }
    })
    .transform((v) => searchParams(v, travelID))
    .pipe(searchUrlSchema);
}

/**
 * The form's resolver for these rules. The rules and zod come in their own chunk, loaded when the form is
 * first used (TripSearchForm): the home page's first load need not carry them.
 */
export const tripResolver = (context: TripContext) => zodResolver(tripSchema(context));
