import type { SearchUrl } from '@contract/search-url';

/**
 * The `/search` address as its route reads it, without zod (the route tree is part of every first load,
 * zod is not): contract/search-url's `searchUrlSchema.partial().catch({})`, rule for rule — a test checks
 * both agree. The router gives `pax=me` (one value) as a string and `entity=123` as a number: the schema
 * wants a list and strings. Any param that breaks its rule makes it `{}`; the screen checks the result
 * with the contract's schema itself.
 */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const TRAVELLER_REF = /^(me|profile:[\w-]{1,64}|guest:[\w-]{1,64}|age:(0-3|4-29|30-59|60\+))$/;

const text = (min: number, max: number) => (v: unknown) => typeof v === 'string' && v.length >= min && v.length <= max;
const pattern = (re: RegExp) => (v: unknown) => typeof v === 'string' && re.test(v);
const oneOf =
  (...values: string[]) =>
  (v: unknown) =>
    typeof v === 'string' && values.includes(v);

const RULES: Record<keyof SearchUrl, (v: unknown) => boolean> = {
  from: text(1, 80),
  to: text(1, 80),
  date: pattern(LOCAL_DATE_TIME),
  mode: oneOf('departure', 'arrival'),
  ret: pattern(LOCAL_DATE_TIME),
  retMode: oneOf('departure', 'arrival'),
  retFrom: text(0, 80),
  retTo: text(0, 80),
  pax: (v) => Array.isArray(v) && v.length >= 1 && v.length <= 9 && v.every(pattern(TRAVELLER_REF)),
  entity: text(0, 64),
  customer: text(0, 64),
  fare: text(0, 64),
  travelID: text(0, 64),
  transport: oneOf('rail', 'flight'),
};
const DEFAULTS: Partial<SearchUrl> = { mode: 'departure', pax: ['me'] };
const AS_STRING = ['from', 'to', 'entity', 'customer', 'fare', 'travelID', 'retFrom', 'retTo'];

export function parseSearchParams(raw: Record<string, unknown>): Partial<SearchUrl> {
  const search: Record<string, unknown> = { ...raw };
  if (search.pax !== undefined && !Array.isArray(search.pax)) search.pax = [search.pax];
  for (const key of AS_STRING) if (typeof search[key] === 'number') search[key] = String(search[key]);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(RULES) as (keyof SearchUrl)[]) {
    const value = search[key] === undefined ? DEFAULTS[key] : search[key];
    if (value === undefined) continue;
    if (!RULES[key](value)) return {};
    out[key] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return out as Partial<SearchUrl>;
}
