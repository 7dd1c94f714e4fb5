import { z } from 'zod';
import { placeSchema } from '../../../../contract/places';

/** The answers of the form's suggestion calls (api.ts): loaded with the first call, not with the form. */
export const placesSchema = z.array(placeSchema);

export const personSchema = z.object({ uid: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

export const peopleSchema = z.array(personSchema);
