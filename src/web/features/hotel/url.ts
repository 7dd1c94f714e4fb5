import type { HOTEL_RADII as ContractRadii } from '@contract/hotel';

/**
 * The hotel search as it lives in the `/search-hotels` URL (reload, Back and a shared link show the
 * same results), read without zod: the route tree, where validateSearch runs, is part of every first
 * load. The place carries its coordinates (the search asks by point and radius); the stay is two days.
 */
export const HOTEL_RADII = [1, 2, 5, 10, 15, 25, 50] as const satisfies readonly (typeof ContractRadii)[number][];
export const HOTEL_DEFAULT_RADIUS = 10;
export const MAX_ROOMS = 9;

export type HotelSearchUrl = {
  /** The place's ID (GET /places), its coordinates. */
  place: string;
  lat: number;
  lon: number;
  /** Check-in and check-out days, YYYY-MM-DD (at noon, spec 1 §9). */
  in: string;
  out: string;
  radius: number;
  /** Travellers: `me`, `profile:<uid>`, `guest:<uid>` or `age:<band>`. */
  pax: string[];
  rooms: number;
  name?: string;
  /** At least this many stars (1–5). */
  stars?: number;
  breakfast?: boolean;
  halfBoard?: boolean;
  fullBoard?: boolean;
  entity?: string;
  /** The customer company agency staff book for (spec 1 §6 `customer_id`). */
  customer?: string;
  travelID?: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TRAVELLER_REF = /^(me|profile:[\w-]{1,64}|guest:[\w-]{1,64}|age:(0-3|4-29|30-59|60\+))$/;
const isInt = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const isNum = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && v >= min && v <= max;
/** The router gives `entity=123` as a number and `pax=me` (one value) as a string. */
const asText = (v: unknown, max: number) => (typeof v === 'number' ? String(v) : typeof v === 'string' && v.length >= 1 && v.length <= max ? v : undefined);

/** Each param checked alone: a bad one is dropped (never an error); the screen then sees whether the search is whole. */
export function parseHotelParams(raw: Record<string, unknown>): Partial<HotelSearchUrl> {
  const pax = typeof raw.pax === 'string' ? [raw.pax] : raw.pax;
  const out: Partial<HotelSearchUrl> = {
    place: asText(raw.place, 80),
    lat: isNum(raw.lat, -90, 90) ? raw.lat : undefined,
    lon: isNum(raw.lon, -180, 180) ? raw.lon : undefined,
    in: typeof raw.in === 'string' && DAY.test(raw.in) ? raw.in : undefined,
    out: typeof raw.out === 'string' && DAY.test(raw.out) ? raw.out : undefined,
    radius: (HOTEL_RADII as readonly unknown[]).includes(raw.radius) ? (raw.radius as number) : undefined,
    pax:
      Array.isArray(pax) && pax.length >= 1 && pax.length <= 9 && pax.every((p) => typeof p === 'string' && TRAVELLER_REF.test(p))
        ? [...(pax as string[])]
        : undefined,
    rooms: isInt(raw.rooms, 1, MAX_ROOMS) ? raw.rooms : undefined,
    name: asText(raw.name, 100),
    stars: isInt(raw.stars, 1, 5) ? raw.stars : undefined,
    breakfast: raw.breakfast === true || undefined,
    halfBoard: raw.halfBoard === true || undefined,
    fullBoard: raw.fullBoard === true || undefined,
    entity: asText(raw.entity, 64),
    customer: asText(raw.customer, 64),
    travelID: asText(raw.travelID, 64),
  };
  for (const key of Object.keys(out) as (keyof HotelSearchUrl)[]) if (out[key] === undefined) delete out[key];
  return out;
}

/** The whole search, or null when a param it needs is missing or the stay is not at least one night. */
export function hotelSearchOf(params: Partial<HotelSearchUrl>): HotelSearchUrl | null {
  const { place, lat, lon, in: checkIn, out: checkOut } = params;
  if (place === undefined || lat === undefined || lon === undefined || !checkIn || !checkOut || checkOut <= checkIn) return null;
  const pax = params.pax ?? ['me'];
  const rooms = params.rooms ?? 1;
  if (rooms > pax.length) return null;
  return { ...params, place, lat, lon, in: checkIn, out: checkOut, radius: params.radius ?? HOTEL_DEFAULT_RADIUS, pax, rooms };
}
