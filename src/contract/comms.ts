import { z } from 'zod';

/**
 * Pages an agency can address a message to (spec 2 §3 "Agency communication", §7 GET /comms):
 * the search forms, every results page, the cart, checkout, and the account area (its bookings, its
 * approvals, and `account` for its other pages).
 */
export const COMM_SUPPORTS = ['search', 'results', 'cart', 'checkout', 'tickets', 'approvals', 'account'] as const;
export const commSupportSchema = z.enum(COMM_SUPPORTS);
export type CommSupport = z.infer<typeof commSupportSchema>;

export const commMessageSchema = z
  .object({
    id: z.string(),
    /** Shown as a warning (amber, with an icon) or as information. */
    level: z.enum(['info', 'warning']),
    /** In the caller's language (Accept-Language): HTML of a small safe subset (paragraphs, emphasis, lists, links). */
    message: z.string(),
  })
  .meta({ id: 'CommMessage' });
export type CommMessage = z.infer<typeof commMessageSchema>;

/** The answer of GET /comms: the messages keyed by support type (only the types that have some). */
export const commsSchema = z.partialRecord(commSupportSchema, z.array(commMessageSchema)).meta({ id: 'Comms' });
export type Comms = z.infer<typeof commsSchema>;
