import { describe, expect, it } from 'vitest';
import { components, instantOf, parseIcs, prop, text } from '@test/support/ics';
import { calendar, escapeText, foldLine, type IcsEvent } from './ics';

const leg = (over: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'product-1.0@escale',
  sequence: 1,
  status: 'CONFIRMED',
  start: new Date('2026-11-23T06:09:00Z'),
  startZone: 'Europe/Paris',
  end: new Date('2026-11-23T08:06:00Z'),
  endZone: 'Europe/Paris',
  summary: 'Paris → Lyon TGV INOUI 6912',
  location: 'Paris Gare de Lyon',
  description: 'Seconde',
  ...over,
});
const now = new Date('2026-11-22T09:00:00Z');
const octets = (s: string) => Buffer.byteLength(s, 'utf8');

describe('iCalendar writer', () => {
  it('escapes backslash, semicolon, comma and line breaks in text', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const cal = parseIcs(calendar([leg({ summary: 'Lyon; Part-Dieu, voie \\B\\', description: 'Ligne 1\nLigne 2' })], { prodId: '-//Escale//FR', now }));
    const [event] = components(cal, 'VEVENT');
    expect(text(event!, 'SUMMARY')).toBe('Lyon; Part-Dieu, voie \\B\\');
    expect(text(event!, 'DESCRIPTION')).toBe('Ligne 1\nLigne 2');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character, and unfolds to the same text', () => {
    const long = `DESCRIPTION:${'é→'.repeat(60)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(lines.every((line) => !line.includes('\uFFFD') && Buffer.from(line, 'utf8').toString('utf8') === line)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('writes CRLF lines of at most 75 octets, one VEVENT per leg with its UID, status and sequence', () => {
    const ics = calendar([leg(), leg({ uid: 'product-1.1@escale', summary: 'x'.repeat(200), status: 'TENTATIVE', sequence: 0 })], {
      prodId: '-//Escale//FR',
      now,
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const cal = parseIcs(ics);
    expect(text(cal, 'VERSION')).toBe('2.0');
    expect(text(cal, 'PRODID')).toBe('-//Escale//FR');
    const events = components(cal, 'VEVENT');
    expect(events.map((e) => [text(e, 'UID'), text(e, 'STATUS'), text(e, 'SEQUENCE'), text(e, 'DTSTAMP')])).toEqual([
      ['product-1.0@escale', 'CONFIRMED', '1', '20261122T090000Z'],
      ['product-1.1@escale', 'TENTATIVE', '0', '20261122T090000Z'],
    ]);
    expect(text(events[1]!, 'SUMMARY')).toBe('x'.repeat(200));
  });

  it('gives local times with the TZID of the place, and the VTIMEZONE that maps them back to the instant', () => {
    const flight = leg({
      start: new Date('2026-07-01T10:00:00Z'),
      startZone: 'Europe/Paris',
      end: new Date('2026-07-01T22:30:00Z'),
      endZone: 'America/New_York',
      location: 'Paris-Charles de Gaulle (CDG)',
    });
    const winter = leg({ uid: 'product-2.0@escale' });
    const cal = parseIcs(calendar([flight, winter], { prodId: '-//Escale//FR', now }));
    const [summer, november] = components(cal, 'VEVENT');
    expect(prop(summer!, 'DTSTART')).toEqual({ name: 'DTSTART', params: { TZID: 'Europe/Paris' }, value: '20260701T120000' });
    expect(prop(summer!, 'DTEND')).toEqual({ name: 'DTEND', params: { TZID: 'America/New_York' }, value: '20260701T183000' });
    expect(prop(november!, 'DTSTART')!.value).toBe('20261123T070900');
    expect(text(summer!, 'LOCATION')).toBe('Paris-Charles de Gaulle (CDG)');
    expect(components(cal, 'VTIMEZONE').map((z) => text(z, 'TZID'))).toEqual(['Europe/Paris', 'America/New_York']);
    for (const [event, start, end] of [
      [summer!, flight.start, flight.end],
      [november!, winter.start, winter.end],
    ] as const) {
      expect(instantOf(cal, prop(event, 'DTSTART')!)).toEqual(start);
      expect(instantOf(cal, prop(event, 'DTEND')!)).toEqual(end);
    }
    // Paris in 2026: summer time from 29 March 02:00 (+01 → +02), winter time from 25 October 03:00.
    const paris = components(cal, 'VTIMEZONE')[0]!;
    expect(paris.children.map((o) => [o.type, text(o, 'DTSTART'), text(o, 'TZOFFSETFROM'), text(o, 'TZOFFSETTO')])).toEqual([
      ['STANDARD', '20260101T010000', '+0100', '+0100'],
      ['DAYLIGHT', '20260329T020000', '+0100', '+0200'],
      ['STANDARD', '20261025T030000', '+0200', '+0100'],
    ]);
  });
});
