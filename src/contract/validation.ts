import { z } from 'zod';

/**
 * Shared field rules (spec 3 §5). Issues carry a message KEY; the web app turns keys into
 * translated sentences, the server sends them back in `fields` of a 17 error.
 */
export const MESSAGE_KEYS = [
  'PLEASE_FILL',
  'FIELD_REQUIRED',
  'EMAIL_FORMAT',
  'PHONE_FORMAT',
  'VALID_DATE',
  'NOT_THAT_OLD',
  'TOO_YOUNG',
  'NO_WHITESPACE',
  'PASSWORD_RULES',
  'PASSWORD_MATCH',
  'PLEASE_CHECK',
  'TOO_LONG',
  'FORMAT_INVALID',
  'SELECT_VALID_VALUE',
  'PLEASE_CHOOSE_APPROVER',
  'DUPLICATE_VALUE',
  'REGEX_INVALID',
  'AMOUNT_INVALID',
  'CONTRAST_TOO_LOW',
  'LOGO_INVALID',
  'NAME_FORMAT',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

// Local part up to 64 characters, each domain label up to 63 (spec 3 §5).
export const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
export const PHONE_RE = /^\+?\d{2,15}$/;

/**
 * A person's name, wherever one is typed (sign-up, invitations, travellers): letters of any script
 * (accents, combining marks), spaces, hyphens and apostrophes, at least one letter, at most
 * NAME_MAX characters. No digit, `@`, `.`, `/` or `:`: a name cannot carry an address, a URL or a
 * phone number into the e-mails and documents it appears in. The pattern needs the `u` flag; its
 * `source` is what the traveller forms send (their `regex`).
 */
export const NAME_MAX = 50;
export const NAME_RE = /^(?=.*\p{L})[\p{L}\p{M} '’-]{1,50}$/u;
export const BIRTHDATE_MIN = '1900-01-01';
export const PASSWORD_MIN = 8;

export const passwordProblem = (value: string): MessageKey | null =>
  value.length >= PASSWORD_MIN && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) ? null : 'PASSWORD_RULES';

/**
 * A birthdate, wherever one is accepted (sign-up, guests, search and booking travellers), is an
 * ISO date `YYYY-MM-DD`, a real day from 1900-01-01 and before `today`.
 */
export function birthdateProblem(value: string, today: string): MessageKey | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'VALID_DATE';
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return 'VALID_DATE';
  if (value < BIRTHDATE_MIN) return 'NOT_THAT_OLD';
  if (value >= today) return 'TOO_YOUNG';
  return null;
}

const requiredText = (max = 100) =>
  z
    .string({ error: 'PLEASE_FILL' })
    .max(max, { error: 'TOO_LONG' })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: 'PLEASE_FILL' });

export const fields = {
  requiredText,
  /** A first or last name (NAME_RE): trimmed; NAME_FORMAT when it has anything but letters, spaces, hyphens and apostrophes. */
  personName: () =>
    z
      .string({ error: 'PLEASE_FILL' })
      .max(NAME_MAX, { error: 'TOO_LONG' })
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, { error: 'PLEASE_FILL' })
      .refine((s) => s.length === 0 || NAME_RE.test(s), { error: 'NAME_FORMAT' }),
  email: () =>
    z
      .string({ error: 'PLEASE_FILL' })
      .max(254, { error: 'EMAIL_FORMAT' })
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, { error: 'PLEASE_FILL' })
      .refine((s) => EMAIL_RE.test(s), { error: 'EMAIL_FORMAT' }),
  phone: () =>
    z
      .string({ error: 'PLEASE_FILL' })
      .max(40, { error: 'PHONE_FORMAT' })
      .transform((s) => s.replace(/\s+/g, ''))
      .refine((s) => s.length > 0, { error: 'PLEASE_FILL' })
      .refine((s) => PHONE_RE.test(s), { error: 'PHONE_FORMAT' }),
  username: () =>
    z
      .string({ error: 'PLEASE_FILL' })
      .max(64, { error: 'TOO_LONG' })
      .refine((s) => s.length > 0, { error: 'PLEASE_FILL' })
      .refine((s) => s.trim() === s, { error: 'NO_WHITESPACE' }),
  password: () =>
    z
      .string({ error: 'PLEASE_FILL' })
      .max(256, { error: 'TOO_LONG' })
      .refine((s) => passwordProblem(s) === null, { error: 'PASSWORD_RULES' }),
};
