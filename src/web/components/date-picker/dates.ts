import { lastBookableDay } from '@contract/search-limits';

/** Date rules of the search forms (spec 1 §5 "Date pickers", §9 "search default start one hour from now"). */

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Hours offered by the time buttons: 06:00 to 23:00. */
export const TIME_BUTTON_HOURS = Array.from({ length: 18 }, (_, i) => i + 6);
/** Trip quick buttons: 'Matin' at 05:00, 'Après-midi' at 14:00. */
export const TRIP_QUICK_HOURS = { morning: 5, afternoon: 14 } as const;

export const addHours = (date: Date, hours: number) => new Date(date.getTime() + hours * HOUR);

/**
 * The value of a date field whose typed text is no date (31/02/2027, 12/05): kept apart from an empty
 * field so that the form can say "invalid date" rather than "enter a date".
 */
export const notADate = () => new Date(Number.NaN);
/** A date the user gave (not empty, not a text that is no date). */
export const isDate = (d: Date | null): d is Date => d !== null && !Number.isNaN(d.getTime());
export const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
export const sameDay = (a: Date, b: Date) => startOfDay(a).getTime() === startOfDay(b).getTime();
export const withHour = (date: Date, hour: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate(), hour, 0);

/** The default departure: now + 1 h, on the minute. */
export function defaultStart(now: Date): Date {
  const d = addHours(now, 1);
  d.setSeconds(0, 0);
  return d;
}

/** A start in the past becomes now + 1 h. */
export function ruleStart(value: Date, now: Date): Date {
  return value.getTime() < now.getTime() ? defaultStart(now) : value;
}

/** An end not after the start becomes start + 1 h. */
export function ruleEnd(value: Date, start: Date | null): Date {
  return start && value.getTime() <= start.getTime() ? addHours(start, 1) : value;
}

/**
 * Typing help: keeps digits, inserts the slashes (DD/MM/YYYY), 10 characters at most. While the user
 * types forward (`previous` shorter), a slash is added as soon as the day or the month is complete.
 */
export function maskTypedDate(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  let out = digits.slice(0, 2);
  if (digits.length > 2) out += `/${digits.slice(2, 4)}`;
  if (digits.length > 4) out += `/${digits.slice(4)}`;
  if (input.length > previous.length && (digits.length === 2 || digits.length === 4)) out += '/';
  return out;
}

/** `DD/MM/YYYY`, years 1900–2099, a real calendar date → that day (00:00 local); anything else → null. */
export function parseTypedDate(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2099) return null;
  const d = new Date(year, month - 1, day);
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day ? d : null;
}

/** The local calendar day `YYYY-MM-DD`, as the contract's search limits take it. */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The last day a trip can be searched (contract/search-limits), at 00:00 local. */
export function lastBookableDate(now: Date): Date {
  const [year, month, day] = lastBookableDay(localDay(now)).split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}

export const formatTypedDate = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
export const formatTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** Local date-time as the /search URL wants it: YYYY-MM-DDTHH:mm. */
export const toLocalIso = (d: Date) => `${localDay(d)}T${formatTime(d)}`;
