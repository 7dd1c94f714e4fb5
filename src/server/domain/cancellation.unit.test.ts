import { describe, expect, it } from 'vitest';
import { statusAfterCancellation } from './cancellation';

const of = (...statuses: string[]) => statuses.map((status) => ({ status })) as Parameters<typeof statusAfterCancellation>[1];

describe('the travel status after a cancellation', () => {
  it('is cancelled when every live product is, partially cancelled when some are', () => {
    expect(statusAfterCancellation('issued', of('cancelled', 'cancelled'))).toBe('cancelled');
    // A released option is no longer part of the travel.
    expect(statusAfterCancellation('issued', of('cancelled', 'released'))).toBe('cancelled');
    expect(statusAfterCancellation('issued', of('cancelled', 'issued'))).toBe('partially_cancelled');
    expect(statusAfterCancellation('booked', of('cancelled', 'pending_cancel'))).toBe('partially_cancelled');
  });

  it('is pending_cancel while the agency handles it and nothing else changed, and goes back once it refused', () => {
    expect(statusAfterCancellation('issued', of('pending_cancel', 'issued'))).toBe('pending_cancel');
    expect(statusAfterCancellation('pending_cancel', of('issued', 'issued'))).toBe('issued');
    expect(statusAfterCancellation('pending_cancel', of('booked', 'issued'))).toBe('booked');
    // A travel whose status tells of no cancellation keeps it (an exchanged one stays modified).
    expect(statusAfterCancellation('modified', of('issued'))).toBe('modified');
  });
});
