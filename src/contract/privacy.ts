import { z } from 'zod';
import { genderSchema, messageResultSchema } from './account';
import { birthdateProblem, fields, passwordProblem } from './validation';

/**
 * Privacy, data deletion and first-login onboarding (spec 3 §2 "Onboarding routes", §3 "Onboarding
 * record", §4 "Onboarding" and "Account deletion", §7, §9 "Privacy policy").
 */

/** The agency's privacy policy: its own text (sanitised HTML) in the reader's language, or Escale's default one. */
export const privacyPolicySchema = z
  .object({
    title: z.string(),
    /** Sanitised by the server (a small safe subset of HTML): rendered as is. */
    html: z.string(),
    /** The version readers see ("février 2022" for the default text). */
    version: z.string(),
    agency: z.string(),
  })
  .meta({ id: 'PrivacyPolicy' });
export type PrivacyPolicy = z.infer<typeof privacyPolicySchema>;

/**
 * What "delete my optional data" clears (spec 3 §3 "User profile"): everything the profile may hold
 * that no booking needs — contact and birth details, the accessibility needs, the cards and the
 * identity documents. Gender, names,
 * username and e-mail stay: the account cannot work without them.
 */
export const OPTIONAL_DATA = [
  'phone',
  'birthdate',
  'address',
  'subsidy_number',
  'city_of_birth',
  'birth_country',
  'handicap',
  'cards',
  'travel_documents',
  'payment_cards',
] as const;

/** DELETE user/data: the password confirms the account's owner is the one asking. */
export const deleteAccountBodySchema = z
  .object({
    password: z
      .string({ error: 'PLEASE_FILL' })
      .max(256, { error: 'TOO_LONG' })
      .refine((s) => s.length > 0, { error: 'PLEASE_FILL' }),
  })
  .strict()
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The account is erased; `keptTravels`: the booked travels kept (anonymised) for the legal retention period. */
export const accountDeletedSchema = z.object({ message: z.literal('ACCOUNT_DELETED'), keptTravels: z.number().int() }).meta({ id: 'AccountDeleted' });

/** The answer of DELETE user/optional_data (the user resource, GET /user/, shows them gone). */
export const optionalDataDeletedSchema = z
  .object({ message: z.literal('DATA_DELETED'), cleared: z.array(z.enum(OPTIONAL_DATA)) })
  .meta({ id: 'OptionalDataDeleted' });

// ── Onboarding ────────────────────────────────────────────────────────────────────────────────────

/** The query of GET and DELETE user/onboarding/data: the e-mailed onboarding token and its user's username. */
export const onboardingQuerySchema = z.object({ token: z.string().min(1).max(512), username: z.string().min(1).max(254) }).strict();

/** GET user/onboarding/data: what the account already holds, to prefill step 2. */
export const onboardingDataSchema = z
  .object({ birthdate: z.string().nullable(), phone: z.string().nullable(), gender: genderSchema.nullable() })
  .meta({ id: 'OnboardingData' });
export type OnboardingData = z.infer<typeof onboardingDataSchema>;

export const onboardingDeletedSchema = z.object({ message: z.literal('INFOS_DELETED') }).meta({ id: 'OnboardingDeleted' });

const checked = () => z.literal(true, { error: 'PLEASE_CHECK' });

/**
 * Step 1, identity (spec 3 §5 "Onboarding"): names, username, e-mail, the password (not when the
 * company signs in with its own provider: `sso`), whether the details may be stored, data accuracy.
 */
export const onboardingIdentitySchema = (sso: boolean) =>
  z
    .object({
      firstname: fields.personName(),
      lastname: fields.personName(),
      username: fields.username(),
      email: fields.email(),
      password: z.string().max(256, { error: 'TOO_LONG' }).optional(),
      password_confirm: z.string().max(256, { error: 'TOO_LONG' }).optional(),
      stock: z.enum(['accept', 'refuse'], { error: 'PLEASE_FILL' }),
      data_accuracy: checked(),
    })
    .superRefine((b, ctx) => {
      if (sso) return;
      if (!b.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'PLEASE_FILL' });
      else if (passwordProblem(b.password)) ctx.addIssue({ code: 'custom', path: ['password'], message: 'PASSWORD_RULES' });
      else if (b.password !== b.password_confirm) ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: 'PASSWORD_MATCH' });
    });

/** Step 2, finalisation: gender, birthdate (1900-01-01 to `today`), phone, and both consents. */
export const onboardingDetailsSchema = (today: string) =>
  z.object({
    gender: genderSchema
      .or(z.literal(''))
      .refine((g) => g !== '', { error: 'PLEASE_FILL' })
      .transform((g) => g as 'MR' | 'MS'),
    birthdate: z
      .string({ error: 'PLEASE_FILL' })
      .max(10, { error: 'VALID_DATE' })
      .superRefine((value, ctx) => {
        const problem = value === '' ? 'PLEASE_FILL' : birthdateProblem(value, today);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    phone: fields.phone(),
    gdpr_consent: checked(),
    data_accuracy: checked(),
  });

/**
 * POST /user/onboarding/confirm: the identity, the details when the traveller accepts that they are
 * stored (`stock: accept`; none with `refuse`), and the onboarding token.
 */
export const onboardingConfirmBodySchema = (today: string, sso: boolean) =>
  z
    .object({
      onboarding_token: z.string().min(1).max(512),
      identity: onboardingIdentitySchema(sso),
      details: onboardingDetailsSchema(today).nullable(),
    })
    .strict()
    .superRefine((b, ctx) => {
      if (b.identity.stock === 'accept' && !b.details) ctx.addIssue({ code: 'custom', path: ['details'], message: 'PLEASE_FILL' });
      if (b.identity.stock === 'refuse' && b.details) ctx.addIssue({ code: 'custom', path: ['details'], message: 'FORMAT_INVALID' });
    });
/** The session the onboarding opens: its token is stored, then the user read with it (GET /user/). */
export const onboardingConfirmedSchema = z.object({ token: z.string() }).meta({ id: 'OnboardingConfirmed' });

export type OnboardingConfirmBody = z.input<ReturnType<typeof onboardingConfirmBodySchema>>;
export type OnboardingIdentity = z.input<ReturnType<typeof onboardingIdentitySchema>>;
export type OnboardingDetails = z.input<ReturnType<typeof onboardingDetailsSchema>>;

/** What the e-mailed onboarding link and the activation hand the onboarding page (spec 3 §2: its query parameters). */
export const onboardingStartSchema = z
  .object({ token: z.string(), username: z.string(), firstname: z.string(), lastname: z.string(), email: z.string(), sso: z.boolean() })
  .meta({ id: 'OnboardingStart' });
export type OnboardingStart = z.infer<typeof onboardingStartSchema>;

/** POST /user/confirm (activation): the account is active, and its onboarding starts on /form with this. */
export const activationResultSchema = messageResultSchema.extend({ onboarding: onboardingStartSchema }).meta({ id: 'ActivationResult' });
