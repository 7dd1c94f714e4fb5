import { z } from 'zod';
import { fields, birthdateProblem } from './validation';

/** People to book for: colleagues of the company and the user's own guests (spec 1 §6, §7). */
export const travelerSearchQuerySchema = z.object({
  query: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(15),
  company_id: z.string().max(64).optional(),
});

export const travelerSchema = z.object({
  uid: z.string(),
  type: z.enum(['employee', 'guest']),
  gender: z.enum(['MR', 'MS']).nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  birthdate: z.string().nullable(),
}).meta({ id: 'Traveler' });
export type Traveler = z.infer<typeof travelerSchema>;

export const newGuestSchema = (today: string) =>
  z
    .object({
      gender: z.enum(['MR', 'MS']),
      firstname: fields.requiredText(),
      lastname: fields.requiredText(),
      email: fields.email().optional(),
      birthdate: z
        .string()
        .max(10, { error: 'VALID_DATE' })
        .optional()
        .transform((value) => value || undefined)
        .superRefine((value, ctx) => {
          const problem = value ? birthdateProblem(value, today) : null;
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    })
    .strict();
