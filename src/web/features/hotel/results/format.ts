/** `2026-12-01` → `01/12/2026`. */
export const formatStayDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Nights between two days `YYYY-MM-DD` (calendar days: no zone nor DST in the count). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(checkOut) - utc(checkIn)) / 86_400_000);
}
