import { z } from 'zod';
import { linksSchema } from './link';

/** Add to cart (spec 1 §7 `POST /cart/add?version=v2`), trip products for now. */
export const cartAddBodySchema = z
  .object({
    travelers: z
      .array(
        z
          .object({
            travelerID: z.number().int().min(1).max(9),
            fields: z.record(z.string().max(40), z.string().max(200).nullable()),
            cards: z.array(z.object({ cardtype_id: z.string().max(64), cardnumber: z.string().max(40) })).max(10).optional(),
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
  .strict();
export type CartAddBody = z.input<typeof cartAddBodySchema>;

export const moneySchema = z.object({ amount: z.string(), currency: z.literal('EUR') });

export const cartProductSchema = z.object({
  id: z.string(),
  type: z.enum(['rail', 'flight', 'hotel', 'car_rental']),
  status: z.string(),
  name: z.string(),
  price: moneySchema,
  travelersCount: z.number().int(),
  departure: z.string(),
  arrival: z.string(),
});

export const travelSummarySchema = z.object({
  id: z.string(),
  travelId: z.string(),
  status: z.string(),
  version: z.number().int(),
  companyId: z.string().nullable(),
  customer: z.string().nullable(),
  customerType: z.enum(['entity', 'other']),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  startLocation: z.string().nullable(),
  travelers: z.array(z.object({ firstname: z.string(), lastname: z.string() })),
  products: z.array(cartProductSchema),
  price: moneySchema,
  links: linksSchema,
});
export type TravelSummary = z.infer<typeof travelSummarySchema>;

export const cartAddResultSchema = z.object({
  travel: travelSummarySchema,
  offer_errors: z.array(z.object({ offerID: z.string(), message: z.string() })),
});

export const travelsListSchema = z.object({ travels: z.array(travelSummarySchema) });
