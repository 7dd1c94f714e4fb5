import { describe, expect, it } from 'vitest';
import type { Journey, Section } from './journey';
import { documentNeed, documentWarnings, passportFor, tripEndDay } from './travel-documents';

/** A journey of one section per pair of countries, by `mode`, arriving on `arrival`. */
function journey(mode: 'rail' | 'flight', hops: [string, string][], arrival = '2026-12-10T12:00:00+01:00'): Journey {
  const place = (country: string) => ({ country }) as Journey['from'];
  const sections = hops.map(
    ([from, to]) => ({ from: place(from), to: place(to), departure: '2026-12-10T08:00:00+01:00', arrival, transport: { mode } }) as unknown as Section,
  );
  return { mode, sections } as unknown as Journey;
}

describe('documentNeed', () => {
  it('asks nothing of a train or a domestic flight, an ID card between Schengen countries, a passport outside', () => {
    expect(documentNeed([journey('rail', [['FR', 'GB']])])).toBe('none');
    expect(documentNeed([journey('flight', [['FR', 'FR']])])).toBe('none');
    expect(documentNeed([journey('flight', [['FR', 'DE']])])).toBe('identity');
    expect(
      documentNeed([
        journey('flight', [
          ['FR', 'DE'],
          ['DE', 'US'],
        ]),
      ]),
    ).toBe('passport');
    expect(documentNeed([journey('flight', [['FR', 'IE']])])).toBe('passport');
  });

  it('takes the French overseas departments for France', () => {
    expect(documentNeed([journey('flight', [['FR', 'RE']])])).toBe('none');
    expect(documentNeed([journey('flight', [['GP', 'DE']])])).toBe('identity');
  });
});

describe('documentWarnings', () => {
  const out = journey('flight', [['FR', 'GB']], '2026-12-03T10:00:00+00:00');
  const back = journey('flight', [['GB', 'FR']], '2026-12-10T12:00:00+01:00');

  it('ends the trip on the last local arrival day', () => {
    expect(tripEndDay([out, back])).toBe('2026-12-10');
  });

  it('counts a passport valid on the last day; an ID card never outside Schengen', () => {
    expect(documentWarnings([out, back], [{ type: 'passport', expirationDate: '2026-12-10' }], 'en')).toEqual([]);
    expect(documentWarnings([out, back], [{ type: 'id_card', expirationDate: '2030-01-01' }], 'en').map((w) => w.code)).toEqual(['PASSPORT_MISSING']);
    expect(documentWarnings([out, back], [{ type: 'driver_license', expirationDate: null }], 'fr').map((w) => w.code)).toEqual(['PASSPORT_MISSING']);
  });

  it('names the longest-lasting document when each expires before the return', () => {
    const warnings = documentWarnings(
      [out, back],
      [
        { type: 'passport', expirationDate: '2026-12-05' },
        { type: 'passport', expirationDate: '2026-12-09' },
      ],
      'en',
    );
    expect(warnings).toEqual([
      {
        code: 'DOCUMENT_EXPIRES_BEFORE_RETURN',
        expiration_date: '2026-12-09',
        message: 'The passport on record expires on 09/12/2026, before the end of the trip (10/12/2026).',
      },
    ]);
    const schengen = journey('flight', [['FR', 'DE']]);
    expect(documentWarnings([schengen], [{ type: 'id_card', expirationDate: '2026-12-01' }], 'fr')[0]!.message).toBe(
      'La carte d’identité enregistrée expire le 01/12/2026, avant la fin du voyage (10/12/2026).',
    );
  });
});

describe('passportFor', () => {
  it('picks the longest-lasting passport valid until the trip ends, with its number', () => {
    const trip = [journey('flight', [['FR', 'US']])];
    const docs = [
      { type: 'passport' as const, expirationDate: '2026-12-01', number: 'OLD12345', nationality: 'FR' },
      { type: 'passport' as const, expirationDate: '2031-01-01', number: 'NEW12345', nationality: 'FR' },
      { type: 'id_card' as const, expirationDate: '2035-01-01', number: 'CARD12345', nationality: 'FR' },
    ];
    expect(passportFor(trip, docs)?.number).toBe('NEW12345');
    expect(passportFor(trip, docs.slice(0, 1))).toBeNull();
    // Without its number (someone staff act for), nothing to fill.
    expect(passportFor(trip, [{ type: 'passport', expirationDate: '2031-01-01' }])).toBeNull();
  });
});
