import { z } from 'zod';

/** The answers of the search forms' people suggestions (people.ts): loaded with the first call, not with the form. */
export const personSchema = z.object({ uid: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

export const peopleSchema = z.array(personSchema);
