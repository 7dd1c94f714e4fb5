import { describe, expect, it } from 'vitest';
import { differenceOf, noticeWarnings } from './supplier-notices';

const at = new Date('2026-11-22T09:00:00Z');
const legs = [
  { departure: '2026-11-23T07:09:00+01:00', arrival: '2026-11-23T08:05:00+01:00' },
  { departure: '2026-11-23T08:20:00+01:00', arrival: '2026-11-23T23:55:00+01:00' },
];
const product = (notices = [] as ReturnType<typeof differenceOf>[]) => ({ data: { journey: { sections: legs } }, notices: notices.filter((n) => n !== null) });

describe('what the reconciliation flags', () => {
  it('nothing when the supplier agrees (the same instants, whatever the offset written)', () => {
    expect(differenceOf(product(), { status: 'booked', sections: legs }, at)).toBeNull();
    expect(
      differenceOf(product(), { status: 'booked', sections: [{ departure: '2026-11-23T06:09:00Z', arrival: '2026-11-23T07:05:00Z' }, legs[1]!] }, at),
    ).toBeNull();
  });

  it('a cancellation once, and a schedule change once per new schedule', () => {
    const cancelled = differenceOf(product(), { status: 'cancelled', sections: legs }, at);
    expect(cancelled).toMatchObject({ kind: 'cancelled', key: 'cancelled' });
    expect(differenceOf(product([cancelled]), { status: 'cancelled', sections: legs }, at)).toBeNull();

    const later = [legs[0]!, { departure: '2026-11-23T08:50:00+01:00', arrival: '2026-11-24T00:25:00+01:00' }];
    const moved = differenceOf(product(), { status: 'booked', sections: later }, at);
    expect(moved).toMatchObject({ kind: 'schedule', minutes: 0, sections: [{ section: 1, after: later[1] }] });
    expect(differenceOf(product([moved]), { status: 'booked', sections: later }, at)).toBeNull();
    // Its warning: the moved legs' first departure and last arrival, with the day when it changed.
    expect(noticeWarnings([moved!], 'fr')).toEqual([
      'Horaires modifiés par le transporteur : départ 08:20 → 08:50, arrivée 23:55 → 24/11 00:25 (heures locales).',
    ]);
    expect(noticeWarnings([moved!], 'en')).toEqual(['Times changed by the carrier: departure 08:20 → 08:50, arrival 23:55 → 24/11 00:25 (local times).']);
    // Cancelled after it moved: the cancellation is what the traveller needs to read.
    expect(noticeWarnings([moved!, cancelled!], 'fr')).toEqual([
      'Le transporteur a annulé ce trajet. Contactez votre agence pour un autre billet ou un remboursement.',
    ]);
  });
});
