import { z } from 'zod';
import { linksOf } from './link';
import { PRODUCT_STATUSES, TRAVEL_STATUSES } from './travel';

/**
 * The agency work queue: what the agency's staff (permissions travel_agent and
 * assistance_agent) have to do for its travellers, in one read, `GET /agency/queue`:
 * - pendingCancellations: offline cancellations (the company's rule or the supplier's refusal) to
 *   answer with the refund obtained, or a refusal (completeAgencyTask);
 * - failedBookings: approved travels the supplier would not book (the travel went back to the
 *   traveller's cart, its holds released): no safe retry exists (the price may have moved since the
 *   approval), so the agent follows up with the traveller and closes it with a note (closeAgencyTask);
 * - expiringOptions: options held (pending_confirmation) whose deadline falls within the next
 *   AGENCY_QUEUE_HORIZON_HOURS: book them (confirmHeldOption) or give them back (releaseHeldOptions).
 * Only the caller's agency's items; each section sorted by urgency and bounded by `limit`, with its total.
 */

/** Options whose deadline falls within this many hours are in the queue. */
export const AGENCY_QUEUE_HORIZON_HOURS = 24;
export const AGENCY_QUEUE_DEFAULT_LIMIT = 50;
export const AGENCY_QUEUE_MAX_LIMIT = 100;
/** The longest note or refusal reason an agent writes. */
export const AGENCY_NOTE_MAX = 1000;

export const agencyQueueQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(AGENCY_QUEUE_MAX_LIMIT).optional() }).strict();

/** A product of an item, as the queue shows it: what it is, when it leaves (its station's clock), its price in cents. */
export const queueProductSchema = z
  .object({
    id: z.string(),
    type: z.enum(['rail', 'flight', 'hotel', 'car_rental']),
    /** `Paris → Lyon`, `Hôtel Bellecour, Lyon`, `Europcar, Lyon`. */
    name: z.string(),
    /** Departure, check-in or pick-up, local time with its offset. */
    startsAt: z.string(),
    status: z.enum(PRODUCT_STATUSES),
    price: z.number().int(),
  })
  .meta({ id: 'QueueProduct' });
export type QueueProduct = z.infer<typeof queueProductSchema>;

const person = z.object({ firstname: z.string(), lastname: z.string() });

/** What every item says: the travel, its travellers, its company, the products concerned. */
const itemBase = {
  travelId: z.string(),
  travellers: z.array(person),
  company: z.object({ name: z.string() }).nullable(),
  products: z.array(queueProductSchema),
};

/** Who asked (the travel's owner), with their address to reach them. */
const requesterSchema = person.extend({ email: z.string() });

export const pendingCancellationSchema = z
  .object({
    ...itemBase,
    taskId: z.string(),
    requester: requesterSchema,
    /** When the cancellation was asked (an instant, UTC). */
    since: z.string(),
    /** The most the agency may refund (cents): what the products cost. */
    maxRefund: z.number().int(),
    links: linksOf('completeAgencyTask'),
  })
  .meta({ id: 'PendingCancellation' });
export type PendingCancellation = z.infer<typeof pendingCancellationSchema>;

export const failedBookingSchema = z
  .object({
    ...itemBase,
    taskId: z.string(),
    requester: requesterSchema,
    /** When the booking failed (an instant, UTC). */
    since: z.string(),
    /** The travel's status now (back in the cart, or gone if the traveller removed it). */
    travelStatus: z.enum(TRAVEL_STATUSES),
    links: linksOf('closeAgencyTask'),
  })
  .meta({ id: 'FailedBooking' });
export type FailedBooking = z.infer<typeof failedBookingSchema>;

export const expiringOptionSchema = z
  .object({
    ...itemBase,
    /** The travel's version: the actions send it as If-Match. */
    version: z.number().int(),
    /** Until when the options are held (an instant, UTC): shown on the reader's clock, zone named. */
    deadline: z.string(),
    links: linksOf('confirmHeldOption', 'releaseHeldOptions'),
  })
  .meta({ id: 'ExpiringOption' });
export type ExpiringOption = z.infer<typeof expiringOptionSchema>;

const section = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

export const agencyQueueSchema = z
  .object({
    horizonHours: z.number().int(),
    pendingCancellations: section(pendingCancellationSchema),
    failedBookings: section(failedBookingSchema),
    expiringOptions: section(expiringOptionSchema),
  })
  .meta({ id: 'AgencyQueue' });
export type AgencyQueue = z.infer<typeof agencyQueueSchema>;

/** Closing a failed booking: what the agent did about it (kept with the task, for the record). */
export const closeTaskBodySchema = z
  .object({ note: z.string().trim().min(1, { error: 'PLEASE_FILL' }).max(AGENCY_NOTE_MAX, { error: 'TOO_LONG' }) })
  .strict()
  .meta({ id: 'CloseTaskBody' });
export type CloseTaskBody = z.input<typeof closeTaskBodySchema>;

/** A held option booked or released by the agency: the travel's status and version now. */
export const heldOptionResultSchema = z
  .object({ travelId: z.string(), status: z.enum(TRAVEL_STATUSES), version: z.number().int() })
  .meta({ id: 'HeldOptionResult' });
export type HeldOptionResult = z.infer<typeof heldOptionResultSchema>;
