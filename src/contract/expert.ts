import { z } from 'zod';
import { cartAddBodySchema } from './cart';
import { linksOf } from './link';
import { centsMoneySchema } from './money';
import { placeSchema } from './places';
import { zonedDateTimeSchema } from './time';
import { carrierSchema, luggageSchema, representsSchema, searchTravelerSchema, travelerFormSchema } from './trip';

/**
 * Expert search (spec 1 §2 "Expert search", §3 "Expert journey" / "Expert result", §4 "Expert"): up to
 * three flight journeys searched at once, then answered journey by journey. The itinerary chosen so
 * far travels in the bodies (`offerIDs`, one offer per journey in order); the server checks each offer
 * against the journey's stored search.
 */

/** Spec 1 §9: expert journeys max 3. */
export const EXPERT_MAX_JOURNEYS = 3;

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'FORMAT_INVALID' });

export const expertJourneySchema = z
  .object({
    /** Place IDs from GET /places. */
    origin: z.string().min(1).max(80),
    destination: z.string().min(1).max(80),
    /** The origin's local date-time and what it bounds (leave after / arrive before). */
    timeRange: z.object({ from: localDateTime, represents: representsSchema.default('departure') }).strict(),
  })
  .strict()
  .meta({ id: 'ExpertJourney' });

export const expertSearchBodySchema = z
  .object({
    journeys: z.array(expertJourneySchema).min(1).max(EXPERT_MAX_JOURNEYS, { error: 'EXPERT_JOURNEYS_MAX' }),
    travelers: z.array(searchTravelerSchema).min(1, { error: 'ENTER_ONE_PASSENGER_AT_LEAST' }).max(9, { error: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' }),
    travelID: z.string().max(64).nullish(),
    customer_id: z.string().max(64).nullish(),
    entity_id: z.string().max(64).nullish(),
  })
  .strict()
  .meta({ id: 'ExpertSearchBody' });
export type ExpertSearchBody = z.input<typeof expertSearchBodySchema>;

/** An expert offer's prices are for all its travellers together. */
export const expertOfferSchema = z
  .object({
    offerId: z.string(),
    flexibility: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    label: z.string(),
    price: centsMoneySchema,
    /** Over the journey's cheapest offer (0 for the cheapest). */
    extraPrice: centsMoneySchema,
    condition: z.string(),
    luggages: z.array(luggageSchema),
    offerTags: z.object({
      /** The travel policy's verdict; null when the company has no policy to apply. */
      isCompliant: z.boolean().nullable(),
      hasNegociatedFare: z.boolean(),
      hasCorporateFare: z.boolean(),
      hasCarbookrNegociatedFare: z.boolean(),
      hasNDCFare: z.boolean(),
    }),
  })
  .meta({ id: 'ExpertOffer' });
export type ExpertOffer = z.infer<typeof expertOfferSchema>;

export const expertCabinClassSchema = z
  .object({
    /** The cabin (economy, premium, business). */
    id: z.string(),
    label: z.string(),
    offers: z.array(expertOfferSchema),
    /** The cabin's cheapest extra price; null when it sells nothing. */
    bestExtraPrice: centsMoneySchema.nullable(),
    /** e.g. `full`, `notSold`. */
    proposalTags: z.array(z.string()),
  })
  .meta({ id: 'ExpertCabinClass' });

export const expertFlightSchema = z
  .object({
    id: z.string(),
    origin: placeSchema,
    destination: placeSchema,
    departure: zonedDateTimeSchema,
    arrival: zonedDateTimeSchema,
    /** Minutes. */
    duration: z.number().int(),
    segments: z.array(
      z.object({
        origin: placeSchema,
        destination: placeSchema,
        departure: zonedDateTimeSchema,
        arrival: zonedDateTimeSchema,
        duration: z.number().int(),
        transportNumber: z.string(),
        marketingCarrier: carrierSchema,
      }),
    ),
    /** Each connection's wait, in minutes, and where. */
    transits: z.array(z.object({ duration: z.number().int(), place: placeSchema })),
    marketingCarrier: carrierSchema,
    /** Grams per passenger. */
    co2Emission: z.number().int(),
    /** The cheapest offer of the flight. */
    price: centsMoneySchema,
    cabinClasses: z.array(expertCabinClassSchema),
  })
  .meta({ id: 'ExpertFlight' });
export type ExpertFlight = z.infer<typeof expertFlightSchema>;

/** A journey of the itinerary, as the carousel's card shows it: times and carrier once its flight is chosen. */
export const expertJourneyCardSchema = z
  .object({
    origin: placeSchema,
    destination: placeSchema,
    /** The searched local day, YYYY-MM-DD. */
    departureDate: z.string(),
    /** Local wall clocks (HH:mm) of the chosen flight; null until chosen. */
    departureTime: z.string().nullable(),
    arrivalTime: z.string().nullable(),
    marketingCarrier: carrierSchema.nullable(),
    extraPrice: centsMoneySchema.nullable(),
    /** The chosen offer; null until chosen. */
    offerId: z.string().nullable(),
  })
  .meta({ id: 'ExpertJourneyCard' });
export type ExpertJourneyCard = z.infer<typeof expertJourneyCardSchema>;

export const expertResultSchema = z
  .object({
    /** Names the itinerary's stored searches (one per journey). */
    expertID: z.string(),
    journeys: z.array(expertJourneyCardSchema),
    /** The journey whose flights `proposals` holds (0-based); the ones before it are chosen. */
    currentJourneyIndex: z.number().int(),
    proposals: z.object({ flights: z.array(expertFlightSchema) }),
    cabinClasses: z.object({ flight: z.array(z.object({ id: z.string(), label: z.string() })) }),
    carriers: z.object({ flight: z.array(carrierSchema) }),
    /** The cheapest offer of every journey together. */
    bestPackage: z.object({ price: centsMoneySchema }),
    /** The offers chosen so far and the cheapest of the others. */
    currentPackage: z.object({ price: centsMoneySchema }),
    travelID: z.string().nullable(),
    /** nextJourney until the last journey, then expertTravelerForm. */
    links: linksOf('nextJourney', 'expertTravelerForm'),
  })
  .meta({ id: 'ExpertResult' });
export type ExpertResult = z.infer<typeof expertResultSchema>;

/** The itinerary so far: the chosen offer of each journey, in order. */
const offerIDs = z.array(z.string().max(200)).min(1).max(EXPERT_MAX_JOURNEYS);

export const expertChoiceBodySchema = z.object({ offerIDs }).strict().meta({ id: 'ExpertChoiceBody' });

/** Spec 1 §3 "Travellers form (expert)": the same forms as the trip's traveller step. */
export const expertTravelerStepSchema = z
  .object({
    travelerForms: z.array(travelerFormSchema),
    /** Present once signed in: where to send the filled forms. */
    links: linksOf('addExpertToCart'),
  })
  .meta({ id: 'ExpertTravelerStep' });

export const expertCartAddBodySchema = z
  .object({
    offerIDs,
    travelers: cartAddBodySchema.shape.travelers,
    travelID: z.string().max(64).nullish(),
    customer_id: z.string().max(64).nullish(),
    entity_id: z.string().max(64).nullish(),
  })
  .strict()
  .meta({ id: 'ExpertCartAddBody' });
export type ExpertCartAddBody = z.input<typeof expertCartAddBodySchema>;
