import { z } from 'zod';
import { linksOf } from './link';
import { travelSchema } from './travel';

/**
 * Cancellation (spec 2 §3 "Refund preview item", §4 "Cancel product modal", §7 previewRefund,
 * cancelProduct = POST /treep/cancel). A booked product that has not left carries the
 * links previewRefund and cancelProduct; the preview says what cancelling it now refunds, and until
 * when that holds; the cancel carries what the user was shown, so a changed or expired preview
 * cancels nothing (409, api_code 130, with a fresh preview in `current.previews`).
 *
 * Money is in cents (spec 2 §9). Offline: the company cancels that kind of product through its
 * agency (companies.config airOfflineCancellation / railOfflineCancellation), or the supplier refuses
 * the ticket online: the request goes to the agency, which decides the refund (`refund.total` is
 * null until then) and answers through POST /agency/tasks/:taskID/complete.
 */

/** How long a refund preview may be confirmed (at most: the fare's own deadline, or the departure, may come first). */
export const PREVIEW_VALIDITY_MINUTES = 15;

export const refundPreviewItemSchema = z
  .object({
    product_id: z.string(),
    name: z.string(),
    /** The instant (UTC) until which this preview may be confirmed. */
    confirm_refund_date_limit: z.string(),
    /** What the traveller gets back, in cents; total null (and currency '') when the agency decides it (offline). */
    refund: z.object({ total: z.number().int().nullable(), currency: z.string() }),
    /** What the supplier keeps, in cents: a fixed fee (semi-flexible fares) and the rest of the fare (non-flexible, late). Null offline. */
    fixed_fees: z.number().int().nullable(),
    variable_fees: z.number().int().nullable(),
    /** The fare conditions (HTML) by product id. */
    conditions_by_id: z.record(z.string(), z.string()),
    /** A flight ticket issued less than 24 h ago: cancelled with `void: true` it is voided, refunded in full without fees, until confirm_refund_date_limit. */
    void: z.boolean(),
    /** The agency handles this cancellation (in its opening hours): no refund is known yet. */
    offline: z.boolean(),
  })
  .meta({ id: 'RefundPreviewItem' });
export type RefundPreviewItem = z.infer<typeof refundPreviewItemSchema>;

/** previewRefund answers the product and the products cancelled with it (the other leg of a round-trip fare). */
export const refundPreviewSchema = z.array(refundPreviewItemSchema).meta({ id: 'RefundPreview' });

/**
 * POST /treep/cancel: `ticket_ids` are product ids (the bookings lists' tickets carry theirs); every
 * one must be the caller's (else 404) and cancellable now (else 409, 69), or nothing changes.
 * `previews`: what the user was shown, per product (the other legs of round-trip fares included).
 * `void`: void the flight tickets the preview offered to void (the others are cancelled as usual).
 */
export const cancelBodySchema = z
  .object({
    ticket_ids: z.array(z.string().max(64)).min(1).max(20),
    void: z.boolean(),
    previews: z
      .array(z.object({ product_id: z.string().max(64), refund_total: z.number().int().nullable(), confirm_refund_date_limit: z.string().max(40) }).strict())
      .max(40),
  })
  .strict()
  .meta({ id: 'CancelBody' });
export type CancelBody = z.input<typeof cancelBodySchema>;

/** `cancelled`: products cancelled now; `requested`: products whose cancellation went to the agency; the travels as they are now. */
export const cancelResultSchema = z
  .object({ cancelled: z.array(z.string()), requested: z.array(z.string()), travels: z.array(travelSchema) })
  .meta({ id: 'CancelResult' });
export type CancelResult = z.infer<typeof cancelResultSchema>;

// ── Agency tasks: offline cancellations the agency answers, and failed bookings it follows up (the work queue, contract/agency-queue.ts) ──

export const AGENCY_TASK_STATUSES = ['open', 'done'] as const;
/** cancellation: an offline cancellation (completeAgencyTask); failed_booking: an approved travel the supplier would not book (closeAgencyTask). */
export const AGENCY_TASK_KINDS = ['cancellation', 'failed_booking'] as const;

export const agencyTaskSchema = z
  .object({
    id: z.string(),
    kind: z.enum(AGENCY_TASK_KINDS),
    status: z.enum(AGENCY_TASK_STATUSES),
    /** Once done: the products cancelled (with the refund below) or the request refused (with its reason); a failed booking closed (with the agent's note in `reason`). */
    outcome: z.enum(['cancelled', 'refused', 'closed']).nullable(),
    travelId: z.string(),
    productIds: z.array(z.string()),
    requester: z.object({ firstname: z.string(), lastname: z.string(), email: z.string() }),
    createdAt: z.string(),
    answeredAt: z.string().nullable(),
    refund: z.number().int().nullable(),
    fees: z.number().int().nullable(),
    reason: z.string().nullable(),
    links: linksOf('completeAgencyTask', 'closeAgencyTask'),
  })
  .meta({ id: 'AgencyTask' });
export type AgencyTask = z.infer<typeof agencyTaskSchema>;

export const agencyTaskListSchema = z.object({ tasks: z.array(agencyTaskSchema) }).meta({ id: 'AgencyTaskList' });

/** The agency's answer: the refund and fees it obtained (cents, for all the task's products), or its refusal with a reason. */
export const completeTaskBodySchema = z
  .union([
    z.object({ refund: z.number().int().min(0).max(100_000_000), fees: z.number().int().min(0).max(100_000_000) }).strict(),
    z.object({ refused: z.string().trim().min(1).max(1000) }).strict(),
  ])
  .meta({ id: 'CompleteTaskBody' });
export type CompleteTaskBody = z.input<typeof completeTaskBodySchema>;
