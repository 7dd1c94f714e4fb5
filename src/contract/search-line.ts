/**
 * The date and travellers line under the results page's heading (`mercredi 2 décembre 2026 · départ à
 * partir de 08:00 · 1 passager`), in the first screen the server sends for a `/search` address: the
 * build renders its pieces with the app's own component (src/web/prerender.tsx), the server puts the
 * address's values in them (src/server/web.ts), so the app adopts the line without a change.
 */

/** The pieces of one language (HTML; every text in them HTML-escaped). */
export type SearchLinePieces = {
  /** The line for a departure from / an arrival before the time, for one traveller or more: `%TRIP_DAY%`, `%TRIP_TIME%`, `%TRIP_PAX%` (more). */
  line: Record<'departure' | 'arrival', { one: string; many: string }>;
  /** The day as the line says it: `%TRIP_WEEKDAY%`, `%TRIP_DATE%`, `%TRIP_MONTH%`, `%TRIP_YEAR%`. */
  day: string;
  /** The days of the week, Sunday first; the months, January first. */
  weekdays: string[];
  months: string[];
};

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/;

/** Puts `values[NAME]` for each `%TRIP_NAME%` of `html`, in one pass (what it puts is never read again). */
const fillIn = (html: string, values: Record<string, string>) => html.replace(/%TRIP_([A-Z]+)%/g, (slot, name: string) => values[name] ?? slot);

/**
 * The line's markup for a search leaving (`mode`) at `date` (the origin's `YYYY-MM-DDTHH:mm`) with
 * `passengers` travellers, or null when `date` is no calendar day (the app says why instead of searching).
 */
export function searchLineHtml(pieces: SearchLinePieces, search: { date: string; mode: 'departure' | 'arrival'; passengers: number }): string | null {
  const m = DATE_TIME.exec(search.date);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, date);
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
  if (!Number.isInteger(search.passengers) || search.passengers < 1) return null;
  // The weekday as the app finds it (Date.UTC: years 0–99 are 1900–1999's, as in the app).
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  const day = fillIn(pieces.day, { WEEKDAY: pieces.weekdays[weekday]!, DATE: String(date), MONTH: pieces.months[month - 1]!, YEAR: String(year) });
  const line = pieces.line[search.mode][search.passengers > 1 ? 'many' : 'one'];
  return fillIn(line, { DAY: day, TIME: m[4]!, PAX: String(search.passengers) });
}
