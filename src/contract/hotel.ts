import { z } from 'zod';
import { linksOf } from './link';
import { zonedDateTimeSchema } from './time';
import { searchTravelerSchema } from './trip';

/** Hotel search and details (spec 1 §3 "Hotel search state", "Hotel result"; §7 `POST hotel/search`). */

/** Spec 1 §9: the radius slider's values (km); any other radius is refused (400). */
export const HOTEL_RADII = [1, 2, 5, 10, 15, 25, 50] as const;
export const HOTEL_DEFAULT_RADIUS = 10;
/** Spec 1 §9: hotel offers are shown 5 at a time. */
export const ROOM_OFFERS_PAGE = 5;
export const HOTEL_SORTS = ['BY_PRICE', 'BY_DISTANCE', 'BY_PREF'] as const;

/** `20261201T120000`: the check-in / check-out day at noon (spec 1 §7: yyyyMMdd plus T120000). */
const stayDate = z.string().regex(/^\d{8}T\d{6}$/, { error: 'FORMAT_INVALID' });

export const hotelSearchBodySchema = z
  .object({
    checkin_date: stayDate,
    checkout_date: stayDate,
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    radius_km: z.number().refine((r) => (HOTEL_RADII as readonly number[]).includes(r), { error: 'RADIUS_INVALID' }),
    nb_rooms: z.number().int().min(1).max(9),
    travelers: z.array(searchTravelerSchema).min(1, { error: 'ENTER_ONE_PASSENGER_AT_LEAST' }).max(9, { error: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' }),
    name_contains: z.string().max(100).nullish(),
    /** The chosen minimum (0–5). */
    stars: z.number().int().min(0).max(5).nullish(),
    with_breakfast: z.boolean().default(false),
    with_half_board: z.boolean().default(false),
    with_full_board: z.boolean().default(false),
    /** Cents per night, both bounds included; min ≤ max. */
    min_price: z.number().int().min(0).max(10_000_000).nullish(),
    max_price: z.number().int().min(0).max(10_000_000).nullish(),
    /** The searched place (a place ID of GET /places), to name the results ("hotels in {city}"). */
    place_id: z.string().max(80).nullish(),
    travelID: z.string().max(64).nullish(),
    customer_id: z.string().max(64).nullish(),
    entity_id: z.string().max(64).nullish(),
  })
  .strict()
  .refine((b) => b.min_price == null || b.max_price == null || b.min_price <= b.max_price, { error: 'PRICE_RANGE_INVALID', path: ['max_price'] })
  .meta({ id: 'HotelSearchBody' });
export type HotelSearchBody = z.input<typeof hotelSearchBodySchema>;

export const hotelTagsSchema = z
  .object({
    has_loyalty: z.boolean(),
    has_prm: z.boolean(),
    has_electric_charging_station: z.boolean(),
    has_restaurant: z.boolean(),
    has_pool: z.boolean(),
    has_parking: z.boolean(),
    has_wifi: z.boolean(),
    has_eco_friendly: z.boolean(),
    is_program_hotel: z.boolean(),
    /** Some room is within the company's nightly cap (false when the company has no hotel policy: then no tag is shown). */
    is_compliant: z.boolean(),
    has_negociated_fare: z.boolean(),
  })
  .meta({ id: 'HotelTags' });

/** A hotel in the results: enough for the list, the map, the filters and the sorts. Its rooms come with its details. */
export const hotelSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    chain: z.string().nullable(),
    stars: z.number().int().min(0).max(5),
    /** From the searched point, metres (shown in km above 1000 m). */
    distance: z.number().int(),
    latitude: z.number(),
    longitude: z.number(),
    /** Cheapest and dearest room offer, cents, the whole stay for the searched rooms. */
    min_price: z.number().int(),
    max_price: z.number().int(),
    /** Cheapest room offer per night, cents (the map's price labels). */
    min_price_per_night: z.number().int(),
    img_url: z.string().nullable(),
    /** kg CO2e for the stay. */
    co2Emission: z.number(),
    reviews: z.array(z.object({ source: z.string(), score: z.number(), count: z.number().int() })),
    address: z.string(),
    zip_code: z.string(),
    city: z.string(),
    country_code: z.string(),
    phone: z.string(),
    email: z.string(),
    hotel_tags: hotelTagsSchema,
    /** What its room offers include, for the filters before its details are loaded. */
    boards: z.object({ breakfast: z.boolean(), half_board: z.boolean(), full_board: z.boolean() }),
    has_cancellable_offer: z.boolean(),
    /** Company policy verdict tags, as fare tags (none when the company has no hotel policy). */
    tags: z.array(z.enum(['compliant', 'not-compliant', 'negociated-fare'])),
    links: linksOf('hotelDetails'),
  })
  .meta({ id: 'HotelSummary' });
export type HotelSummary = z.infer<typeof hotelSummarySchema>;

export const hotelSearchResultSchema = z
  .object({
    hotels: z.array(hotelSummarySchema),
    /** The city the results are in ("hotels in {city}"). */
    city: z.string(),
    nights: z.number().int(),
    checkin: z.string(),
    checkout: z.string(),
    travelID: z.string().nullable(),
    hasProgramHotels: z.boolean(),
    /** The company's nightly cap for this city (cents), null without a hotel policy. */
    nightly_cap: z.number().int().nullable(),
    travelers: z.array(searchTravelerSchema),
  })
  .meta({ id: 'HotelSearchResult' });
export type HotelSearchResult = z.infer<typeof hotelSearchResultSchema>;

export const roomOfferSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    max_occupancy: z.number().int(),
    /** The whole stay, taxes included, cents. */
    incl_taxes_amount: z.number().int(),
    pricePerNight: z.number().int(),
    tax_included: z.boolean(),
    breakfast_included: z.boolean(),
    lunch_included: z.boolean(),
    dinner_included: z.boolean(),
    is_cancellable: z.boolean(),
    cancel_conditions: z.string(),
    /** Free cancellation until then (the hotel's local time with its offset), null when not cancellable. */
    cancel_deadline: zonedDateTimeSchema.nullable(),
    is_negotiated_rate: z.boolean(),
    nb_available: z.number().int(),
    tags: z.array(z.enum(['compliant', 'not-compliant', 'negociated-fare'])),
    img: z.string().nullable(),
    img_urls: z.array(z.string()),
  })
  .meta({ id: 'RoomOffer' });
export type RoomOffer = z.infer<typeof roomOfferSchema>;

export const hotelDetailsSchema = z
  .object({
    hotel: hotelSummarySchema,
    description: z.string(),
    img_urls: z.array(z.string()),
    /** Cheapest first. An empty list: nothing left for these dates (NO_RESULTS). */
    room_offers: z.array(roomOfferSchema),
    links: linksOf('addHotelToCart'),
  })
  .meta({ id: 'HotelDetails' });
export type HotelDetails = z.infer<typeof hotelDetailsSchema>;

/** A hotel traveller (spec 1 §5 "Hotel traveller": gender, names, e-mail and phone). */
export const hotelTravelerSchema = z
  .object({
    /** The search's traveller id (1-based). */
    travelerID: z.number().int().min(1).max(9),
    profile_id: z.string().max(64).nullish(),
    guest_id: z.string().max(64).nullish(),
    gender: z.enum(['MR', 'MS']),
    firstname: z.string().trim().min(1).max(100),
    lastname: z.string().trim().min(1).max(100),
    email: z.string().max(254),
    phone: z.string().max(20),
  })
  .strict()
  .meta({ id: 'HotelTraveler' });

/** `POST /cart/add?version=v2` for a hotel: the rooms chosen and who sleeps in each. */
export const hotelCartAddBodySchema = z
  .object({
    hotel_id: z.string().max(80),
    room_offer_travelers: z
      .array(z.object({ room_offer_id: z.string().max(200), travelers: z.array(z.number().int().min(1).max(9)).min(1).max(9) }).strict())
      .min(1)
      .max(9),
    travelers: z.array(hotelTravelerSchema).min(1).max(9),
    travelID: z.string().max(64).nullish(),
    customer_id: z.string().max(64).nullish(),
    entity_id: z.string().max(64).nullish(),
  })
  .strict()
  .meta({ id: 'HotelCartAddBody' });
export type HotelCartAddBody = z.input<typeof hotelCartAddBodySchema>;
