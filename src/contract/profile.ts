import { z } from 'zod';
import { EMAIL_RE, PHONE_RE, birthdateProblem, fields, passwordProblem } from './validation';

/**
 * The editable profile (spec 3 "User profile (form)", §4 "Profile form", §5 "Profile form"):
 * identity, contact, accessibility needs (handicap and accompaniment) and the language e-mails are
 * written in. `PUT /user/` (rel updateProfile) saves the whole form on the version the user looked at
 * (If-Match: a stale one is 409 with the user as it is now in `current`) and answers `{ token, user }`.
 * Issues carry message keys of validation.ts.
 */

export const DISABILITY_CARDS = ['DISABILITY_80_PERCENT', 'NEED_THIRD_PERSON', 'BLINDNESS_GREEN_STAR'] as const;
export const disabilityCardSchema = z.enum(DISABILITY_CARDS).meta({ id: 'DisabilityCard' });
export type DisabilityCard = z.infer<typeof disabilityCardSchema>;

/** Text limits of the profile (longer is 400 TOO_LONG). */
export const PROFILE_LIMITS = { name: 100, address: 300, city: 100, country: 100, dimensions: 20 } as const;
/** Wheelchair measures: weight in kg, wheel thickness in cm; dimensions width × length × height in cm. */
export const WHEELCHAIR_BOUNDS = { weightMin: 1, weightMax: 400, wheelMin: 0.5, wheelMax: 30, sideMin: 20, sideMax: 250 } as const;
export const DIMENSIONS_RE = /^(\d{2,3})\s*[x×X*]\s*(\d{2,3})\s*[x×X*]\s*(\d{2,3})$/;
/** Markup is refused in names and addresses: they are printed on tickets and in e-mails. */
export const MARKUP_RE = /[<>]/;

/** The accessibility fields as the user resource shows them (GET /user/). */
export const accessibilityFields = {
  hasHandicap: z.boolean(),
  /** A name of GET /handicap/types. */
  handicap: z.string().nullable(),
  /** A name of GET /handicap/wheelchairs. */
  wheelchair: z.string().nullable(),
  wheelchair_dimensions: z.string().nullable(),
  wheelchair_weight: z.number().nullable(),
  wheelchair_wheel_thickness: z.number().nullable(),
  need_accompanying: z.boolean(),
  accompanying: z.boolean(),
  disability_card: disabilityCardSchema.nullable(),
};

/** What the user resource carries for the profile form, beside its identity (spread into contract/account.ts userSchema). */
export const profileUserFields = {
  address: z.object({ description: z.string() }).nullable(),
  city_of_birth: z.string().nullable(),
  birth_country: z.string().nullable(),
  ...accessibilityFields,
  /** The language the user chose for e-mails (null: the one of their last sign-in). */
  lang: z.enum(['fr', 'en']).nullable(),
  /** Changes of the profile send it as If-Match. */
  version: z.number().int(),
  /** A new e-mail address asked for and not confirmed yet (its link was sent to it); absent when none. */
  pendingEmail: z.string().optional(),
};

const text = (max: number, required: boolean) =>
  z
    .string({ error: required ? 'PLEASE_FILL' : 'FORMAT_INVALID' })
    .max(max, { error: 'TOO_LONG' })
    .transform((s) => s.trim())
    .refine((s) => !required || s.length > 0, { error: 'PLEASE_FILL' })
    .refine((s) => !MARKUP_RE.test(s), { error: 'FORMAT_INVALID' });

/** An optional text: empty becomes null. */
const optionalText = (max: number) =>
  z
    .union([text(max, false), z.null()])
    .optional()
    .transform((s) => (s ? s : null));

const measure = (min: number, max: number) =>
  z
    .union([z.number(), z.string().max(10, { error: 'FORMAT_INVALID' }), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(v.trim().replace(',', '.'));
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: 'FORMAT_INVALID' });
        return z.NEVER;
      }
      return Math.round(n * 10) / 10;
    });

/**
 * The body of PUT /user/. `today` (YYYY-MM-DD) bounds the birthdate, from the caller's clock.
 * Username and password are ignored for a user whose sign-in is managed elsewhere (isUsernameChangeDisabled,
 * isPwdChangeDisabled); `password` empty keeps the password. A new password or a new e-mail address
 * takes the current password (`current_password`; missing: PLEASE_FILL, wrong: 403 api_code 191); a
 * new address is switched to only once the link sent to it is followed. `saved` (the user as the form
 * was filled from it, on the web) lets the form ask for the current password before sending; the
 * server checks it against the stored user.
 */
export const profileBodySchema = (today: string, saved?: { email: string }) =>
  z
    .object({
      gender: z.enum(['MR', 'MS'], { error: 'PLEASE_FILL' }),
      firstname: fields.personName(),
      lastname: fields.personName(),
      username: z
        .string({ error: 'PLEASE_FILL' })
        .max(64, { error: 'TOO_LONG' })
        .refine((s) => s.trim().length > 0, { error: 'PLEASE_FILL' })
        .refine((s) => s.trim() === s, { error: 'NO_WHITESPACE' })
        .refine((s) => !MARKUP_RE.test(s), { error: 'FORMAT_INVALID' }),
      email: z
        .string({ error: 'PLEASE_FILL' })
        .max(254, { error: 'EMAIL_FORMAT' })
        .transform((s) => s.trim())
        .refine((s) => s.length > 0, { error: 'PLEASE_FILL' })
        .refine((s) => EMAIL_RE.test(s), { error: 'EMAIL_FORMAT' }),
      phone: z
        .union([z.string().max(40, { error: 'PHONE_FORMAT' }), z.null()])
        .optional()
        .transform((s) => (s ? s.replace(/\s+/g, '') : null))
        .refine((s) => s === null || s === '' || PHONE_RE.test(s), { error: 'PHONE_FORMAT' })
        .transform((s) => s || null),
      birthdate: z
        .union([z.string().max(10, { error: 'VALID_DATE' }), z.null()])
        .optional()
        .transform((s) => (s ? s.trim() : null))
        .superRefine((value, ctx) => {
          // A masked placeholder keeps the stored date.
          if (!value || value === 'xx/xx/xxxx') return;
          const problem = birthdateProblem(value, today);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      address: z
        .union([z.object({ description: optionalText(PROFILE_LIMITS.address) }).strict(), z.null()])
        .optional()
        .transform((a) => (a?.description ? { description: a.description } : null)),
      city_of_birth: optionalText(PROFILE_LIMITS.city),
      birth_country: optionalText(PROFILE_LIMITS.country),
      hasHandicap: z.boolean().default(false),
      handicap: z
        .string()
        .max(40, { error: 'SELECT_VALID_VALUE' })
        .nullish()
        .transform((s) => s || null),
      wheelchair: z
        .string()
        .max(40, { error: 'SELECT_VALID_VALUE' })
        .nullish()
        .transform((s) => s || null),
      wheelchair_dimensions: z
        .string()
        .max(PROFILE_LIMITS.dimensions, { error: 'FORMAT_INVALID' })
        .nullish()
        .transform((s, ctx) => {
          const value = s?.trim();
          if (!value) return null;
          const m = DIMENSIONS_RE.exec(value);
          const sides = m ? [m[1], m[2], m[3]].map(Number) : [];
          if (!m || sides.some((n) => n < WHEELCHAIR_BOUNDS.sideMin || n > WHEELCHAIR_BOUNDS.sideMax)) {
            ctx.addIssue({ code: 'custom', message: 'FORMAT_INVALID' });
            return z.NEVER;
          }
          return sides.join('x');
        }),
      wheelchair_weight: measure(WHEELCHAIR_BOUNDS.weightMin, WHEELCHAIR_BOUNDS.weightMax),
      wheelchair_wheel_thickness: measure(WHEELCHAIR_BOUNDS.wheelMin, WHEELCHAIR_BOUNDS.wheelMax),
      need_accompanying: z.boolean().default(false),
      accompanying: z.boolean().default(false),
      disability_card: z
        .string()
        .max(40, { error: 'SELECT_VALID_VALUE' })
        .nullish()
        .transform((s) => s || null),
      lang: z
        .enum(['fr', 'en'], { error: 'SELECT_VALID_VALUE' })
        .nullish()
        .transform((l) => l ?? null),
      password: z
        .string()
        .max(256, { error: 'TOO_LONG' })
        .nullish()
        .transform((s) => s || null),
      password_confirm: z
        .string()
        .max(256, { error: 'TOO_LONG' })
        .nullish()
        .transform((s) => s || null),
      current_password: z
        .string()
        .max(256, { error: 'TOO_LONG' })
        .nullish()
        .transform((s) => s || null),
      rgpd: z.literal(true, { error: 'PLEASE_CHECK' }),
      data_accuracy: z.literal(true, { error: 'PLEASE_CHECK' }),
    })
    .strict()
    .superRefine((b, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (b.password && passwordProblem(b.password)) issue('password', 'PASSWORD_RULES');
      if ((b.password ?? '') !== (b.password_confirm ?? '')) issue('password_confirm', 'PASSWORD_MATCH');
      if (saved && !b.current_password && (b.password || emailChanged(saved.email, b.email))) issue('current_password', 'PLEASE_FILL');
      if (b.hasHandicap) {
        if (!b.handicap) issue('handicap', 'PLEASE_FILL');
        if (b.wheelchair) {
          if (!b.wheelchair_dimensions) issue('wheelchair_dimensions', 'PLEASE_FILL');
          if (b.wheelchair_weight === null) issue('wheelchair_weight', 'PLEASE_FILL');
          if (b.wheelchair_wheel_thickness === null) issue('wheelchair_wheel_thickness', 'PLEASE_FILL');
        }
      }
      if (b.accompanying) {
        if (!b.disability_card) issue('disability_card', 'PLEASE_FILL');
        else if (!(DISABILITY_CARDS as readonly string[]).includes(b.disability_card)) issue('disability_card', 'SELECT_VALID_VALUE');
      }
    });
/** Whether the form's address is another one than the stored one (case aside). */
export const emailChanged = (stored: string, typed: string) => stored.trim().toLowerCase() !== typed.trim().toLowerCase();

/** POST /user/email/confirm: the e-mailed link of an e-mail change followed; the account's address is this one now. */
export const emailChangedSchema = z.object({ email: z.string() }).meta({ id: 'EmailChanged' });
export type EmailChanged = z.infer<typeof emailChangedSchema>;

export type ProfileBody = z.input<ReturnType<typeof profileBodySchema>>;
export type ProfileInput = z.output<ReturnType<typeof profileBodySchema>>;

/** GET /handicap/types */
export const handicapTypeSchema = z.object({ name: z.string(), label: z.string() }).meta({ id: 'HandicapType' });
export type HandicapType = z.infer<typeof handicapTypeSchema>;
export const handicapTypesSchema = z.array(handicapTypeSchema).meta({ id: 'HandicapTypes' });

/** GET /handicap/wheelchairs: each kind with its typical measures (dimensions width × length × height in cm, weight kg, wheel thickness cm). */
export const wheelchairSchema = z
  .object({ name: z.string(), label: z.string(), dimensions: z.string(), weight: z.number(), wheel_thickness: z.number() })
  .meta({ id: 'Wheelchair' });
export type Wheelchair = z.infer<typeof wheelchairSchema>;
export const wheelchairsSchema = z.array(wheelchairSchema).meta({ id: 'Wheelchairs' });

/** One of the last people the user booked for (spec 1 "User (as used by search)": at most 10, the latest first). */
export const lastTravelerSchema = z
  .object({ uid: z.string(), type: z.enum(['employee', 'guest']), gender: z.enum(['MR', 'MS']).nullable(), firstname: z.string(), lastname: z.string() })
  .meta({ id: 'LastTraveler' });
export type LastTraveler = z.infer<typeof lastTravelerSchema>;
export const LAST_TRAVELERS_MAX = 10;
