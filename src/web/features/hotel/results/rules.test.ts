import { describe, expect, it } from 'vitest';
import { hotelFixture, roomFixture } from './fixtures';
import { DEFAULT_FILTERS, MISSING_PRICE_CENTS, priceBounds, sortHotels } from './filters';
import { assignmentProblem, autoAssign, roomOfferTravelers, roomsOf, roomsProblem } from './rooms';
import { formatDistance } from '@web/lib/format-core';
import { HOTEL_DEFAULT_RADIUS as CONTRACT_DEFAULT, HOTEL_RADII as CONTRACT_RADII } from '@contract/hotel';
import { HOTEL_DEFAULT_RADIUS, HOTEL_RADII, hotelSearchOf, parseHotelParams } from '../url';

const double = roomFixture('double', { max_occupancy: 2 });
const single = roomFixture('single', { max_occupancy: 1 });

describe('rooms and travellers (spec 1 §4, §5 "Hotel")', () => {
  it('lets Next through only when the rooms sleep everyone and none would be empty', () => {
    expect(roomsProblem([], 1)).toBe('NO_ROOM');
    expect(roomsProblem([double], 3)).toBe('NOT_ENOUGH_CAPACITY');
    expect(roomsProblem([single, single, single], 2)).toBe('MORE_ROOMS_THAN_TRAVELERS');
    expect(roomsProblem(roomsOf([double, single], { double: 1, single: 1 }), 3)).toBeNull();
  });

  it('places one traveller per room first, then fills free beds; each room of the body lists its travellers', () => {
    const rooms = [double, single];
    const assignment = autoAssign(rooms, 3);
    expect(assignment).toEqual([0, 1, 0]);
    expect(assignmentProblem(rooms, assignment)).toBeNull();
    expect(assignmentProblem(rooms, [0, 0, 0])).toEqual({ kind: 'EMPTY_ROOM', room: 1 });
    expect(assignmentProblem(rooms, [0, 1, 1])).toEqual({ kind: 'OVER_CAPACITY', room: 1 });
    expect(roomOfferTravelers(rooms, assignment)).toEqual([
      { room_offer_id: 'double', travelers: [1, 3] },
      { room_offer_id: 'single', travelers: [2] },
    ]);
  });
});

describe('results rules (spec 1 §9)', () => {
  it('sorts a hotel without a price as 99999 €, floors and ceils the price range, writes distances above 1000 m in km', () => {
    const priced = hotelFixture('a', { min_price: 50_000 });
    const unpriced = hotelFixture('b', { min_price: 0 });
    expect(sortHotels([unpriced, priced], DEFAULT_FILTERS.sortBy).map((h) => h.id)).toEqual(['a', 'b']);
    expect(MISSING_PRICE_CENTS).toBe(9_999_900);
    expect(priceBounds([hotelFixture('c', { min_price_per_night: 8_050 }), hotelFixture('d', { min_price_per_night: 15_020 })])).toEqual({ min: 80, max: 151 });
    expect(formatDistance(1000)).toBe('1000 m');
    expect(formatDistance(1250)).toBe('1,3 km');
    expect(formatDistance(24_500, 'en')).toBe('24.5 km');
  });

  it('reads the URL param by param and wants a whole search of at least one night', () => {
    const params = parseHotelParams({ place: 'city-paris', lat: 48.85, lon: 2.35, in: '2030-06-01', out: '2030-06-03', radius: 7, pax: 'me', stars: 9 });
    expect(params).toEqual({ place: 'city-paris', lat: 48.85, lon: 2.35, in: '2030-06-01', out: '2030-06-03', pax: ['me'] });
    expect(hotelSearchOf(params)).toMatchObject({ radius: 10, rooms: 1 });
    expect(hotelSearchOf({ ...params, out: '2030-06-01' })).toBeNull();
    expect(hotelSearchOf({ ...params, rooms: 2 })).toBeNull();
  });

  it('keeps the slider radii and default of the contract (a zod-free copy for the route tree)', () => {
    expect(HOTEL_RADII).toEqual(CONTRACT_RADII);
    expect(HOTEL_DEFAULT_RADIUS).toBe(CONTRACT_DEFAULT);
  });
});
