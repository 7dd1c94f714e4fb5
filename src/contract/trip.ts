import { z } from 'zod';
import { linksOf } from './link';
import { centsMoneySchema } from './money';
import { placeSchema } from './places';
import { zonedDateTimeSchema } from './time';

/** Trip search (spec 1 §7): rail and flight, one-way, round trip and open-jaw. */

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'FORMAT_INVALID' });
export const representsSchema = z.enum(['departure', 'arrival']);
export const ageCategorySchema = z.enum(['0-3', '4-29', '30-59', '60+']);

export const searchTravelerSchema = z
  .object({
    /** Position in the search, 1-based: offers list the travellers they cover by this id. */
    id: z.number().int().min(1).max(9),
    profile_id: z.string().max(64).nullish(),
    guest_id: z.string().max(64).nullish(),
    firstname: z.string().max(100).nullish(),
    lastname: z.string().max(100).nullish(),
    birthdate: z.string().max(10).nullish(),
    age_cat: ageCategorySchema.nullish(),
    cards: z
      .array(z.object({ cardtype_id: z.string().max(64) }))
      .max(10)
      .optional(),
  })
  .strip()
  .meta({ id: 'SearchTraveler' });

export const tripSearchBodySchema = z
  .object({
    /** Place IDs from GET /places (e.g. `city:paris`, `station:8768600`, a company address). */
    origin: z.string().min(1).max(80),
    destination: z.string().min(1).max(80),
    datetime: localDateTime,
    represents: representsSchema.default('departure'),
    nb_travelers: z.number().int().min(1, { error: 'ENTER_ONE_PASSENGER_AT_LEAST' }).max(9, { error: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' }),
    travelers: z.array(searchTravelerSchema).max(9).default([]),
    direct: z.boolean().default(false),
    filters: z.object({ rail: z.boolean().default(true), flight: z.boolean().default(true) }).default({ rail: true, flight: true }),
    return_datetime: localDateTime.nullish(),
    return_represents: representsSchema.nullish(),
    /** Open-jaw: the return leaves from / arrives at other places. */
    return_origin: z.string().max(80).nullish(),
    return_destination: z.string().max(80).nullish(),
    travelID: z.string().max(64).nullish(),
    customer_id: z.string().max(64).nullish(),
    entity_id: z.string().max(64).nullish(),
    special_fare: z.string().max(64).nullish(),
    /** Set on the return search: the outward choice it completes. */
    outward: z.object({ choiceID: z.string().max(200) }).nullish(),
  })
  .strict()
  .meta({ id: 'TripSearchBody' });
export type TripSearchBody = z.input<typeof tripSearchBodySchema>;

export const luggageSchema = z.object({ type: z.enum(['hold', 'hand']), quantity: z.number().int(), conditions: z.string() }).meta({ id: 'Luggage' });
export const ancillarySchema = z
  .object({
    type: z.enum(['additional-luggage', 'bike', 'disassembled-bike', 'ouigo-flex', 'pmr']),
    price: centsMoneySchema,
    maxQuantity: z.number().int(),
  })
  .meta({ id: 'OfferAncillary' });
export const fareTagSchema = z
  .enum(['compliant', 'not-compliant', 'negociated-fare', 'corporate-fare', 'ngo-fare', 'carbookr-negotiated-fare', 'ndc', 'disabled-pax', 'upgraded'])
  .meta({ id: 'FareTag' });

export const offerSchema = z
  .object({
    id: z.string(),
    cabin: z.string(),
    flexibility: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    name: z.string(),
    /** Cents, for all travellers together. */
    price: z.number().int(),
    tags: z.array(fareTagSchema),
    info: z.string().nullable(),
    luggages: z.array(luggageSchema),
    fares: z.array(z.object({ condition: z.string(), code: z.string() })),
    ancillaries: z.array(ancillarySchema),
    roundTrip: z.boolean(),
    travelerIDs: z.array(z.number().int()),
    links: linksOf('fullfareConditions'),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerSchema>;

/** One fare of a cabin in brief: enough for the filters to judge a proposal before its fares are loaded. */
export const fareSummarySchema = z
  .object({
    flexibility: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    /** Cents, for all travellers together. */
    price: z.number().int(),
    holdLuggage: z.boolean(),
  })
  .meta({ id: 'FareSummary' });
export type FareSummary = z.infer<typeof fareSummarySchema>;

export const choiceSchema = z
  .object({
    id: z.string(),
    cabin: z.string(),
    /** Cheapest offer of the cabin (cents), null when the cabin has none. */
    price: z.number().int().nullable(),
    minimumReturnPrice: z.number().int().nullable(),
    seats: z.number().int(),
    full: z.boolean(),
    unavailabilityReason: z.string().nullable(),
    tags: z.array(z.string()),
    offers: z.array(z.object({ offerID: z.string(), travelerIDs: z.array(z.number().int()) })),
    /** Every fare of the cabin, those not loaded yet (getMoreChoices) included. */
    fareSummary: z.array(fareSummarySchema),
    links: linksOf('getMoreChoices'),
  })
  .meta({ id: 'Choice' });
export type Choice = z.infer<typeof choiceSchema>;

export const carrierSchema = z.object({ code: z.string(), name: z.string(), logo: z.string() }).meta({ id: 'Carrier' });

export const sectionSchema = z
  .object({
    from: placeSchema,
    to: placeSchema,
    departure: zonedDateTimeSchema,
    arrival: zonedDateTimeSchema,
    duration: z.number().int(),
    transportType: z.enum(['rail', 'flight']),
    kind: z.string(),
    operatingCarrier: carrierSchema,
    marketingCarrier: carrierSchema,
    transportModel: z.string(),
    transportNumber: z.string(),
    distanceKm: z.number().int(),
    co2Emission: z.number().int(),
    connectionDuration: z.number().int().nullable(),
  })
  .meta({ id: 'Section' });

export const proposalSchema = z
  .object({
    id: z.string(),
    type: z.enum(['rail', 'flight']),
    from: placeSchema,
    to: placeSchema,
    departure: zonedDateTimeSchema,
    arrival: zonedDateTimeSchema,
    duration: z.number().int(),
    transitCount: z.number().int(),
    /** Grams per passenger. */
    co2Emission: z.number().int(),
    marketingCarrier: carrierSchema,
    carriers: z.array(carrierSchema),
    sections: z.array(sectionSchema),
    choices: z.array(choiceSchema),
    offers: z.array(offerSchema),
    hasRoundTripOffers: z.boolean(),
  })
  .meta({ id: 'Proposal' });
export type Proposal = z.infer<typeof proposalSchema>;

export const tripResultsSchema = z
  .object({
    searchID: z.string(),
    /** 'outward' or 'return': which leg these proposals are for. */
    leg: z.enum(['outward', 'return']),
    proposals: z.array(proposalSchema),
    carriers: z.object({ rail: z.array(carrierSchema), flight: z.array(carrierSchema) }),
    places: z.object({ from: placeSchema, to: placeSchema }),
    warns: z.array(z.object({ code: z.string(), message: z.string() })),
    travelID: z.string().nullable(),
    links: linksOf('next', 'previous', 'travelerForm'),
  })
  .meta({ id: 'TripResults' });
export type TripResults = z.infer<typeof tripResultsSchema>;

export const pageBodySchema = z
  .object({ searchID: z.string().max(64) })
  .strict()
  .meta({ id: 'PageBody' });

export const fareConditionsSchema = z
  .object({ offerID: z.string(), name: z.string(), flexibility: z.number().int(), text: z.string(), refundable: z.boolean(), exchangeable: z.boolean() })
  .meta({ id: 'FareConditions' });
export const moreChoicesSchema = z.object({ choices: z.array(choiceSchema), offers: z.array(offerSchema) }).meta({ id: 'MoreChoices' });

/** Traveller step (spec 2 "Traveller-information step"). `choiceIDs` name the chosen offers. */
export const travelerStepBodySchema = z
  .object({
    choiceIDs: z.array(z.string().max(200)).min(1).max(2),
    travelers: z.array(searchTravelerSchema).min(1).max(9).optional(),
    travelID: z.string().max(64).nullish(),
  })
  .strict()
  .meta({ id: 'TravelerStepBody' });

export const formFieldSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    placeholder: z.string().nullable(),
    type: z.enum(['text', 'date', 'list', 'radio', 'input']),
    required: z.boolean(),
    regex: z.string().nullable(),
    regexDesc: z.string().nullable(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
    disabled: z.boolean(),
    value: z.string().nullable(),
    /** The leader's value is copied to the same-named followers of every other traveller. */
    linkedWith: z.object({ type: z.literal('overwrite'), isLeader: z.boolean(), followerNames: z.array(z.string()) }).nullable(),
  })
  .meta({ id: 'FormField' });
export type FormField = z.infer<typeof formFieldSchema>;

/**
 * A traveller's identity-document warning: the flight needs a document the traveller has
 * not recorded (PASSPORT_MISSING outside the Schengen area, IDENTITY_DOCUMENT_MISSING within it), or
 * every one they have expires before the trip ends (`expiration_date`: the longest-lasting one's).
 * `message` is written in the caller's language.
 */
export const DOCUMENT_WARNING_CODES = ['PASSPORT_MISSING', 'IDENTITY_DOCUMENT_MISSING', 'DOCUMENT_EXPIRES_BEFORE_RETURN'] as const;
export const documentWarningSchema = z
  .object({ code: z.enum(DOCUMENT_WARNING_CODES), message: z.string(), expiration_date: z.string().nullable() })
  .meta({ id: 'DocumentWarning' });
export type DocumentWarning = z.infer<typeof documentWarningSchema>;

export const travelerFormSchema = z
  .object({
    travelerID: z.number().int(),
    guestID: z.string().nullable(),
    profileID: z.string().nullable(),
    cards: z.array(z.object({ cardtype: z.object({ name: z.string() }), cardnumber: z.string() })),
    fieldsGroups: z.array(z.object({ label: z.string(), isNested: z.boolean(), group: z.string(), fields: z.array(formFieldSchema) })),
    /** The booker's own traveller (or the one staff act for): what their recorded identity documents lack for these flights. */
    documentWarnings: z.array(documentWarningSchema).default([]),
  })
  .meta({ id: 'TravelerForm' });

export const placementOptionSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    options: z.array(z.object({ value: z.string(), label: z.string() })),
  })
  .meta({ id: 'PlacementOption' });
export type PlacementOption = z.infer<typeof placementOptionSchema>;
export const placementOptionsSchema = z.object({ placement: z.array(placementOptionSchema) }).meta({ id: 'PlacementOptions' });
export const travelerStepSchema = z
  .object({
    placement: z.array(placementOptionSchema),
    travelerForms: z.array(travelerFormSchema),
    /** Present once signed in: where to send the filled forms. */
    links: linksOf('addToCart'),
  })
  .meta({ id: 'TravelerStep' });
