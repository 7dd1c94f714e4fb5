/**
 * Limits of a search that both sides apply: the server refuses what breaks them, the search form says
 * so next to the field before asking. No zod here: the search form's first chunk imports this.
 */

/** Characters of a place query (GET /places `q`) at most. */
export const PLACE_QUERY_MAX = 100;

/** How many days after today a trip can be searched: suppliers sell about a year ahead. */
export const BOOKABLE_DAYS_AHEAD = 365;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` day as a UTC date, or null when it is no calendar day (2027-02-31). */
function dayAsUtc(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, date);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === date ? d : null;
}

/** The last day a search may ask for, `today` being the origin's local day (`YYYY-MM-DD`). */
export function lastBookableDay(today: string): string {
  const d = dayAsUtc(today) ?? new Date(NaN);
  d.setUTCDate(d.getUTCDate() + BOOKABLE_DAYS_AHEAD);
  return d.toISOString().slice(0, 10);
}

/** Why a searched day cannot be searched: no such day, before today, after the last bookable day. */
export type SearchDayProblem = 'VALID_DATE' | 'ENTER_DATE_NOT_PASSED' | 'DATE_BEYOND_HORIZON';

/** What is wrong with a searched local day (`YYYY-MM-DD`) given today's, or null. */
export function searchDayProblem(day: string, today: string): SearchDayProblem | null {
  if (!dayAsUtc(day)) return 'VALID_DATE';
  if (day < today) return 'ENTER_DATE_NOT_PASSED';
  if (day > lastBookableDay(today)) return 'DATE_BEYOND_HORIZON';
  return null;
}
