import { z } from 'zod';
import { fields, birthdateProblem } from './validation';

/** People to book for: colleagues of the company and the user's own guests (spec 1 §6, §7). */
export const travelerSearchQuerySchema = z.object({
  query: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(15),
  company_id: z.string().max(64).optional(),
});

export const travelerSchema = z
  .object({
    uid: z.string(),
    type: z.enum(['employee', 'guest']),
    gender: z.enum(['MR', 'MS']).nullable(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string().nullable(),
    birthdate: z.string().nullable(),
  })
  .meta({ id: 'Traveler' });
export type Traveler = z.infer<typeof travelerSchema>;

export const newGuestSchema = (today: string) =>
  z
    .object({
      gender: z.enum(['MR', 'MS']),
      firstname: fields.personName(),
      lastname: fields.personName(),
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

/** Agency staff's customers (spec 1 §7 `GET /companies/`, limit 1000 for agents): whom they may book for. */
export const customerCompaniesQuerySchema = z.object({
  query: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

export const customerCompanySchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    entities: z.array(z.object({ uid: z.string(), name: z.string() })),
    hotel_enabled: z.boolean(),
    carrental_enabled: z.boolean(),
    /** The company searches for one passenger at a time (config.travelAgency.hasMultipaxSearchDisabled). */
    hasMultipaxSearchDisabled: z.boolean(),
  })
  .meta({ id: 'CustomerCompany' });
export type CustomerCompany = z.infer<typeof customerCompanySchema>;
