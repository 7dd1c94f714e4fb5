import { describe, expect, it } from 'vitest';
import type { TripContext, TripValues } from './validation';
import { notADate } from '@web/components/date-picker/dates';
import { tripSchema } from './rules';
import { LYON, PARIS } from './testing';

const NOW = new Date(2030, 4, 15, 10, 30);
const CTX: TripContext = { now: NOW, birthdateRequired: false, hasEntities: false };
const VALID: TripValues = {
  from: PARIS,
  to: LYON,
  date: new Date(2030, 4, 15, 11, 30),
  mode: 'departure',
  hasReturn: false,
  ret: null,
  retMode: 'departure',
  openJaw: false,
  retFrom: null,
  retTo: null,
  pax: [{ ref: 'me', name: null, hasBirthdate: true }],
  fare: '',
  entity: '',
};

/** Each field's first broken rule, as the form shows it. */
function firstIssues(values: TripValues, ctx: TripContext = CTX) {
  const result = tripSchema(ctx).safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('trip search rules (spec 1 §5)', () => {
  it('reports every field at once, each with its first broken rule', () => {
    expect(
      firstIssues(
        { ...VALID, from: null, date: new Date(2030, 4, 14, 12, 0), hasReturn: true, ret: new Date(2030, 4, 13, 12, 0), pax: [] },
        { ...CTX, birthdateRequired: true, hasEntities: true },
      ),
    ).toEqual({
      from: 'ENTER_DEPARTURE_PLACE_LIST',
      date: 'ENTER_DATE_NOT_PASSED',
      ret: 'ENTER_DATE_AFTER',
      pax: 'ENTER_ONE_PASSENGER_AT_LEAST',
      entity: 'CHOOSE_ENTITY',
    });
  });

  it('checks the open-jaw places, the return time and the birthdates', () => {
    expect(
      firstIssues(
        {
          ...VALID,
          to: PARIS,
          hasReturn: true,
          ret: new Date(2030, 4, 15, 11, 0),
          openJaw: true,
          retFrom: LYON,
          retTo: LYON,
          pax: [{ ref: 'age:30-59', name: null, hasBirthdate: false }],
        },
        { ...CTX, birthdateRequired: true },
      ),
    ).toEqual({
      to: 'ENTER_OTHER_ORIGIN_OR_DESTINATION',
      retTo: 'ENTER_OTHER_ORIGIN_OR_DESTINATION',
      ret: 'ENTER_TIME_AFTER',
      pax: 'ENTER_BIRTHDATE_PASSENGERS',
    });
  });

  it('names what is wrong with a date: empty, no such day, a past day, beyond the booking horizon, a past time', () => {
    const dateIssue = (date: Date | null) => firstIssues({ ...VALID, date }).date;
    expect(dateIssue(null)).toBe('ENTER_DATE');
    expect(dateIssue(notADate())).toBe('VALID_DATE');
    expect(dateIssue(new Date(2030, 4, 14, 12, 0))).toBe('ENTER_DATE_NOT_PASSED');
    // Today is 15 May 2030: the last bookable day is 15 May 2031.
    expect(dateIssue(new Date(2031, 4, 15, 23, 0))).toBeUndefined();
    expect(dateIssue(new Date(2031, 4, 16, 8, 0))).toBe('DATE_BEYOND_HORIZON');
    expect(dateIssue(new Date(2030, 4, 15, 9, 0))).toBe('ENTER_TIME_NOT_PASSED');
    const returnIssue = (ret: Date | null) => firstIssues({ ...VALID, hasReturn: true, ret }).ret;
    expect(returnIssue(notADate())).toBe('VALID_DATE');
    expect(returnIssue(new Date(2031, 4, 16, 8, 0))).toBe('DATE_BEYOND_HORIZON');
    expect(returnIssue(new Date(2031, 4, 15, 8, 0))).toBeUndefined();
  });

  it('turns the valid form into the /search params', () => {
    expect(tripSchema({ ...CTX, travelID: 'tr-1' }).parse({ ...VALID, hasReturn: true, ret: new Date(2030, 4, 16, 9, 0), fare: 'PRO' })).toEqual({
      from: 'city-paris',
      to: 'city-lyon',
      date: '2030-05-15T11:30',
      mode: 'departure',
      ret: '2030-05-16T09:00',
      retMode: 'departure',
      pax: ['me'],
      fare: 'PRO',
      travelID: 'tr-1',
    });
  });
});
