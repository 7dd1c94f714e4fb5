import { z } from 'zod';
import { genderSchema, langSchema } from './account';
import { CAR_TYPES } from './car-rental';
import { linksOf } from './link';
import { newGuestSchema } from './travelers';
import { fields } from './validation';

/**
 * The travel manager's company (spec 3 §6 `account_creation`): its people (employees
 * invited by e-mail, guests), entities, analytics fields, approvers with their backups and travel
 * policy. `GET /companies/{id}/admin` is the entry point; every change follows one of its links and
 * answers the resource as it is now. Money is in cents, durations in minutes.
 */

// ── People ────────────────────────────────────────────────────────────────────────────────────────

/** invited: has not accepted the e-mailed invitation yet; inactive: deactivated (no sign-in, in no list). */
export const personStatusSchema = z.enum(['invited', 'active', 'inactive']);
export type PersonStatus = z.infer<typeof personStatusSchema>;

export const companyPersonSchema = z
  .object({
    uid: z.string(),
    kind: z.enum(['employee', 'guest']),
    gender: genderSchema.nullable(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string().nullable(),
    /** Employees only. */
    username: z.string().nullable(),
    status: personStatusSchema,
    approver: z.boolean(),
    travelManager: z.boolean(),
    links: linksOf('deactivateUser', 'reactivateUser', 'resendInvitation', 'deactivateGuest', 'reactivateGuest'),
  })
  .meta({ id: 'CompanyPerson' });
export type CompanyPerson = z.infer<typeof companyPersonSchema>;

/** The people list's page size: `more` says a narrower search would show others. */
export const PEOPLE_LIMIT = 50;
export const PEOPLE_KINDS = ['all', 'employee', 'guest'] as const;

/** The companyPeople link's query: a name, e-mail or username fragment, and which people. */
export const companyPeopleQuerySchema = z.object({
  query: z.string().max(100).default(''),
  kind: z.enum(PEOPLE_KINDS).default('all'),
});

export const companyPeopleSchema = z.object({ people: z.array(companyPersonSchema), more: z.boolean() }).meta({ id: 'CompanyPeople' });
export type CompanyPeople = z.infer<typeof companyPeopleSchema>;

/** An optional username: empty means "the e-mail address". */
const optionalUsername = z
  .string()
  .max(64, { error: 'TOO_LONG' })
  .optional()
  .transform((s) => (s === '' ? undefined : s))
  .refine((s) => s === undefined || s.trim() === s, { error: 'NO_WHITESPACE' });

/** An employee invited by e-mail: the invitation is in `lang`, the permissions are the manager's to give. */
export const inviteEmployeeBodySchema = z
  .object({
    gender: genderSchema,
    firstname: fields.personName(),
    lastname: fields.personName(),
    email: fields.email(),
    username: optionalUsername,
    lang: langSchema,
    approver: z.boolean().default(false),
    travelManager: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'InviteEmployeeBody' });
export type InviteEmployeeBody = z.input<typeof inviteEmployeeBodySchema>;

/** A company guest: the same fields as a user's own guest (spec 1); `today` bounds the birthdate. */
export const createGuestBodySchema = newGuestSchema;
export type CreateGuestBody = z.input<ReturnType<typeof createGuestBodySchema>>;

// ── Entities ──────────────────────────────────────────────────────────────────────────────────────

export const companyEntitySchema = z.object({
  uid: z.string(),
  name: z.string(),
  /** Travels booked for it: such an entity can be renamed, not removed. */
  travels: z.number().int(),
});

/** One name once per list (case and spaces aside): each repeat is a DUPLICATE_VALUE at `<path>.<index><suffix>`. */
function flagRepeats(values: string[], ctx: z.RefinementCtx, path: (index: number) => (string | number)[]) {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const key = value.trim().toLowerCase();
    if (key && seen.has(key)) ctx.addIssue({ code: 'custom', path: path(index), message: 'DUPLICATE_VALUE' });
    seen.add(key);
  });
}

/** The whole list: an entry with a uid keeps (or renames) that entity, one without is new, a missing one is removed. */
export const updateEntitiesBodySchema = z
  .object({
    entities: z.array(z.object({ uid: z.string().max(64).nullable(), name: fields.requiredText(100) }).strict()).max(100, { error: 'TOO_LONG' }),
  })
  .strict()
  .superRefine((body, ctx) =>
    flagRepeats(
      body.entities.map((e) => e.name),
      ctx,
      (i) => ['entities', i, 'name'],
    ),
  )
  .meta({ id: 'UpdateEntitiesBody' });
export type UpdateEntitiesBody = z.input<typeof updateEntitiesBodySchema>;

// ── Analytics fields ──────────────────────────────────────────────────────────────────────────────

const localized = (max: number) => z.object({ fr: fields.requiredText(max), en: fields.requiredText(max) }).strict();
const optionalText = (max: number) =>
  z
    .string()
    .max(max, { error: 'TOO_LONG' })
    .transform((s) => s.trim());

/** A company's pattern has at most this many characters (TOO_LONG beyond). */
export const PATTERN_MAX = 200;

/**
 * Whether a pattern is valid JavaScript syntax: the editor's first check. The server also refuses,
 * with the same REGEX_INVALID, a pattern the linear-time engine cannot run (contract/tenant-pattern.ts
 * `patternCompiles`, kept out of this module so the web's first chunks do not carry the engine).
 */
export const regexCompiles = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/**
 * An analytics field of checkout (spec 2 §3, §5): for the travel or per traveller, required or not,
 * either a list of values (with optional codes, one per value) or a pattern with its description.
 */
export const analyticFieldSchema = z
  .object({
    name: z
      .string({ error: 'PLEASE_FILL' })
      .max(40, { error: 'TOO_LONG' })
      .refine((s) => s.length > 0, { error: 'PLEASE_FILL' })
      .refine((s) => /^[a-z][a-z0-9_]*$/.test(s), { error: 'FORMAT_INVALID' }),
    label: localized(100),
    level: z.enum(['travel', 'traveler']),
    required: z.boolean(),
    values: z.array(fields.requiredText(100)).max(100, { error: 'TOO_LONG' }),
    valueCodes: z.array(optionalText(20)).max(100, { error: 'TOO_LONG' }),
    regex: z.string().max(PATTERN_MAX, { error: 'TOO_LONG' }).nullable(),
    regexDesc: z
      .object({ fr: optionalText(200), en: optionalText(200) })
      .strict()
      .nullable(),
  })
  .strict()
  .superRefine((field, ctx) => {
    flagRepeats(field.values, ctx, (i) => ['values', i]);
    if (field.valueCodes.length > 0 && field.valueCodes.length !== field.values.length)
      ctx.addIssue({ code: 'custom', path: ['valueCodes'], message: 'FORMAT_INVALID' });
    if (field.valueCodes.some((c) => c === '')) ctx.addIssue({ code: 'custom', path: ['valueCodes'], message: 'PLEASE_FILL' });
    if (field.regex === null || field.regex === '') return;
    // A list of values or a pattern, not both: the pattern would refuse values of the list.
    if (field.values.length > 0) ctx.addIssue({ code: 'custom', path: ['regex'], message: 'FORMAT_INVALID' });
    else if (!regexCompiles(field.regex)) ctx.addIssue({ code: 'custom', path: ['regex'], message: 'REGEX_INVALID' });
    for (const lang of ['fr', 'en'] as const) if (!field.regexDesc?.[lang]) ctx.addIssue({ code: 'custom', path: ['regexDesc', lang], message: 'PLEASE_FILL' });
  });
export type AnalyticFieldInput = z.input<typeof analyticFieldSchema>;

/** An analytics field as the company resource answers it (the same shape, without the input's rules). */
export const analyticFieldViewSchema = z.object({
  name: z.string(),
  label: z.object({ fr: z.string(), en: z.string() }),
  level: z.enum(['travel', 'traveler']),
  required: z.boolean(),
  values: z.array(z.string()),
  valueCodes: z.array(z.string()),
  regex: z.string().nullable(),
  regexDesc: z.object({ fr: z.string(), en: z.string() }).nullable(),
});
export type AnalyticField = z.infer<typeof analyticFieldViewSchema>;

export const updateAnalyticsBodySchema = z
  .object({ fields: z.array(analyticFieldSchema).max(20, { error: 'TOO_LONG' }) })
  .strict()
  .superRefine((body, ctx) =>
    flagRepeats(
      body.fields.map((f) => f.name),
      ctx,
      (i) => ['fields', i, 'name'],
    ),
  )
  .meta({ id: 'UpdateAnalyticsBody' });
export type UpdateAnalyticsBody = z.input<typeof updateAnalyticsBodySchema>;

// ── Approvers ─────────────────────────────────────────────────────────────────────────────────────

/** When a travel needs approval (spec 2 §4): always, only when it breaks the policy, or never. */
export const approvalModeSchema = z.enum(['always', 'non_compliant', 'never']);

const personRefSchema = z.object({ uid: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() });

export const companyApprovalsSchema = z.object({
  mode: approvalModeSchema,
  /** The traveller picks the approver at checkout (else every approver is asked). */
  chooseApprover: z.boolean(),
  approvers: z.array(personRefSchema.extend({ backup: z.string().nullable() })),
  /** Who may be made an approver: the company's active employees. */
  candidates: z.array(personRefSchema),
});

/**
 * Who approves: exactly these employees hold the approval permission, each with an optional backup
 * (another of them) asked at half time when the traveller named none.
 */
export const updateApproversBodySchema = z
  .object({
    mode: approvalModeSchema,
    chooseApprover: z.boolean(),
    approvers: z
      .array(z.object({ uid: z.string().min(1, { error: 'PLEASE_CHOOSE_APPROVER' }).max(64), backup: z.string().max(64).nullable() }).strict())
      .max(200, { error: 'TOO_LONG' }),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.mode !== 'never' && body.approvers.length === 0) ctx.addIssue({ code: 'custom', path: ['approvers'], message: 'PLEASE_CHOOSE_APPROVER' });
    flagRepeats(
      body.approvers.map((a) => a.uid),
      ctx,
      (i) => ['approvers', i, 'uid'],
    );
    const ids = new Set(body.approvers.map((a) => a.uid));
    body.approvers.forEach((a, i) => {
      if (a.backup !== null && (a.backup === a.uid || !ids.has(a.backup)))
        ctx.addIssue({ code: 'custom', path: ['approvers', i, 'backup'], message: 'SELECT_VALID_VALUE' });
    });
  })
  .meta({ id: 'UpdateApproversBody' });
export type UpdateApproversBody = z.input<typeof updateApproversBodySchema>;

// ── Travel policy ─────────────────────────────────────────────────────────────────────────────────

export const FLIGHT_CABINS = ['economy', 'premium', 'business'] as const;
export { CAR_TYPES };

const amount = (max: number) =>
  z.number({ error: 'AMOUNT_INVALID' }).int({ error: 'AMOUNT_INVALID' }).min(1, { error: 'AMOUNT_INVALID' }).max(max, { error: 'AMOUNT_INVALID' });
/** Cents: 1 cent to 100 000 €. */
const cents = amount(10_000_000);
const minutes = z
  .number({ error: 'AMOUNT_INVALID' })
  .int({ error: 'AMOUNT_INVALID' })
  .min(0, { error: 'AMOUNT_INVALID' })
  .max(1440, { error: 'AMOUNT_INVALID' });

/** The policy in figures (domain/company.ts TravelPolicyRules); the hotel caps by city class, cities as place ids (`city:paris`). */
const policyRulesSchema = <C extends z.ZodType>(city: C) =>
  z
    .object({
      rail: z
        .object({
          firstClassFromMinutes: minutes.nullable(),
          maxPriceByDistance: z.array(z.object({ upToKm: amount(20_000).nullable(), maxPrice: cents }).strict()).max(10, { error: 'TOO_LONG' }),
        })
        .strict(),
      flight: z
        .object({
          onlyAboveRailMinutes: minutes,
          cabins: z.array(z.enum(FLIGHT_CABINS)).min(1, { error: 'FIELD_REQUIRED' }).max(FLIGHT_CABINS.length),
        })
        .strict(),
      hotel: z
        .object({
          maxNightly: cents,
          classes: z
            .array(z.object({ maxNightly: cents, cities: z.array(city).min(1, { error: 'FIELD_REQUIRED' }).max(800, { error: 'TOO_LONG' }) }).strict())
            .max(10, { error: 'TOO_LONG' }),
        })
        .strict(),
      car: z
        .object({ categories: z.array(z.enum(CAR_TYPES)).min(1, { error: 'FIELD_REQUIRED' }).max(CAR_TYPES.length), maxDaily: cents.nullable() })
        .strict()
        .nullable(),
    })
    .strict();

export const travelPolicyViewSchema = z.object({
  policy: policyRulesSchema(z.object({ id: z.string(), name: z.string() })).nullable(),
  /** The policy as travellers read it at checkout. */
  text: z.string().nullable(),
});
export type TravelPolicyView = z.infer<typeof travelPolicyViewSchema>;

export const updateTravelPolicyBodySchema = z
  .object({
    /** null: no policy (every product compliant, no compliance shown). */
    policy: policyRulesSchema(z.string().max(80)).nullable(),
    text: z
      .string()
      .max(2000, { error: 'TOO_LONG' })
      .nullable()
      .transform((s) => s?.trim() || null),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.policy) return;
    const bands = body.policy.rail.maxPriceByDistance;
    flagRepeats(
      bands.map((b) => String(b.upToKm ?? 'beyond')),
      ctx,
      (i) => ['policy', 'rail', 'maxPriceByDistance', i, 'upToKm'],
    );
    const seen = new Set<string>();
    body.policy.hotel.classes.forEach((c, i) =>
      c.cities.forEach((city) => {
        if (seen.has(city)) ctx.addIssue({ code: 'custom', path: ['policy', 'hotel', 'classes', i, 'cities'], message: 'DUPLICATE_VALUE' });
        seen.add(city);
      }),
    );
  })
  .meta({ id: 'UpdateTravelPolicyBody' });
export type UpdateTravelPolicyBody = z.input<typeof updateTravelPolicyBodySchema>;

// ── The resource ──────────────────────────────────────────────────────────────────────────────────

export const companyAdminSchema = z
  .object({
    company: z.object({ uid: z.string(), name: z.string() }),
    entities: z.array(companyEntitySchema),
    analytics: z.array(analyticFieldViewSchema),
    approvals: companyApprovalsSchema,
    travelPolicy: travelPolicyViewSchema,
    links: linksOf('companyPeople', 'inviteEmployee', 'createCompanyGuest', 'updateEntities', 'updateAnalytics', 'updateApprovers', 'updateTravelPolicy'),
  })
  .meta({ id: 'CompanyAdmin' });
export type CompanyAdmin = z.infer<typeof companyAdminSchema>;

// ── The invitation, as the invitee opens it ───────────────────────────────────────────────────────

/** `GET /user/invitation/{token}` (the e-mailed link, no session): who is invited where. */
export const invitationSchema = z
  .object({
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    username: z.string(),
    company: z.string(),
    links: linksOf('acceptInvitation'),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

/** The invitee's password (spec 3 §5 rules) and consent: the account is active then, to sign in with. */
export const acceptInvitationBodySchema = z
  .object({
    password: fields.password(),
    password_confirm: z.string({ error: 'PLEASE_FILL' }).max(256, { error: 'TOO_LONG' }),
    gdpr_consent: z.literal(true, { error: 'PLEASE_CHECK' }),
  })
  .strict()
  .refine((b) => b.password === b.password_confirm, { path: ['password_confirm'], error: 'PASSWORD_MATCH' })
  .meta({ id: 'AcceptInvitationBody' });
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;

export const invitationAcceptedSchema = z.object({ username: z.string() }).meta({ id: 'InvitationAccepted' });
