/**
 * How demand moves prices and fills seats: evening peaks on Fridays and Sundays, the Monday
 * morning rush, school holidays, and booking late. One factor, used by every product.
 */
const HOLIDAYS: [string, string][] = [
  ['12-19', '12-31'],
  ['01-01', '01-04'],
  ['02-07', '03-08'],
  ['04-04', '05-03'],
  ['07-04', '08-31'],
  ['10-17', '11-02'],
];

export const isHoliday = (date: string) => {
  const md = date.slice(5);
  return HOLIDAYS.some(([from, to]) => md >= from && md <= to);
};

/** 1 is an ordinary weekday midday; Friday 17:00 ≈ 1.45. */
export function timeOfWeekFactor(weekday: number, hour: number): number {
  if (weekday === 5 && hour >= 15 && hour <= 20) return 1.45;
  if (weekday === 0 && hour >= 15 && hour <= 21) return 1.4;
  if (weekday === 1 && hour >= 6 && hour <= 9) return 1.25;
  if (weekday === 6) return hour >= 8 && hour <= 12 ? 0.95 : 0.85;
  if ((hour >= 7 && hour <= 9) || (hour >= 17 && hour <= 19)) return 1.15;
  if (hour >= 21 || hour <= 5) return 0.8;
  if (hour >= 10 && hour <= 15) return 0.88;
  return 1;
}

/** Booking far ahead is cheap; the last days are dear. */
export function leadTimeFactor(leadDays: number): number {
  if (leadDays >= 60) return 0.7;
  if (leadDays >= 30) return 0.8;
  if (leadDays >= 14) return 0.9;
  if (leadDays >= 7) return 1;
  if (leadDays >= 2) return 1.12;
  return 1.25;
}

export const demandFactor = (local: { date: string; weekday: number; hour: number }) =>
  timeOfWeekFactor(local.weekday, local.hour) * (isHoliday(local.date) ? 1.2 : 1);

/** Cents ending in 90, like real fares: 45,90 €. */
export const fareCents = (cents: number) => Math.max(190, Math.round(cents / 100) * 100 - 10);
