import { z } from 'zod';
import { featureFlagsSchema } from './account';

/** White-label branding of the deployment that answers (found by the Api-Key). */
export const brandingSchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    /** A data: URL (SVG or PNG), never a remote address. */
    logo: z.string().nullable(),
    colors: z.object({
      /** Primary brand colour, guaranteed ≥ 4.5:1 against white (the server darkens it if needed). */
      brand: z.string(),
      /** Text colour on the brand colour. */
      brandContrast: z.string(),
      accent: z.string(),
    }),
    info: z.object({ title: z.string(), html: z.string() }).nullable(),
    supportEmail: z.string().nullable(),
    /** The agency's feature flags over the defaults: what a signed-out visitor gets (a user's own are in GET /user/). */
    features: featureFlagsSchema,
  })
  .meta({ id: 'Branding' });
export type Branding = z.infer<typeof brandingSchema>;
