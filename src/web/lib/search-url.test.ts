import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { searchUrlSchema } from '@contract/search-url';
import { parseSearchParams } from './search-url';

/** What the /search route validated with before: the contract's schema, after the same normalisation. */
const withZod = z.preprocess((raw) => {
  const search = { ...(raw as Record<string, unknown>) };
  if (search.pax !== undefined && !Array.isArray(search.pax)) search.pax = [search.pax];
  for (const key of ['from', 'to', 'entity', 'customer', 'fare', 'travelID', 'retFrom', 'retTo'])
    if (typeof search[key] === 'number') search[key] = String(search[key]);
  return search;
}, searchUrlSchema.partial().catch({}));

const base = { from: 'city:paris', to: 'city:lyon', date: '2030-01-02T08:00' };
const cases: Record<string, unknown>[] = [
  {},
  base,
  { ...base, extra: 'dropped' },
  { ...base, pax: 'me' },
  { ...base, pax: ['me', 'age:30-59', 'profile:u-1', 'guest:g_2'] },
  { ...base, pax: [] },
  { ...base, pax: Array(10).fill('me') },
  { ...base, pax: ['nobody'] },
  { ...base, pax: 12 },
  { ...base, mode: 'arrival', ret: '2030-01-03T18:00', retMode: 'departure', retFrom: 'city:lille', retTo: '' },
  { ...base, mode: 'later' },
  { ...base, date: '2030-01-02' },
  { ...base, ret: 'tomorrow' },
  { ...base, from: '' },
  { ...base, from: 'x'.repeat(81) },
  { ...base, from: 75056, entity: 123, fare: 4, travelID: 99 },
  { ...base, entity: 'x'.repeat(65) },
  { ...base, customer: 'c-acme' },
  { ...base, customer: 42 },
  { ...base, customer: 'x'.repeat(65) },
  { ...base, transport: 'rail' },
  { ...base, transport: 'boat' },
  { ...base, retMode: 'departure' },
  { from: 'city:paris' },
  { date: base.date, to: 'x' },
  { ...base, date: undefined },
  { ...base, from: null },
  { ...base, mode: null },
  { ...base, pax: null },
  { ...base, pax: [null] },
  { ...base, transport: true },
];

describe('parseSearchParams', () => {
  it('agrees with the contract’s schema', () => {
    for (const search of cases) expect(parseSearchParams(search), JSON.stringify(search)).toEqual(withZod.parse(search));
  });
});
