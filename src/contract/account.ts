import { z } from 'zod';
import { linksOf } from './link';
import { birthdateProblem, fields } from './validation';
import { lastTravelerSchema, profileUserFields } from './profile';

export const genderSchema = z.enum(['MR', 'MS']).meta({ id: 'Gender' });
export const langSchema = z.enum(['fr', 'en']).meta({ id: 'Lang' });
export type Lang = z.infer<typeof langSchema>;

/** Feature flags of spec 3 §9 with their defaults; a company may override any of them. */
export const featureFlagsSchema = z
  .object({
    allBirthdateRequired: z.boolean().default(false),
    autoSelectPassengerOnSearch: z.boolean().default(false),
    cartWithTravelID: z.boolean().default(false),
    customUrlPostReservation: z.object({ url: z.string(), label: z.string() }).nullable().default(null),
    disableHomeRedirectionOnLogo: z.boolean().default(false),
    enableAccountAccess: z.boolean().default(true),
    enableEditSearchButton: z.boolean().default(false),
    enablePassengerSearchTrip: z.boolean().default(true),
    enableAddNewTripFromCart: z.boolean().default(true),
    enableAddPassengerByAgent: z.boolean().default(true),
    enableReverseLocation: z.boolean().default(true),
    locationPrefilledSearch: z.boolean().default(false),
    noTabMode: z.boolean().default(false),
    redirectToCart: z.boolean().default(false),
    seeTicketButtonOnSuccess: z.boolean().default(true),
    hideExistingTravelMessage: z.boolean().default(false),
  })
  .meta({ id: 'FeatureFlags' });
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;
export const DEFAULT_FEATURES: FeatureFlags = featureFlagsSchema.parse({});

export const companyConfigSchema = z
  .object({
    test: z.boolean(),
    airOfflineCancellation: z.boolean(),
    railOfflineCancellation: z.boolean(),
    travelAgency: z.object({ hasMultipaxSearchDisabled: z.boolean() }),
  })
  .meta({ id: 'CompanyConfig' });

export const entitySchema = z.object({ uid: z.string(), name: z.string() }).meta({ id: 'Entity' });

export const companySchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    config: companyConfigSchema,
    hotel_enabled: z.boolean(),
    carrental_enabled: z.boolean(),
    travel_policy: z.string().nullable(),
    entities: z.array(entitySchema),
    agency: z.object({ uid: z.string(), name: z.string() }),
  })
  .meta({ id: 'Company' });

export const userSchema = z
  .object({
    uid: z.string(),
    username: z.string(),
    gender: genderSchema.nullable(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    birthdate: z.string().nullable(),
    perms: z.array(z.string()),
    company: companySchema.nullable(),
    company_id: z.string().nullable(),
    entities: z.array(entitySchema),
    cards: z.array(z.unknown()),
    travel_documents: z.array(z.unknown()),
    last_travelers: z.array(lastTravelerSchema),
    special_fares: z.array(z.object({ code: z.string(), label: z.string() })),
    hasOpenJawSearchEnabled: z.boolean(),
    canUseExpertMode: z.boolean(),
    canApproveSafetyApproval: z.boolean(),
    isPwdChangeDisabled: z.boolean(),
    isUsernameChangeDisabled: z.boolean(),
    features: featureFlagsSchema,
    ...profileUserFields,
    /**
     * approvals, approvalCounts: a user with a company and the permission approval or check_approval; safetyApprovals: the
     * safety service; agencyQueue and listCustomerCompanies: the agency's staff, who book for its customers' travellers; agencyAdmin: its administrators.
     */
    links: linksOf(
      'self',
      'logout',
      'approvals',
      'safetyApprovals',
      'approvalCounts',
      'documents',
      'travelStats',
      'companyTravelStats',
      'agencyQueue',
      'listCustomerCompanies',
      'agencyAdmin',
      'userCards',
      'paymentCards',
      'updateProfile',
      'handicapTypes',
      'wheelchairs',
      'privacyPolicy',
      'deleteOptionalData',
      'deleteAccount',
    ),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const authStrategySchema = z
  .object({
    strategy: z.enum(['password', 'sso']),
    redirectURL: z.string().nullable(),
  })
  .meta({ id: 'AuthStrategy' });
export type AuthStrategy = z.infer<typeof authStrategySchema>;

export const loginBodySchema = z
  .union([
    z.object({ username: z.string().min(1).max(64), password: z.string().min(1).max(256) }).strict(),
    z.object({ token: z.string().min(1).max(512) }).strict(),
  ])
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema }).meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

/** The start-up sign-in of the /sso/ and /sandbox/ entries (GET /sso/?type=…&token=…). */
export const ssoEntryQuerySchema = z.object({ type: z.enum(['sso', 'sandbox']), token: z.string().min(1).max(512) }).strict();

/**
 * Its answer (spec 3 §7): the user with the new session's token, and the features in force for that
 * session (the sandbox entry's hide the tabs and the account area). Escale's entries carry no
 * partner request, analytics or travel: null.
 */
export const ssoEntrySchema = z
  .object({
    user: userSchema.extend({ token: z.string() }),
    request: z.null(),
    analytics: z.null(),
    travel: z.null(),
    features: featureFlagsSchema,
  })
  .meta({ id: 'SsoEntry' });
export type SsoEntry = z.infer<typeof ssoEntrySchema>;

export const logoutResultSchema = z.object({ redirectURL: z.string().nullable() }).meta({ id: 'LogoutResult' });

/** Sign-up (spec 3 §5). `today` (YYYY-MM-DD) bounds the birthdate, from the caller's clock. */
export const signupBodySchema = (today: string) =>
  z
    .object({
      gender: genderSchema,
      firstname: fields.personName(),
      lastname: fields.personName(),
      username: fields.username(),
      email: fields.email(),
      phone: fields.phone(),
      birthdate: z
        .string({ error: 'PLEASE_FILL' })
        .max(10, { error: 'VALID_DATE' })
        .superRefine((value, ctx) => {
          const problem = value === '' ? 'PLEASE_FILL' : birthdateProblem(value, today);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      password: fields.password(),
      password_confirm: z.string({ error: 'PLEASE_FILL' }).max(256, { error: 'TOO_LONG' }),
      address: z.object({ description: fields.requiredText(300) }, { error: 'PLEASE_FILL' }),
      gdpr_consent: z.literal(true, { error: 'PLEASE_CHECK' }),
      subsidy_number: z
        .string()
        .max(64)
        .optional()
        .transform((s) => s?.trim() || undefined),
    })
    .refine((b) => b.password === b.password_confirm, { path: ['password_confirm'], error: 'PASSWORD_MATCH' });
export type SignupBody = z.input<ReturnType<typeof signupBodySchema>>;

export const signupResultSchema = z.object({ email: z.string() }).meta({ id: 'SignupResult' });

export const tokenBodySchema = z
  .object({ token: z.string().min(1).max(512) })
  .strict()
  .meta({ id: 'TokenBody' });
export const forgotBodySchema = z
  .object({
    username: z
      .string()
      .max(254)
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, { error: 'PLEASE_FILL' }),
  })
  .strict()
  .meta({ id: 'ForgotBody' });
export const newPasswordBodySchema = z
  .object({ token_pwd: z.string().min(1).max(512), password: fields.password() })
  .strict()
  .meta({ id: 'NewPasswordBody' });

export const messageResultSchema = z.object({ message: z.string() }).meta({ id: 'MessageResult' });
