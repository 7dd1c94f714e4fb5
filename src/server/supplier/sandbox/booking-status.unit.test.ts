import { describe, expect, it } from 'vitest';
import { sandboxBooking, sandboxChangeOf, sandboxPnrWith, shiftLocalTime } from './booking';

describe('the sandbox carriers’ changes to bookings', () => {
  const trip = { kind: 'rail' as const, sections: [{ departure: '2026-11-23T07:09:00+01:00', arrival: '2026-11-23T09:05:00+01:00' }] };
  const booking = sandboxBooking();

  it('leave most bookings as booked, and are rare', async () => {
    expect(await booking.status('ABCDEF', trip, new Date())).toEqual({ status: 'booked', sections: trip.sections });
    let changed = 0;
    for (let i = 0; i < 20_000; i++) if (sandboxChangeOf(`P${i}`).kind !== 'none') changed++;
    expect(changed / 20_000).toBeLessThan(0.004);
  });

  it('cancel one PNR and move another by whole minutes, every time the same', async () => {
    expect(await booking.status(sandboxPnrWith('cancelled'), trip, new Date())).toMatchObject({ status: 'cancelled' });
    const moved = sandboxPnrWith('schedule');
    const change = sandboxChangeOf(moved);
    if (change.kind !== 'schedule') throw new Error('not a schedule change');
    expect(change.minutes % 5).toBe(0);
    const state = await booking.status(moved, trip, new Date());
    expect(state.sections[0]!.departure).toBe(shiftLocalTime(trip.sections[0]!.departure, change.minutes));
    expect(await booking.status(moved, trip, new Date())).toEqual(state);
  });

  it('writes moved times in the station’s offset, across midnight too', () => {
    expect(shiftLocalTime('2026-11-23T23:50:00+01:00', 30)).toBe('2026-11-24T00:20:00+01:00');
    expect(shiftLocalTime('2026-11-23T07:09:00-05:00', 15)).toBe('2026-11-23T07:24:00-05:00');
  });
});
