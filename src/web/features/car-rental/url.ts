import type { CAR_RADII as ContractRadii, CAR_TYPES as ContractTypes } from '@contract/car-rental';

/**
 * The car-rental search as it lives in the `/search-car-rentals` URL (reload, Back and a shared link
 * show the same results), read without zod: the route tree, where validateSearch runs, is part of every
 * first load. Places carry their coordinates (the search asks by point and radius) and their kind.
 */
export type CarLocationType = 'city' | 'station' | 'airport' | 'address';
export type CarType = (typeof ContractTypes)[number];

/** The contract's lists (zod-free copies: url.test.ts holds them equal). */
export const CAR_TYPES = [
  'Citadine',
  'Compact',
  'Berline',
  'SUV',
  'Sportive',
  'Cabriolet',
  'Monospace',
  'Luxe',
  'Utilitaire',
] as const satisfies readonly CarType[];
export const CAR_RADII = [1, 2, 5, 10, 15, 25, 50] as const satisfies readonly (typeof ContractRadii)[number][];
export const CAR_DEFAULT_RADIUS = 2;
/** The driver: the user, a colleague (`profile:<uid>`) or a guest of the company (`guest:<uid>`). */
export type DriverRef = 'me' | `profile:${string}` | `guest:${string}`;

export type CarSearchUrl = {
  from: string;
  fromLat: number;
  fromLon: number;
  fromType: CarLocationType;
  to: string;
  toLat: number;
  toLon: number;
  toType: CarLocationType;
  rFrom: number;
  rTo: number;
  /** Local wall times of the places, YYYY-MM-DDTHH:mm. */
  start: string;
  end: string;
  types: CarType[];
  driver: DriverRef;
  entity?: string;
  /** The customer company agency staff book for (spec 1 §6 `customer_id`). */
  customer?: string;
  travelID?: string;
};

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DRIVER_REF = /^(me|profile:[\w-]{1,64}|guest:[\w-]{1,64})$/;
const LOCATION_TYPES: readonly string[] = ['city', 'station', 'airport', 'address'];

const id = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const isText = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max;
const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
const isCoord = (v: unknown, limit: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;
const isRadius = (v: unknown): v is number => (CAR_RADII as readonly unknown[]).includes(v);

/**
 * The URL's search, or `{}` when any part breaks its rule (the screen then goes back to the form).
 * The router gives numbers as numbers and one `types` value as a string: both are taken.
 */
export function parseCarSearch(raw: Record<string, unknown>): Partial<CarSearchUrl> {
  const from = id(raw.from);
  const to = id(raw.to);
  const [fromLat, fromLon, toLat, toLon] = [raw.fromLat, raw.fromLon, raw.toLat, raw.toLon].map(num);
  const rFrom = num(raw.rFrom ?? CAR_DEFAULT_RADIUS);
  const rTo = num(raw.rTo ?? CAR_DEFAULT_RADIUS);
  const fromType = raw.fromType ?? 'city';
  const toType = raw.toType ?? 'city';
  const types = raw.types === undefined ? [] : Array.isArray(raw.types) ? raw.types : [raw.types];
  const driver = raw.driver ?? 'me';
  const entity = id(raw.entity);
  const customer = id(raw.customer);
  const travelID = id(raw.travelID);
  const valid =
    isText(from, 1, 80) &&
    isText(to, 1, 80) &&
    isCoord(fromLat, 90) &&
    isCoord(fromLon, 180) &&
    isCoord(toLat, 90) &&
    isCoord(toLon, 180) &&
    isRadius(rFrom) &&
    isRadius(rTo) &&
    LOCATION_TYPES.includes(fromType as string) &&
    LOCATION_TYPES.includes(toType as string) &&
    typeof raw.start === 'string' &&
    LOCAL_DATE_TIME.test(raw.start) &&
    typeof raw.end === 'string' &&
    LOCAL_DATE_TIME.test(raw.end) &&
    types.length <= CAR_TYPES.length &&
    types.every((t) => (CAR_TYPES as readonly unknown[]).includes(t)) &&
    typeof driver === 'string' &&
    DRIVER_REF.test(driver) &&
    (entity === undefined || isText(entity, 1, 64)) &&
    (customer === undefined || isText(customer, 1, 64)) &&
    (travelID === undefined || isText(travelID, 1, 64));
  if (!valid) return {};
  const search: CarSearchUrl = {
    from,
    fromLat,
    fromLon,
    fromType: fromType as CarLocationType,
    to,
    toLat,
    toLon,
    toType: toType as CarLocationType,
    rFrom,
    rTo,
    start: raw.start as string,
    end: raw.end as string,
    types: [...new Set(types as CarType[])],
    driver: driver as DriverRef,
  };
  if (entity !== undefined) search.entity = entity;
  if (customer !== undefined) search.customer = customer;
  if (travelID !== undefined) search.travelID = travelID;
  return search;
}

/**
 * The search a route gets, checked whole: the router keeps the params validateSearch left out (a
 * broken address keeps its own), so the screen and the loader read it through this again.
 */
export function carSearchOf(search: Record<string, unknown>): CarSearchUrl | null {
  const parsed = parseCarSearch(search);
  return parsed.from === undefined ? null : (parsed as CarSearchUrl);
}
