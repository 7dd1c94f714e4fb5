import { z } from 'zod';
import { linkSchema, linksOf } from './link';
import { moneySchema } from './money';
import { zonedDateTimeSchema } from './time';

/**
 * The travel resource (spec 2 §3) and its checkout steps (spec 2 §4–§5). The server writes a link
 * only when its action is allowed now; the web app takes the first step link present, in
 * CHECKOUT_STEPS order, and never decides a step itself.
 */

/**
 * Travel statuses this server writes (spec 2 §4 lists more, from other suppliers): `pending_cancel` while
 * the agency handles an offline cancellation, `partially_cancelled` when some products are cancelled,
 * `modified` once a product was exchanged for another.
 */
export const TRAVEL_STATUSES = [
  'cart',
  'pending_approval',
  'pending_confirmation',
  'booked',
  'pending_ticketing',
  'issued',
  'denied',
  'expired',
  'pending_cancel',
  'partially_cancelled',
  'cancelled',
  'modified',
  'removed',
] as const;
export type TravelStatus = (typeof TRAVEL_STATUSES)[number];

/**
 * Product statuses: `prebooked` is an option held until its confirmationTimeLimit; `pending_cancel` a
 * cancellation the agency handles offline; `exchanged` a ticket replaced by its exchange (a new product).
 */
export const PRODUCT_STATUSES = [
  'cart',
  'prebooked',
  'pending_approval',
  'booked',
  'pending_ticketing',
  'issued',
  'released',
  'expired',
  'pending_cancel',
  'cancelled',
  'exchanged',
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Spec 2 §4 "Next checkout step": the first of these links a travel carries is its next step. */
export const CHECKOUT_STEPS = ['getAllAnalytics', 'getMissionOrders', 'getAvailableApprovers', 'requestApproval', 'confirm', 'getTravel'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const nextCheckoutStep = (links: Record<string, unknown>): CheckoutStep | null => CHECKOUT_STEPS.find((step) => step in links) ?? null;

export const paxSchema = z
  .object({
    firstname: z.string(),
    lastname: z.string(),
    birthdate: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    username: z.string().nullable(),
    cards: z.array(z.object({ cardtype: z.string(), cardnumber: z.string() })),
  })
  .meta({ id: 'Pax' });
export type Pax = z.infer<typeof paxSchema>;

export const routeSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    departure: zonedDateTimeSchema,
    arrival: zonedDateTimeSchema,
    /** Minutes. */
    duration: z.number().int(),
    /** Minutes waited before this route, 0 for the first. */
    connectionDuration: z.number().int(),
    transportation: z.object({ equipment: z.string(), number: z.string(), cabinClass: z.string(), logo: z.string().nullable() }),
    operatingCarrier: z.string(),
    marketingCarrier: z.object({ name: z.string(), logo: z.string().nullable() }),
  })
  .meta({ id: 'Route' });

export const ancillarySchema = z
  .object({
    type: z.string(),
    price: moneySchema,
    quantity: z.number().int(),
    maxQuantity: z.number().int(),
  })
  .meta({ id: 'ProductAncillary' });

export const ticketSchema = z
  .object({
    transportations: z.array(z.object({ number: z.string(), placement: z.object({ coachNumber: z.string(), seatNumber: z.string() }).nullable() })),
    fareName: z.string(),
    fareConditions: z.object({ flexibility: z.enum(['noFlex', 'semiFlex', 'fullFlex']), text: z.string() }),
    /** The ticket number once issued. */
    reference: z.string().nullable(),
    pnr: z.string().nullable(),
    ancillaries: z.array(ancillarySchema),
    urls: z.array(z.string()),
  })
  .meta({ id: 'Ticket' });

/**
 * A product's cancellation: requested (offline: the agency handles it, `pending_cancel`),
 * done (`cancelled`, with the refund and the fees the supplier kept, in cents), or refused by the agency.
 */
export const productCancellationSchema = z
  .object({
    offline: z.boolean(),
    void: z.boolean(),
    requestedAt: z.string(),
    cancelledAt: z.string().nullable(),
    refund: moneySchema.nullable(),
    fees: moneySchema.nullable(),
    /** The agency refused it (the product is as it was): its reason. */
    refusal: z.string().nullable(),
  })
  .meta({ id: 'ProductCancellation' });
export type ProductCancellation = z.infer<typeof productCancellationSchema>;

const paxNameSchema = z.object({ firstname: z.string(), lastname: z.string() });

/** Spec 2 §3 "Hotel product": the stay, its rooms and who sleeps in each. */
export const hotelProductSchema = z
  .object({
    hotelId: z.string(),
    name: z.string(),
    /** The chain's name and logo; null for an independent hotel. */
    chain: z.object({ code: z.string(), name: z.string(), logo: z.string().nullable() }).nullable(),
    starsCount: z.number().int(),
    /** Local days 'YYYY-MM-DD'. */
    checkin: z.string(),
    checkout: z.string(),
    nightsCount: z.number().int(),
    services: z.object({
      hasRestaurant: z.boolean(),
      hasPool: z.boolean(),
      hasParking: z.boolean(),
      hasPrm: z.boolean(),
      hasWifi: z.boolean(),
      hasElectricChargingStation: z.boolean(),
    }),
    location: z.object({ address: z.string(), zipCode: z.string(), city: z.string(), country: z.string(), latitude: z.number(), longitude: z.number() }),
    contact: z.object({ email: z.string(), phone: z.string() }),
    img_url: z.string().nullable(),
    /** The hotel's confirmation number once booked. */
    reference: z.string().nullable(),
    /** Free cancellation until then (the hotel's local time with its offset); null when a room is non-refundable. */
    cancelDeadline: zonedDateTimeSchema.nullable(),
    rooms: z.array(
      z.object({
        name: z.string(),
        paxs: z.array(paxNameSchema),
        board: z.enum(['room-only', 'breakfast', 'half-board', 'full-board']),
        isBreakfastIncluded: z.boolean(),
        fareName: z.string(),
        fareConditions: z.object({ text: z.string() }),
        /** The whole stay of this room, and per night. */
        price: moneySchema,
        pricePerNight: moneySchema,
        isTaxIncluded: z.boolean(),
        isCancellable: z.boolean(),
        isNegotiatedRate: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'HotelProduct' });
export type HotelProduct = z.infer<typeof hotelProductSchema>;

const rentalPlaceOfProduct = z.object({
  /** Local time of the agency, with its offset. */
  datetime: zonedDateTimeSchema,
  location: z.object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    address: z.string(),
    zipCode: z.string(),
    phone: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
});

/** Spec 2 §3 "Car-rental product": the car, its agencies and times, its driver. */
export const carRentalProductSchema = z
  .object({
    pickUp: rentalPlaceOfProduct,
    dropOff: rentalPlaceOfProduct,
    /** Seconds. */
    duration: z.number().int(),
    /** Days charged. */
    days: z.number().int(),
    renter: z.object({ code: z.string(), name: z.string(), logo: z.string() }),
    driver: z.object({ firstname: z.string(), lastname: z.string(), email: z.string(), phone: z.string() }),
    /** Spec 1 §9 car types (Citadine, Compact…). */
    carCategory: z.string(),
    /** The model, "or similar". */
    carType: z.string(),
    acriss: z.string(),
    engineType: z.enum(['combustion', 'hybrid', 'electric', 'unknown']),
    gearbox: z.enum(['MANUAL', 'AUTOMATIC']),
    pix_url: z.string(),
    priceDetails: z.object({
      perDay: moneySchema,
      total: moneySchema,
      unlimitedDistance: z.boolean(),
      /** Km included for the whole rental, null when unlimited. */
      includedDistance: z.number().int().nullable(),
      additionalDistancePrice: moneySchema.nullable(),
    }),
    includedServices: z.array(z.string()),
    excludedServices: z.array(z.string()),
    /** The renter's confirmation number once booked. */
    reference: z.string().nullable(),
    /** Free cancellation until then (the pick-up, local time with its offset). */
    cancelDeadline: zonedDateTimeSchema.nullable(),
    /** The distance the CO2 figure assumes (km, documented in the server's domain/co2.ts). */
    estimatedDistanceKm: z.number().int(),
  })
  .meta({ id: 'CarRentalProduct' });
export type CarRentalProduct = z.infer<typeof carRentalProductSchema>;

export const productSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['rail', 'flight', 'hotel', 'car_rental']),
    status: z.enum(PRODUCT_STATUSES),
    links: linksOf('releasePrebooking', 'previewRefund', 'cancelProduct', 'getExchangeableSections'),
    price: moneySchema.extend({ initialAmount: z.string() }),
    /** Its cancellation, once asked for (null otherwise). */
    cancellation: productCancellationSchema.nullable(),
    travelersCount: z.number().int(),
    isCorporateFare: z.boolean(),
    isNegociatedFare: z.boolean(),
    isMissionaryFare: z.boolean(),
    isNDC: z.boolean(),
    isCompliant: z.boolean(),
    /** Why the travel policy finds it non-compliant (translated sentences). */
    complianceReasons: z.array(z.string()),
    infos: z.array(z.string()),
    warnings: z.array(z.string()),
    pnr: z.string().nullable(),
    confirmationTimeLimit: z.string().nullable(),
    departure: zonedDateTimeSchema,
    arrival: zonedDateTimeSchema,
    routes: z.array(routeSchema),
    ticketsByPax: z.array(z.object({ pax: paxSchema, price: moneySchema, tickets: z.array(ticketSchema) })),
    transitCount: z.number().int(),
    /** Minutes. */
    duration: z.number().int(),
    /** kg CO2e of the whole product (a trip's legs, a stay's nights, a rental's estimated distance). */
    co2Emission: z.number().optional(),
    /**
     * A hotel's stay (type hotel) and a car rental (type car_rental). For them `departure` / `arrival`
     * are the check-in and check-out (pick-up and return) in local time, `routes` is empty and each pax's `tickets` too.
     */
    hotel: hotelProductSchema.optional(),
    carRental: carRentalProductSchema.optional(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const travelContextSchema = z
  .object({
    needAllAnalytics: z.boolean(),
    hasAllAnalyticsFilled: z.boolean(),
    needMissionOrders: z.boolean(),
    hasMissionOrderFilled: z.boolean(),
    needSelectedApprover: z.boolean(),
    hasSelectedApprover: z.boolean(),
  })
  .meta({ id: 'TravelContext' });
export type TravelContext = z.infer<typeof travelContextSchema>;

export const personNameSchema = z.object({ firstname: z.string(), lastname: z.string() });

export const onBehalfSchema = z
  .object({
    company: z.object({ uid: z.string(), name: z.string() }),
    traveler: personNameSchema.extend({ uid: z.string() }),
    bookedBy: personNameSchema.extend({ role: z.enum(['travel_agent', 'assistance_agent']) }),
  })
  .meta({ id: 'OnBehalf' });
export type OnBehalf = z.infer<typeof onBehalfSchema>;

export const CARD_BRANDS = ['visa', 'mastercard'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * How a booked travel was paid (spec 2 §1): by card (its brand and last 4 digits only) or on
 * the company's account, the amount, and the refunds of its cancelled products. `authorized`: the card's
 * funds are held, the capture follows the booking; `refunds` of a card are what went back to it.
 */
export const travelPaymentSchema = z
  .object({
    method: z.enum(['card', 'company']),
    card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }).nullable(),
    amount: moneySchema,
    status: z.enum(['authorized', 'captured', 'partially_refunded', 'refunded']),
    refunded: moneySchema.nullable(),
    refunds: z.array(z.object({ productId: z.string(), amount: moneySchema, at: z.string(), status: z.enum(['pending', 'done']) })),
  })
  .meta({ id: 'TravelPayment' });
export type TravelPayment = z.infer<typeof travelPaymentSchema>;

export const travelSchema = z
  .object({
    id: z.string(),
    travelId: z.string(),
    status: z.enum(TRAVEL_STATUSES),
    /** Send it back in If-Match with every change: a stale one is refused (105) and nothing changes. */
    version: z.number().int(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    /** Options held (or approval pending): the time they are guaranteed until. */
    confirmationTimeLimit: z.string().nullable(),
    companyId: z.string().nullable(),
    customer: z.string().nullable(),
    customerType: z.enum(['entity', 'other']),
    /**
     * A travel agency staff member books for a traveller of a customer company (spec 1 §6):
     * for whom, of which company, and who booked it. Null for a travel one books oneself.
     */
    onBehalf: onBehalfSchema.nullable(),
    startDateTime: z.string().nullable(),
    endDateTime: z.string().nullable(),
    startLocation: z.string().nullable(),
    travelers: z.array(z.object({ firstname: z.string(), lastname: z.string() })),
    products: z.array(productSchema),
    warnings: z.array(z.string()),
    infos: z.array(z.string()),
    treepRecaps: z.array(z.object({ paxName: z.string(), link: z.string() })),
    /** What the travel costs now: its products' prices less the refunds of cancelled ones. */
    price: moneySchema,
    /** The refunds of its cancelled products (null when none was refunded). */
    refunded: moneySchema.nullable(),
    /** How it was paid, once booked (null before). */
    payment: travelPaymentSchema.nullable(),
    canBeCompleted: z.boolean(),
    isCompliant: z.boolean(),
    travelPolicy: z.string().nullable(),
    context: travelContextSchema,
    links: linksOf(
      'getTravel',
      'delete',
      'addTrip',
      /** The travel accepts a hotel / a car rental (its company enables them): search with its id, then add with `travelID`. */
      'addHotelToCart',
      'addCarToCart',
      'getAllAnalytics',
      'fillAnalytics',
      'getMissionOrders',
      'patchMissionOrders',
      'getAvailableApprovers',
      'fillApprovers',
      'requestApproval',
      'confirm',
      /** Book it paying by card (its company allows it), at the same step as `confirm`. */
      'payByCard',
      /** A card payment waits for the bank's authentication (3-D Secure): finish it once back from the bank. */
      'confirmCardPayment',
      'remind',
      'cancelApproval',
      'calendar',
    ),
  })
  .meta({ id: 'Travel' });
export type Travel = z.infer<typeof travelSchema>;

export const travelsListSchema = z.object({ travels: z.array(travelSchema), links: linksOf('emptyCart') }).meta({ id: 'TravelsList' });
export type TravelsList = z.infer<typeof travelsListSchema>;

/** After a checkout step is saved: where to read the travel again. */
export const stepSavedSchema = z.object({ links: z.object({ getTravel: linkSchema }) }).meta({ id: 'StepSaved' });
