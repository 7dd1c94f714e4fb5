import { z } from 'zod';
import { PLACE_QUERY_MAX } from './search-limits';

export const placeTypes = ['city', 'airport', 'station', 'stop_point'] as const;
export const placeTypeSchema = z.enum(placeTypes);
export type PlaceType = z.infer<typeof placeTypeSchema>;

/** A place to search from or to (spec 1 §3). */
export const placeSchema = z
  .object({
    ID: z.string(),
    name: z.string(),
    description: z.string(),
    type: placeTypeSchema,
    lat: z.number(),
    lon: z.number(),
    city: z.string(),
    country: z.string(),
    zip_code: z.string().nullable(),
    formatted_address: z.string(),
    provider_codes: z.array(z.object({ provider: z.string(), type: z.string(), code: z.string() })),
    /** The place's IANA time zone (`Europe/Paris`), in which its trips' local times are. */
    tz: z.string().optional(),
    /** 'company' for a company's suggested address; absent for reference places. */
    src: z.string().optional(),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof placeSchema>;

export const placesQuerySchema = z.object({
  q: z.string().max(PLACE_QUERY_MAX, { error: 'TOO_LONG' }).default(''),
  /** Comma list, e.g. `airport,station,city`. */
  types: z
    .string()
    .max(100)
    .optional()
    .transform((s, ctx) => {
      const list = (s ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      for (const t of list)
        if (!(placeTypes as readonly string[]).includes(t)) {
          ctx.addIssue({ code: 'custom', message: 'FORMAT_INVALID' });
          return z.NEVER;
        }
      return list as PlaceType[];
    }),
});
