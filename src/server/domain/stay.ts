import type { Lang } from '@contract/account';
import { searchDayProblem } from '@contract/search-limits';

/**
 * The rules of a hotel stay and a car rental's dates (spec 1 §5 "Hotel", "Car rental"), pure: what is
 * wrong with the searched days or times, as field problems (message keys) and a sentence.
 */

export type DateProblems = { fields: Record<string, string>; message: string };

const STAY_TEXTS = {
  fr: {
    VALID_DATE: 'Cette date n’existe pas.',
    ENTER_DATE_NOT_PASSED: 'La date d’arrivée est passée.',
    DATE_BEYOND_HORIZON: 'Date au-delà de l’horizon de réservation (un an).',
    ENTER_MINIMUM_STAY: 'Le départ doit suivre l’arrivée : une nuit au moins.',
    MAX_STAY: 'Séjour limité à 30 nuits.',
  },
  en: {
    VALID_DATE: 'This date does not exist.',
    ENTER_DATE_NOT_PASSED: 'The check-in date is in the past.',
    DATE_BEYOND_HORIZON: 'Date beyond the booking horizon (one year).',
    ENTER_MINIMUM_STAY: 'Check-out must follow check-in: one night at least.',
    MAX_STAY: 'Stays are limited to 30 nights.',
  },
} as const;

/** The supplier sells stays of 30 nights at most. */
export const MAX_NIGHTS = 30;

const DAY_MS = 86_400_000;
/** Nights between two local days `YYYY-MM-DD`. */
export const nightsBetween = (checkin: string, checkout: string) =>
  Math.round((Date.parse(`${checkout}T00:00:00Z`) - Date.parse(`${checkin}T00:00:00Z`)) / DAY_MS);

/** A stay's problems: check-in a real day, today or later in the hotel's zone (`today`), within the horizon; at least one night, at most 30. */
export function stayProblems(checkin: string, checkout: string, today: string, lang: Lang): DateProblems | null {
  const fail = (field: string, key: keyof (typeof STAY_TEXTS)['fr']) => ({ fields: { [field]: key }, message: STAY_TEXTS[lang][key] });
  const checkinProblem = searchDayProblem(checkin, today);
  if (checkinProblem) return fail('checkin_date', checkinProblem);
  const checkoutProblem = searchDayProblem(checkout, today);
  if (checkoutProblem === 'VALID_DATE') return fail('checkout_date', 'VALID_DATE');
  const nights = nightsBetween(checkin, checkout);
  if (nights < 1) return fail('checkout_date', 'ENTER_MINIMUM_STAY');
  if (nights > MAX_NIGHTS) return fail('checkout_date', 'MAX_STAY');
  return null;
}

const RENTAL_TEXTS = {
  fr: {
    VALID_DATE: 'Cette date n’existe pas.',
    ENTER_DATE_NOT_PASSED: 'La date de prise en charge est passée.',
    ENTER_TIME_NOT_PASSED: 'Cette heure est passée.',
    DATE_BEYOND_HORIZON: 'Date au-delà de l’horizon de réservation (un an).',
    ENTER_DATE_AFTER: 'La restitution doit être le jour de la prise en charge ou après.',
    ENTER_TIME_AFTER: 'La restitution doit suivre la prise en charge.',
    MAX_RENTAL: 'Location limitée à 90 jours.',
  },
  en: {
    VALID_DATE: 'This date does not exist.',
    ENTER_DATE_NOT_PASSED: 'The pick-up date is in the past.',
    ENTER_TIME_NOT_PASSED: 'This time is in the past.',
    DATE_BEYOND_HORIZON: 'Date beyond the booking horizon (one year).',
    ENTER_DATE_AFTER: 'The return must be on the pick-up day or later.',
    ENTER_TIME_AFTER: 'The return must follow the pick-up.',
    MAX_RENTAL: 'Rentals are limited to 90 days.',
  },
} as const;

/** The supplier rents for 90 days at most. */
export const MAX_RENTAL_DAYS = 90;

/**
 * A rental's problems (spec 1 §5 "Car rental"): each time a real local time, the pick-up today or later
 * and not yet passed (in the pick-up place's zone), the return on the pick-up day or later
 * (ENTER_DATE_AFTER), strictly after the pick-up (ENTER_TIME_AFTER) and in the future (ENTER_TIME_NOT_PASSED).
 * Times are local 'YYYY-MM-DDTHH:mm'; `pickup` / `dropoff` their instants; `today` the pick-up place's day.
 */
export function rentalProblems(
  times: { pickupAt: string; returnAt: string; pickup: Date | null; dropoff: Date | null },
  now: Date,
  today: string,
  lang: Lang,
): DateProblems | null {
  const fail = (field: string, key: keyof (typeof RENTAL_TEXTS)['fr']) => ({ fields: { [field]: key }, message: RENTAL_TEXTS[lang][key] });
  const day = times.pickupAt.slice(0, 10);
  const dayProblem = searchDayProblem(day, today);
  if (dayProblem || !times.pickup) return fail('pickup_time', dayProblem ?? 'VALID_DATE');
  if (times.pickup.getTime() < now.getTime()) return fail('pickup_time', 'ENTER_TIME_NOT_PASSED');
  if (searchDayProblem(times.returnAt.slice(0, 10), today) === 'VALID_DATE' || !times.dropoff) return fail('return_time', 'VALID_DATE');
  if (times.returnAt.slice(0, 10) < day) return fail('return_time', 'ENTER_DATE_AFTER');
  if (times.dropoff.getTime() <= times.pickup.getTime()) return fail('return_time', 'ENTER_TIME_AFTER');
  if (times.dropoff.getTime() <= now.getTime()) return fail('return_time', 'ENTER_TIME_NOT_PASSED');
  if (times.dropoff.getTime() - times.pickup.getTime() > MAX_RENTAL_DAYS * DAY_MS) return fail('return_time', 'MAX_RENTAL');
  return null;
}

/** Days a rental is charged: every started 24 hours (as the supplier charges). */
export const rentalDays = (pickup: Date, dropoff: Date) => Math.max(1, Math.ceil((dropoff.getTime() - pickup.getTime()) / DAY_MS));

/** The local time until which a flexible room is cancelled free: the day before check-in, 18:00 at the hotel (the supplier's terms). */
export const freeCancelUntil = (checkin: string) => `${new Date(Date.parse(`${checkin}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10)}T18:00`;
