import { z } from 'zod';
import { travelSchema } from './travel';

/** Add to cart (spec 1 §7 `POST /cart/add?version=v2`), trip products for now. */
export const cartAddBodySchema = z
  .object({
    travelers: z
      .array(
        z
          .object({
            travelerID: z.number().int().min(1).max(9),
            fields: z.record(z.string().max(40), z.string().max(200).nullable()),
            cards: z
              .array(z.object({ cardtype_id: z.string().max(64), cardnumber: z.string().max(40) }))
              .max(10)
              .optional(),
            profile_id: z.string().max(64).nullish(),
            guest_id: z.string().max(64).nullish(),
          })
          .strict(),
      )
      .min(1)
      .max(9),
    /** The chosen offers: the outward one, and the return one for a round trip. */
    choiceIDs: z.array(z.string().max(200)).min(1).max(2),
    travelID: z.string().max(64).nullish(),
    customer_id: z.string().max(64).nullish(),
    entity_id: z.string().max(64).nullish(),
    placementWishes: z.record(z.string().max(40), z.string().max(40)).optional(),
    ancillaries: z
      .array(z.object({ type: z.string().max(40), quantity: z.number().int().min(0).max(9), offerID: z.string().max(200) }).strict())
      .max(20)
      .optional(),
  })
  .strict()
  .meta({ id: 'CartAddBody' });
export type CartAddBody = z.input<typeof cartAddBodySchema>;

export const cartAddResultSchema = z
  .object({
    travel: travelSchema,
    offer_errors: z.array(z.object({ offerID: z.string(), message: z.string() })),
  })
  .meta({ id: 'CartAddResult' });
