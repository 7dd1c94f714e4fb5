import { z } from 'zod';
import { linksOf } from './link';
import { zonedDateTimeSchema } from './time';

/** Car-rental search (spec 1 §3 "Car-rental search state", "Car-rental result", "Driver"; §7 `POST carrental/search`). */

/** Spec 1 §9. 'Utilitaire' is the commercial type. */
export const CAR_TYPES = ['Citadine', 'Compact', 'Berline', 'SUV', 'Sportive', 'Cabriolet', 'Monospace', 'Luxe', 'Utilitaire'] as const;
export const ENGINE_TYPES = ['combustion', 'hybrid', 'electric', 'unknown'] as const;
export const GEARBOXES = ['MANUAL', 'AUTOMATIC'] as const;
export const CAR_SORTS = ['BY_PRICE', 'BY_PREF', 'BY_DISTANCE'] as const;
/** Spec 1 §9: car radius default 2 km; the search accepts the hotel slider's values. */
export const CAR_DEFAULT_RADIUS = 2;
export const CAR_RADII = [1, 2, 5, 10, 15, 25, 50] as const;

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'FORMAT_INVALID' });
const radius = z.number().refine((r) => (CAR_RADII as readonly number[]).includes(r), { error: 'RADIUS_INVALID' });
const locationType = z.enum(['city', 'station', 'airport', 'address']);

/** Who drives, as the search names them: a profile or a guest of the company. */
export const searchDriverSchema = z
  .object({ profile_id: z.string().max(64).nullish(), guest_id: z.string().max(64).nullish() })
  .strict()
  .meta({ id: 'SearchDriver' });

export const carRentalSearchBodySchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    return_latitude: z.number().min(-90).max(90),
    return_longitude: z.number().min(-180).max(180),
    /** Local wall time of the pick-up / return place. */
    pickup_time: localDateTime,
    return_time: localDateTime,
    car_types: z.array(z.enum(CAR_TYPES)).max(CAR_TYPES.length).default([]),
    driver: searchDriverSchema.nullish(),
    pickup_radius: radius.default(CAR_DEFAULT_RADIUS),
    return_radius: radius.default(CAR_DEFAULT_RADIUS),
    pickup_location_type: locationType.default('city'),
    return_location_type: locationType.default('city'),
    /** The searched places (place IDs of GET /places), to name them in the answer. */
    pickup_place_id: z.string().max(80).nullish(),
    return_place_id: z.string().max(80).nullish(),
    travelID: z.string().max(64).nullish(),
    customer_id: z.string().max(64).nullish(),
    entity_id: z.string().max(64).nullish(),
  })
  .strict()
  .meta({ id: 'CarRentalSearchBody' });
export type CarRentalSearchBody = z.input<typeof carRentalSearchBodySchema>;

export const rentalPlaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    renter: z.string(),
    address: z.object({ formatted_address: z.string(), zip_code: z.string(), city: z.string() }),
    lat: z.number(),
    lon: z.number(),
    email: z.string(),
    phone: z.string(),
    collect_remarks: z.string().nullable(),
    delivery_remarks: z.string().nullable(),
    /** Per weekday (0 = Sunday … 6 = Saturday), local 'HH:mm'. */
    opening_periods: z.array(z.object({ day: z.number().int().min(0).max(6), start: z.string(), end: z.string() })),
    /** From the searched point, metres. */
    distance: z.number().int(),
  })
  .meta({ id: 'RentalPlace' });
export type RentalPlace = z.infer<typeof rentalPlaceSchema>;

export const carTagSchema = z.enum(['valet', 'zev', 'compliant', 'not-compliant', 'negociated-fare', 'corporate-fare', 'loyalty-enabled']);

export const carRentalSchema = z
  .object({
    id: z.string(),
    /** The model, "or similar". */
    car: z.string(),
    carGroup: z.enum(CAR_TYPES),
    acriss: z.string(),
    engineType: z.enum(ENGINE_TYPES),
    gearbox: z.enum(GEARBOXES),
    seats: z.number().int(),
    doors: z.number().int(),
    unlimited_distance: z.boolean(),
    /** Km included for the whole rental, null when unlimited. */
    included_distance: z.number().int().nullable(),
    additional_distance_price: z.object({ total: z.number().int(), currency: z.literal('EUR'), unit: z.literal('km') }).nullable(),
    /** Pick-up agency from the searched point, metres. */
    distance: z.number().int(),
    best_price: z.object({ total: z.number().int() }),
    price_per_day: z.number().int(),
    days: z.number().int(),
    tags: z.array(carTagSchema),
    /** g CO2e per km. */
    co2EmissionPerKm: z.number(),
    pix_url: z.string(),
    renter: z.object({ code: z.string(), name: z.string(), logo: z.string() }),
    pickup_time: zonedDateTimeSchema,
    return_time: zonedDateTimeSchema,
    pickup_place: rentalPlaceSchema,
    return_place: rentalPlaceSchema,
    included_services: z.array(z.string()),
    excluded_services: z.array(z.string()),
    isDriverLicenseRequired: z.boolean(),
    links: linksOf('addCarToCart'),
  })
  .meta({ id: 'CarRental' });
export type CarRental = z.infer<typeof carRentalSchema>;

/** A driver (spec 1 §3 "Driver"); the full fields are required when the rental needs a licence (spec 1 §5). */
export const driverSchema = z
  .object({
    profile_id: z.string().max(64).nullish(),
    guest_id: z.string().max(64).nullish(),
    gender: z.enum(['MR', 'MS']),
    firstname: z.string().trim().min(1).max(100),
    lastname: z.string().trim().min(1).max(100),
    email: z.string().max(254),
    phone: z.string().max(20),
    birthdate: z.string().max(10),
    birth_country: z.string().max(2).nullish(),
    city_of_birth: z.string().max(100).nullish(),
    address: z
      .object({ description: z.string().max(300) })
      .strict()
      .nullish(),
    license: z
      .object({ country_of_issue: z.string().max(2), number: z.string().trim().min(1).max(40), effective_date: z.string().max(10) })
      .strict()
      .nullish(),
  })
  .strict()
  .meta({ id: 'Driver' });
export type Driver = z.infer<typeof driverSchema>;

export const carRentalSearchResultSchema = z
  .object({
    carRentals: z.array(carRentalSchema),
    travelID: z.string().nullable(),
    sortedBy: z.enum(CAR_SORTS),
    /** Some renter is a company favourite: BY_PREF puts them first. */
    sortedByPref: z.boolean(),
    renters: z.array(z.object({ code: z.string(), name: z.string(), logo: z.string(), preferred: z.boolean() })),
    /** The driver as known (the profile's or guest's details), to prefill the driver form. */
    driver: driverSchema.partial().nullable(),
    /** The searched places' names, for the heading. */
    pickup_name: z.string(),
    return_name: z.string(),
  })
  .meta({ id: 'CarRentalSearchResult' });
export type CarRentalSearchResult = z.infer<typeof carRentalSearchResultSchema>;

/** `POST /cart/add?version=v2` for a car rental. */
export const carCartAddBodySchema = z
  .object({
    car_rental: z.object({ id: z.string().max(300), driver: driverSchema }).strict(),
    travelID: z.string().max(64).nullish(),
    customer_id: z.string().max(64).nullish(),
    entity_id: z.string().max(64).nullish(),
  })
  .strict()
  .meta({ id: 'CarCartAddBody' });
export type CarCartAddBody = z.input<typeof carCartAddBodySchema>;
