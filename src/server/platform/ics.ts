/**
 * An iCalendar (RFC 5545) writer for the trips e-mailed to travellers: one VEVENT per leg, its times
 * in the zone of its station or airport (TZID, with the VTIMEZONE it names), CRLF line endings and
 * lines folded at 75 octets.
 */

export type IcsEvent = {
  /** Stable across e-mails about the same leg, so a calendar updates the event instead of adding one. */
  uid: string;
  /** Grows with each revision of the event (held, booked, ticketed, cancelled). */
  sequence: number;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  start: Date;
  /** IANA zone of the departure place. */
  startZone: string;
  end: Date;
  endZone: string;
  summary: string;
  location: string;
  description: string;
};

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const DAY_MS = 86_400_000;

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export const escapeText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line (§3.1): at most 75 octets per line, never inside a UTF-8 character; continuations start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: number, zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at an instant, in minutes. */
const offsetAt = (at: number, zone: string) => Math.round((wallClock(at, zone) - Math.floor(at / 1000) * 1000) / 60_000);

/** A wall-clock time (the UTC fields of `wall`) as DATE-TIME: 20261123T070900, with Z when UTC. */
const dateTime = (wall: number, utc = false) => `${new Date(wall).toISOString().slice(0, 19).replace(/[-:]/g, '')}${utc ? 'Z' : ''}`;

const utcOffset = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/** The zone's offset changes between two instants (found day by day, then to the minute). */
function transitions(zone: string, from: number, to: number): { at: number; from: number; to: number }[] {
  const found: { at: number; from: number; to: number }[] = [];
  let before = offsetAt(from, zone);
  for (let day = from + DAY_MS; day <= to; day += DAY_MS) {
    const after = offsetAt(day, zone);
    if (after === before) continue;
    let [lo, hi] = [day - DAY_MS, day];
    while (hi - lo > 60_000) {
      const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
      if (offsetAt(mid, zone) === before) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, from: before, to: after });
    before = after;
  }
  return found;
}

/**
 * The zone's definition over the calendar years the events span: its offset at the start, then each
 * change (DAYLIGHT when the offset is above the lowest one of the span, STANDARD otherwise).
 */
function vtimezone(zone: string, years: { first: number; last: number }): string[] {
  const key = `${zone}|${years.first}|${years.last}`;
  let lines = zoneDefinitions.get(key);
  if (!lines) {
    // A few zones and years recur in every e-mail: computed once each (the map is small, kept bounded).
    if (zoneDefinitions.size > 1000) zoneDefinitions.clear();
    lines = defineZone(zone, years);
    zoneDefinitions.set(key, lines);
  }
  return lines;
}

const zoneDefinitions = new Map<string, string[]>();

function defineZone(zone: string, years: { first: number; last: number }): string[] {
  const from = Date.UTC(years.first, 0, 1);
  const to = Date.UTC(years.last + 1, 0, 1);
  const initial = offsetAt(from, zone);
  const changes = transitions(zone, from, to);
  const lowest = Math.min(initial, ...changes.map((c) => c.to));
  const observance = (onsetWall: number, offsetFrom: number, offsetTo: number) => {
    const kind = offsetTo > lowest ? 'DAYLIGHT' : 'STANDARD';
    return [`BEGIN:${kind}`, `DTSTART:${dateTime(onsetWall)}`, `TZOFFSETFROM:${utcOffset(offsetFrom)}`, `TZOFFSETTO:${utcOffset(offsetTo)}`, `END:${kind}`];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(wallClock(from, zone), initial, initial),
    // An onset is the local time before the change (e.g. 02:00 when clocks go forward to 03:00).
    ...changes.flatMap((c) => observance(c.at + c.from * 60_000, c.from, c.to)),
    'END:VTIMEZONE',
  ];
}

/** A calendar of trip legs (METHOD:PUBLISH: copied into the reader's calendar, not an invitation). */
export function calendar(events: IcsEvent[], opts: { prodId: string; now: Date; name?: string; refreshMinutes?: number }): string {
  const zones = new Map<string, { first: number; last: number }>();
  for (const e of events)
    for (const [zone, at] of [
      [e.startZone, e.start],
      [e.endZone, e.end],
    ] as const) {
      const year = new Date(wallClock(at.getTime(), zone)).getUTCFullYear();
      const known = zones.get(zone);
      zones.set(zone, { first: Math.min(known?.first ?? year, year), last: Math.max(known?.last ?? year, year) });
    }
  const stamp = dateTime(opts.now.getTime(), true);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${opts.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    // A subscribed feed: its name in the calendar app, and how often the app should read it again.
    ...(opts.name ? [`X-WR-CALNAME:${escapeText(opts.name)}`] : []),
    ...(opts.refreshMinutes ? [`REFRESH-INTERVAL;VALUE=DURATION:PT${opts.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${opts.refreshMinutes}M`] : []),
    ...[...zones].flatMap(([zone, years]) => vtimezone(zone, years)),
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `SEQUENCE:${e.sequence}`,
      `STATUS:${e.status}`,
      `DTSTART;TZID=${e.startZone}:${dateTime(wallClock(e.start.getTime(), e.startZone))}`,
      `DTEND;TZID=${e.endZone}:${dateTime(wallClock(e.end.getTime(), e.endZone))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `LOCATION:${escapeText(e.location)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
