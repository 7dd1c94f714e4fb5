import { z } from 'zod';
import { linksOf } from './link';
import { zonedDateTimeSchema } from './time';
import { productSchema, routeSchema, travelSchema } from './travel';

/**
 * Rail exchange (spec 2 §2 "Exchange journey screen", §3 "Exchange entities", §4 "Exchange wizard",
 * §7). An issued rail ticket tagged ITP (a flexible or semi-flexible fare, not yet departed) carries
 * `getExchangeableSections`; each section links to its search; each choice of the results to its
 * booking (an exchange offer: fees, fare difference, total); the offer to its confirmation, which
 * replaces the old ticket by the new one. Money in integer cents (§9).
 */

/** The tag of a ticket that may be exchanged (spec 2 §3 "Ticket": "tag (comma list; ITP means exchangeable)"). */
export const EXCHANGEABLE_TAG = 'ITP';

/** First and last hour of the search's time buttons (spec 2 §9: hourly, 06:00 to 23:00). */
export const EXCHANGE_FIRST_HOUR = 6;
export const EXCHANGE_LAST_HOUR = 23;

const pointSchema = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).strict();

/** A stop of a section: its name, and where it is (the search form starts from it). */
export const exchangeStopSchema = z.object({ name: z.string(), city: z.string(), lat: z.number(), lon: z.number() }).meta({ id: 'ExchangeStop' });

/** A part of a booked product that can be exchanged on its own (here: the product's journey). */
export const exchangeSectionSchema = z
  .object({
    id: z.string(),
    from: exchangeStopSchema,
    to: exchangeStopSchema,
    departure: zonedDateTimeSchema,
    arrival: zonedDateTimeSchema,
    routes: z.array(routeSchema),
    links: linksOf('searchExchange'),
  })
  .meta({ id: 'ExchangeSection' });
export type ExchangeSection = z.infer<typeof exchangeSectionSchema>;

export const exchangeSectionsSchema = z.array(exchangeSectionSchema).meta({ id: 'ExchangeSections' });

/** Spec 2 §3 "Exchange search payload": departure (yyyy-MM-ddTHH:mm, the origin's local time), origin and destination points. */
export const exchangeSearchBodySchema = z
  .object({
    departure: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'FORMAT_INVALID' }),
    origin: pointSchema,
    destination: pointSchema,
  })
  .strict()
  .meta({ id: 'ExchangeSearchBody' });
export type ExchangeSearchBody = z.input<typeof exchangeSearchBodySchema>;

export const exchangeTicketSchema = z
  .object({
    label: z.string(),
    priceDelta: z.number().int(),
    /** HTML (paragraphs only, escaped text). */
    fareConditions: z.string(),
    fareBasis: z.string(),
  })
  .meta({ id: 'ExchangeTicket' });

export const exchangeChoiceSchema = z
  .object({
    id: z.string(),
    flexibility: z.enum(['noFlex', 'semiFlex', 'fullFlex']),
    /** Cents: the new fare minus the old one, every traveller included (negative: cheaper). */
    priceDelta: z.number().int(),
    tickets: z.array(exchangeTicketSchema),
    links: linksOf('bookExchange'),
  })
  .meta({ id: 'ExchangeChoice' });
export type ExchangeChoice = z.infer<typeof exchangeChoiceSchema>;

export const exchangeClassSchema = z.object({ minimumPriceDelta: z.number().int(), choices: z.array(exchangeChoiceSchema) }).meta({ id: 'ExchangeClass' });
export type ExchangeClass = z.infer<typeof exchangeClassSchema>;

export const exchangeJourneySchema = z
  .object({
    id: z.string(),
    departure: zonedDateTimeSchema,
    arrival: zonedDateTimeSchema,
    /** Minutes. */
    duration: z.number().int(),
    routes: z.array(routeSchema),
    isDirectTrip: z.boolean(),
    marketingCarrier: z.object({ name: z.string(), logo: z.string().nullable() }),
    /** Null when the train has no seat left (or no such class). */
    first: exchangeClassSchema.nullable(),
    second: exchangeClassSchema.nullable(),
  })
  .meta({ id: 'ExchangeJourney' });
export type ExchangeJourney = z.infer<typeof exchangeJourneySchema>;

export const exchangeResultSchema = z.object({ searchDate: z.string(), searchResults: z.array(exchangeJourneySchema) }).meta({ id: 'ExchangeResult' });
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;

/** Spec 2 §3 "Exchange offer": what the exchange costs, and the new product it would give. */
export const exchangeOfferSchema = z
  .object({
    id: z.string(),
    exchangeFees: z.number().int(),
    priceDelta: z.number().int(),
    totalPrice: z.number().int(),
    /** The new product as it will be once issued. */
    product: productSchema,
    links: linksOf('confirmExchange'),
  })
  .meta({ id: 'ExchangeOffer' });
export type ExchangeOffer = z.infer<typeof exchangeOfferSchema>;

/** The exchange done: the travel (now `modified`) and its new product; `email`, where the booker's notice went. */
export const exchangeDoneSchema = z.object({ travel: travelSchema, product: productSchema, email: z.string().nullable() }).meta({ id: 'ExchangeDone' });
export type ExchangeDone = z.infer<typeof exchangeDoneSchema>;
