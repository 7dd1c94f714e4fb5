import { z } from 'zod';

/**
 * The trip search as it lives in the `/search` URL (reload, back and shared links work).
 * Travellers: `me`, `profile:<uid>`, `guest:<uid>` or `age:<band>` for an unnamed traveller.
 */
export const travelerRefSchema = z.string().regex(/^(me|profile:[\w-]{1,64}|guest:[\w-]{1,64}|age:(0-3|4-29|30-59|60\+))$/);

export const searchUrlSchema = z.object({
  from: z.string().min(1).max(80),
  to: z.string().min(1).max(80),
  /** Local date-time of the origin, YYYY-MM-DDTHH:mm. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  mode: z.enum(['departure', 'arrival']).default('departure'),
  ret: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    .optional(),
  retMode: z.enum(['departure', 'arrival']).optional(),
  /** Open-jaw: where the return leaves from and arrives at. */
  retFrom: z.string().max(80).optional(),
  retTo: z.string().max(80).optional(),
  pax: z.array(travelerRefSchema).min(1).max(9).default(['me']),
  entity: z.string().max(64).optional(),
  /** The customer company agency staff book for (spec 1 §6 `customer_id`); absent for anyone else. */
  customer: z.string().max(64).optional(),
  fare: z.string().max(64).optional(),
  travelID: z.string().max(64).optional(),
  transport: z.enum(['rail', 'flight']).optional(),
});
export type SearchUrl = z.infer<typeof searchUrlSchema>;
