import { z } from 'zod';
import { placeSchema } from '@contract/places';

/** The answer of GET /places (lib/places.ts): loaded with the first call. */
export const placesSchema = z.array(placeSchema);
