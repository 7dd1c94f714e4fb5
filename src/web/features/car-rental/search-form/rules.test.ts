import { describe, expect, it } from 'vitest';
import { CAR_RADII as CONTRACT_RADII, CAR_TYPES as CONTRACT_TYPES } from '@contract/car-rental';
import { CAR_RADII, CAR_TYPES, carSearchOf } from '../url';
import { carSchema } from './rules';
import type { CarPlace, CarValues } from './validation';

const NOW = new Date(2030, 4, 15, 10, 30);
const LYON: CarPlace = { ID: 'station-lyon', name: 'Lyon Part-Dieu', lat: 45.76, lon: 4.86, type: 'station' };
const values = (overrides: Partial<CarValues> = {}): CarValues => ({
  from: LYON,
  to: LYON,
  rFrom: 2,
  rTo: 5,
  start: new Date(2030, 4, 16, 9, 0),
  end: new Date(2030, 4, 17, 18, 0),
  types: ['SUV'],
  driver: { ref: 'me', name: null },
  entity: 'e-paris',
  ...overrides,
});

/** The message key of each field the rules refuse. */
function problems(v: CarValues, hasEntities = true): Record<string, string> {
  const result = carSchema({ now: NOW, hasEntities }).safeParse(v);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]).reverse());
}

describe('car-rental search rules (spec 1 §5 "Car rental")', () => {
  it('gives the /search-car-rentals URL for a valid form, which the route reads back', () => {
    const result = carSchema({ now: NOW, hasEntities: true, travelID: 'tr-1' }).parse(values());
    expect(result).toEqual({
      from: 'station-lyon',
      fromLat: 45.76,
      fromLon: 4.86,
      fromType: 'station',
      to: 'station-lyon',
      toLat: 45.76,
      toLon: 4.86,
      toType: 'station',
      rFrom: 2,
      rTo: 5,
      start: '2030-05-16T09:00',
      end: '2030-05-17T18:00',
      types: ['SUV'],
      driver: 'me',
      entity: 'e-paris',
      travelID: 'tr-1',
    });
    expect(carSearchOf(result)).toEqual(result);
    expect(carSearchOf({ ...result, rFrom: 3 })).toBeNull();
    expect(carSearchOf({ ...result, types: 'Tank' })).toBeNull();
    expect(carSearchOf({ ...result, types: 'SUV', driver: 'profile:u-bob' })).toMatchObject({ types: ['SUV'], driver: 'profile:u-bob' });
  });

  it('asks for both places from the list, a driver and the entity', () => {
    expect(problems(values({ from: null, to: null, driver: null, entity: '' }))).toEqual({
      from: 'ENTER_DEPARTURE_PLACE_LIST',
      to: 'ENTER_DESTINATION_PLACE_LIST',
      driver: 'ENTER_DRIVER',
      entity: 'CHOOSE_ENTITY',
    });
    expect(problems(values({ entity: '' }), false)).toEqual({});
  });

  it('checks the start: given, a real day, not passed, not beyond the horizon', () => {
    expect(problems(values({ start: null })).start).toBe('ENTER_DATE');
    expect(problems(values({ start: new Date(Number.NaN) })).start).toBe('VALID_DATE');
    expect(problems(values({ start: new Date(2030, 4, 14, 12, 0) })).start).toBe('ENTER_DATE_NOT_PASSED');
    expect(problems(values({ start: new Date(2030, 4, 15, 9, 0) })).start).toBe('ENTER_TIME_NOT_PASSED');
    expect(problems(values({ start: new Date(2031, 5, 1, 9, 0), end: new Date(2031, 5, 2, 9, 0) })).start).toBe('DATE_BEYOND_HORIZON');
  });

  it('checks the end: given, on or after the start day, after the start time, in the future', () => {
    expect(problems(values({ end: null })).end).toBe('ENTER_END_DATE');
    expect(problems(values({ end: new Date(2030, 4, 15, 20, 0) })).end).toBe('ENTER_DATE_AFTER');
    expect(problems(values({ end: new Date(2030, 4, 16, 8, 0) })).end).toBe('ENTER_TIME_AFTER');
    expect(problems(values({ end: new Date(2030, 4, 16, 9, 0) })).end).toBe('ENTER_TIME_AFTER');
    expect(problems(values({ start: new Date(2030, 4, 14, 8, 0), end: new Date(2030, 4, 15, 9, 0) })).end).toBe('ENTER_TIME_NOT_PASSED');
    expect(problems(values({ end: new Date(2030, 4, 16, 10, 0) }))).toEqual({});
  });

  it('keeps the zod-free lists of the URL equal to the contract’s', () => {
    expect([...CAR_TYPES]).toEqual([...CONTRACT_TYPES]);
    expect([...CAR_RADII]).toEqual([...CONTRACT_RADII]);
  });
});
