import { z } from 'zod';
import { linksOf } from './link';
import { STATUS_FAMILIES, type AnyStatus } from './statuses';
import { zonedDateTimeSchema } from './time';
import { moneySchema } from './money';
import { CARD_BRANDS, ancillarySchema, productSchema } from './travel';

/**
 * The booking lists' tickets (spec 2 §3 "Ticket (booking list)", §7 `GET tickets/`): one ticket per
 * booked product, with its travel's people, approvers and deadline, for "Mes réservations" (active)
 * and "Mes archives" (passed). A ticket carries the product's own links (whatever actions the product
 * offers now), plus its travel's (`getTravel`) and, while the approval request is open, `remind`.
 */

/** The largest list the API answers (spec 2 §9 "Ticket list limit 1000"), and its default. */
export const TICKETS_LIMIT = 1000;

/** `ITP`: an issued rail ticket with a flexible or semi-flexible fare that has not left yet (exchangeable, spec 2 §4). */
export const TICKET_TAGS = ['ITP'] as const;

const truthy = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ticketsQuerySchema = z
  .object({
    /** The bookings' creator: the caller by default (someone else's only with the right to see them; nobody has it yet). */
    creator_id: z.string().max(64).optional(),
    limit: z.coerce.number().int().min(1).max(TICKETS_LIMIT).default(TICKETS_LIMIT),
    /** How many tickets of the list to skip (paging: the next page starts where a full one ended); 0 by default. */
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /** Not yet arrived: upcoming and pending tickets ("Mes réservations"). */
    active: truthy.optional(),
    /** Arrived already: the archives. */
    passed: truthy.optional(),
  })
  .refine((q) => !(q.active && q.passed), { error: 'active and passed exclude each other', path: ['passed'] });
export type TicketsQuery = z.output<typeof ticketsQuerySchema>;

const personSchema = z.object({ firstname: z.string(), lastname: z.string(), email: z.string() });

const staffMemberSchema = z.object({ firstname: z.string(), lastname: z.string(), role: z.enum(['travel_agent', 'assistance_agent']) });

export const bookingTicketSchema = z
  .object({
    uid: z.string(),
    /** The product's status, or its travel's while it waits: pending_approval, pending_confirmation (options), denied, expired. */
    status: z.enum(Object.keys(STATUS_FAMILIES) as [AnyStatus, ...AnyStatus[]]),
    type: productSchema.shape.type,
    departure: zonedDateTimeSchema,
    arrival: zonedDateTimeSchema,
    from: z.string(),
    to: z.string(),
    travelers: z.array(z.object({ uid: z.string(), firstname: z.string(), lastname: z.string() })),
    price: moneySchema,
    /** second, first, economy… */
    cabin: z.string(),
    /** The marketing carrier of the first leg. */
    carrier: z.string(),
    compliant: z.boolean(),
    /** An option's or a pending approval's deadline (an instant, UTC). */
    ticket_time_limit: z.string().nullable(),
    /** The fare's flexibility. */
    fare_condition: z.enum(['noFlex', 'semiFlex', 'fullFlex']),
    /** The fare's name. */
    fare_category: z.string(),
    main_approver: personSchema.nullable(),
    secondary_approver: personSchema.nullable(),
    /** The recap document of each passenger (a page of the web app, opened in a new tab), once booked. */
    summaries: z.array(z.object({ paxName: z.string(), link: z.string() })),
    ancillaries: z.array(ancillarySchema),
    pnr: z.string().nullable(),
    /** The ticket numbers, once issued (comma separated). */
    reference: z.string().nullable(),
    productId: z.string(),
    /** Comma-separated tags (TICKET_TAGS); empty when none. */
    tag: z.string(),
    travelID: z.string(),
    approvalID: z.string().nullable(),
    /** A travel agency staff booked for the user: who, and every change staff made to it since (audit). */
    booked_by: staffMemberSchema.nullable(),
    staff_actions: z.array(staffMemberSchema.extend({ action: z.string(), at: z.string() })),
    /** Its travel was paid by card: the card, and what this product's cancellation refunded to it. */
    card_payment: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string(), refund: moneySchema.nullable() }).nullable(),
    links: productSchema.shape.links.extend(linksOf('remind', 'getTravel').shape),
  })
  .meta({ id: 'BookingTicket' });
export type BookingTicket = z.infer<typeof bookingTicketSchema>;

export const bookingTicketsSchema = z.array(bookingTicketSchema).meta({ id: 'BookingTickets' });
