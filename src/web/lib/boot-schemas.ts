import { z } from 'zod';

/**
 * The schemas of the calls every screen may make at start-up (the agency's branding, the signed-in user,
 * the cart badge): loaded with those calls (lib/http.ts SchemaSource), not with the first screen.
 */
export { brandingSchema } from '@contract/agency';
export { userSchema } from '@contract/account';

/**
 * Only what the badge needs of GET /v2/travels/?status=cart (contract/travel.ts travelsListSchema):
 * the full travel schema is not needed there.
 */
export const cartCountSchema = z.object({ travels: z.array(z.object({ id: z.string() })) });
