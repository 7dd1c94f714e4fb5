import { z } from 'zod';

/** Success envelope: `{ result: … }`. */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ result });

/** Failure body: HTTP status plus the catalogue's api_code, a short msg and a user-facing errorMessage. */
export const apiErrorSchema = z
  .object({
    api_code: z.number().int(),
    msg: z.string(),
    errorMessage: z.string(),
    /** Field-level problems of a rejected body: field path → message key (see validation.ts). */
    fields: z.record(z.string(), z.string()).optional(),
    /** The resource as it is now, when its state refused the call (e.g. 409 api_code 67: the approval another approver answered first). */
    current: z.record(z.string(), z.unknown()).optional(),
    /** Where to go instead: the company's single sign-on entry when it signs its users in itself (403 api_code 32). */
    redirectURL: z.string().optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
