import { z } from 'zod';
import { linkSchema, linksOf } from './link';
import { moneySchema } from './money';

/**
 * Approval requests (spec 2 §3 "Approval request", §4 "Approval requests", §6): what an approver
 * (or the safety service) is asked to answer, with the links of the answers the caller may give
 * now. `status` is the request's own; the caller's part in it shows in `chain` (`you`) and `links`.
 */

/** pending and escalated requests await an answer; cancelled (by the requester) and failed (booking impossible after the approval) are Escale's own. */
export const APPROVAL_STATUSES = ['pending', 'accepted', 'denied', 'expired', 'escalated', 'cancelled', 'failed'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The list filters of `status` (repeated = any of): `answered` is accepted, denied, or escalated by the caller. */
export const APPROVAL_FILTERS = ['pending', 'accepted', 'denied', 'expired', 'escalated', 'answered'] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];

export const APPROVAL_SORTS = ['requestedAt', 'start', 'totalAmount', 'timeLimit'] as const;

/** A person of the request; `you` tells the caller apart (the chain shows "you"). */
export const approvalPersonSchema = z
  .object({ id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string(), you: z.boolean() })
  .meta({ id: 'ApprovalPerson' });
export type ApprovalPerson = z.infer<typeof approvalPersonSchema>;

const paxNameSchema = z.object({ firstname: z.string(), lastname: z.string() });

/** Fields every journey item has, whatever the product type. */
const journeyItemBase = {
  productId: z.string(),
  /** The product's first instant (local ISO with offset) and its last. */
  start: z.string(),
  end: z.string(),
  totalAmount: moneySchema,
  compliant: z.boolean(),
  /** Why the travel policy finds it non-compliant (translated sentences). */
  complianceReasons: z.array(z.string()),
  paxs: z.array(paxNameSchema),
  pnrs: z.array(z.string()),
};

/** A rail or flight product: its route legs, fare and class, connections. */
export const approvalTripItemSchema = z
  .object({
    type: z.enum(['rail', 'flight']),
    ...journeyItemBase,
    routes: z.array(z.object({ from: z.string(), to: z.string(), departure: z.string(), arrival: z.string(), carrier: z.string(), number: z.string() })),
    fareLabel: z.string(),
    /** second, first, economy… */
    cabinClass: z.string(),
    /** Ticket numbers, once booked. */
    transportTicketNumber: z.array(z.string()),
    /** The connections, in order. */
    transportTransits: z.array(z.object({ place: z.string(), durationInMinutes: z.number().int() })),
  })
  .meta({ id: 'ApprovalTripItem' });

export const approvalHotelItemSchema = z
  .object({
    type: z.literal('hotel'),
    ...journeyItemBase,
    hotelName: z.string(),
    roomName: z.string(),
    hotelLocation: z.string(),
    hotelNights: z.number().int(),
    hotelBreakFastIncluded: z.boolean(),
  })
  .meta({ id: 'ApprovalHotelItem' });

export const approvalCarItemSchema = z
  .object({ type: z.literal('car_rental'), ...journeyItemBase, agencyName: z.string(), carRentalCarType: z.string() })
  .meta({ id: 'ApprovalCarItem' });

/** One product of the journey to approve, by product type (spec 2 §3 "journey items"). */
export const approvalJourneyItemSchema = z.discriminatedUnion('type', [approvalTripItemSchema, approvalHotelItemSchema, approvalCarItemSchema]);
export type ApprovalJourneyItem = z.infer<typeof approvalJourneyItemSchema>;

export const approvalMissionOrderSchema = z
  .object({
    id: z.string(),
    pax: paxNameSchema,
    purpose: z.string(),
    location: z.string(),
    startLocation: z.string(),
    endLocation: z.string(),
    extraRemark: z.string().nullable(),
    /** The journey's legs this order covers ("Paris → Lyon"). */
    transports: z.array(z.string()),
  })
  .meta({ id: 'ApprovalMissionOrder' });

/** One approver asked, and their answer: pending until they answer (or the request ends without them). */
export const approvalChainStepSchema = z
  .object({
    approver: approvalPersonSchema,
    /** main (chosen or escalated to), backup (asked at half time), safety (the safety service). */
    role: z.enum(['main', 'backup', 'safety']),
    askedAt: z.string(),
    response: z.object({
      status: z.enum(['pending', 'accepted', 'denied', 'escalated', 'expired', 'cancelled']),
      by: approvalPersonSchema.nullable(),
      answeredAt: z.string().nullable(),
      /** The approver's word, or the deny reason. */
      message: z.string().nullable(),
    }),
  })
  .meta({ id: 'ApprovalChainStep' });

export const approvalSchema = z
  .object({
    approvalID: z.string(),
    travelID: z.string(),
    status: z.enum(APPROVAL_STATUSES),
    /** The travel's status: pending_approval until every request said yes, then booked. */
    travelStatus: z.string(),
    currentRequest: z.object({
      requester: approvalPersonSchema,
      message: z.string().nullable(),
      requestedAt: z.string(),
      /** A trip to a high-risk country: the safety service must also say yes (the warning). */
      isRisky: z.boolean(),
      /** This request is the safety service's ("requested safety approval by"). */
      isSafetyApproval: z.boolean(),
    }),
    journey: z.array(approvalJourneyItemSchema),
    totalAmount: moneySchema,
    isCompliant: z.boolean(),
    /** The traveller's reason for a non-compliant travel. */
    exemption: z.string().nullable(),
    missionOrders: z.array(approvalMissionOrderSchema),
    /** Without an answer by then the request expires and the holds are released. */
    timeLimit: z.string(),
    chain: z.array(approvalChainStepSchema),
    /** The request may still be passed to another approver of the company's chain. */
    escalationEnabled: z.boolean(),
    approvers: z.array(
      z.object({
        id: z.string(),
        firstname: z.string(),
        lastname: z.string(),
        email: z.string(),
        username: z.string(),
        role: z.enum(['main', 'backup', 'safety', 'former']),
      }),
    ),
    /** Whom the caller may pass the request to (the `approver` of escalate), in the chain's order; empty without the escalate link. */
    escalateTo: z.array(z.object({ id: z.string(), firstname: z.string(), lastname: z.string() })),
    links: linksOf('getApproval', 'approve', 'deny', 'escalate'),
  })
  .meta({ id: 'Approval' });
export type Approval = z.infer<typeof approvalSchema>;

export const approvalListSchema = z.array(approvalSchema).meta({ id: 'ApprovalList' });

export const approvalQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** Part of a traveller's name, case and accents ignored. */
  paxName: z.string().max(100).optional(),
  /** Repeated = any of them; none = every request the user sees. */
  status: z.union([z.enum(APPROVAL_FILTERS), z.array(z.enum(APPROVAL_FILTERS)).max(APPROVAL_FILTERS.length)]).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  sortBy: z.enum(APPROVAL_SORTS).default('requestedAt'),
});
export type ApprovalQuery = z.output<typeof approvalQuerySchema>;

/** The signed-in user's requests awaiting their answer, for the menu badge (`GET /approval/`). */
export const approvalCountsSchema = z.object({ pending: z.number().int(), safetyPending: z.number().int() }).meta({ id: 'ApprovalCounts' });
export type ApprovalCounts = z.infer<typeof approvalCountsSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .max(max, { error: 'TOO_LONG' })
    .nullish()
    .transform((s) => s?.trim() || null);

export const approveBodySchema = z
  .object({ message: optionalText(1000) })
  .strict()
  .meta({ id: 'ApproveBody' });
export type ApproveBody = z.input<typeof approveBodySchema>;

/** The reason is required (spec 2: refuse asks for it), at most 500 characters. */
export const denyReason = z
  .string({ error: 'FIELD_REQUIRED' })
  .max(500, { error: 'TOO_LONG' })
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, { error: 'FIELD_REQUIRED' });
export const denyBodySchema = z.object({ reason: denyReason }).strict().meta({ id: 'DenyBody' });
export type DenyBody = z.input<typeof denyBodySchema>;

/** `approver`: a user id of the company's approvers; without it, the next one in line. */
export const escalateBodySchema = z
  .object({ approver: z.string().max(64).nullish(), message: optionalText(1000) })
  .strict()
  .meta({ id: 'EscalateBody' });
export type EscalateBody = z.input<typeof escalateBodySchema>;

/** What an e-mailed one-click link grants: one answer (approve or deny) to one request, without a session. */
export const oneClickSchema = z
  .object({
    action: z.enum(['approve', 'deny']),
    approval: approvalSchema,
    links: z.object({ answerOneClick: linkSchema.optional() }),
  })
  .meta({ id: 'OneClickApproval' });
export type OneClick = z.infer<typeof oneClickSchema>;

/** approve: an optional message; deny: the reason, required. */
export const oneClickBodySchema = z
  .object({ message: optionalText(1000), reason: z.string().max(500, { error: 'TOO_LONG' }).nullish() })
  .strict()
  .meta({ id: 'OneClickBody' });
export type OneClickBody = z.input<typeof oneClickBodySchema>;
