/** Local wall-clock time in a zone ⇄ instants, without a date library on the server. */
// Building an Intl formatter costs far more than using one: one per zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (tz: string) => {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
};

// Offsets change only on hour boundaries (DST): remember them per zone and hour.
const offsets = new Map<string, Map<number, number>>();

export function zoneOffsetMinutes(instant: Date, tz: string): number {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  let zone = offsets.get(tz);
  if (!zone) offsets.set(tz, (zone = new Map()));
  const known = zone.get(hour);
  if (known !== undefined) return known;
  if (zone.size > 50_000) zone.clear();
  const offset = computeOffset(instant, tz);
  zone.set(hour, offset);
  return offset;
}

function computeOffset(instant: Date, tz: string): number {
  const parts = formatterOf(tz).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** A wall-clock time of zone `tz`, given as the instant it would be in UTC (ms) → the instant. */
export function wallClockToInstant(wallClockUtc: number, tz: string): Date {
  const first = new Date(wallClockUtc - zoneOffsetMinutes(new Date(wallClockUtc), tz) * 60_000);
  // Second pass settles the offset across DST changes.
  return new Date(wallClockUtc - zoneOffsetMinutes(first, tz) * 60_000);
}

/** 'YYYY-MM-DDTHH:mm' in zone `tz` → the instant. */
export const localToInstant = (local: string, tz: string): Date => wallClockToInstant(new Date(`${local}:00Z`).getTime(), tz);

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** The instant as local ISO with offset: 2026-11-23T07:04:00+01:00. */
export function toLocalIso(instant: Date, tz: string): string {
  const off = zoneOffsetMinutes(instant, tz);
  const local = new Date(instant.getTime() + off * 60_000);
  const sign = off >= 0 ? '+' : '-';
  return `${local.toISOString().slice(0, 19)}${sign}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
}

/** Local calendar facts of an instant in a zone. */
export function localParts(instant: Date, tz: string) {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, tz) * 60_000);
  return { date: local.toISOString().slice(0, 10), weekday: local.getUTCDay(), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}

export const addMinutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);
