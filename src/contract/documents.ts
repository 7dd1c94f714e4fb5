import { z } from 'zod';
import { linksOf } from './link';

/**
 * The user's identity documents (spec 3 §3 "Identity document", §4 "Documents and cards", §5
 * "Identity document form", §7 `GET|PUT user/documents`). `GET /user/documents` (the user's
 * `documents` link) lists them; `PUT /user/documents` (its `updateDocuments` link) writes the whole
 * list: an entry with a uid keeps (or edits) that document, one without is new, a missing one is
 * removed. A uid that is not one of the caller's documents is unknown (404, 175).
 *
 * Dates are ISO days (YYYY-MM-DD). A document's number is personal data: it is shown to its owner
 * only and never logged.
 */

export const DOCUMENT_TYPES = ['passport', 'id_card', 'driver_license'] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES, { error: 'PLEASE_FILL' });
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const CIVILITIES = ['mr', 'ms'] as const;
export const civilitySchema = z.enum(CIVILITIES, { error: 'PLEASE_FILL' });

/** A user keeps at most this many documents. */
export const MAX_DOCUMENTS = 10;

/** Message keys of this form (spec 3 §5), beside the shared PLEASE_FILL, TOO_LONG and FORMAT_INVALID. */
export const DOCUMENT_MESSAGE_KEYS = ['ENTER_A_DATE', 'ENTER_PASSED_DATE', 'ENTER_FUTURE_DATE'] as const;
export type DocumentMessageKey = (typeof DOCUMENT_MESSAGE_KEYS)[number];

/** A real day written YYYY-MM-DD. */
export const isIsoDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** A document number as stored: capitals and digits, 5 to 20 (spaces dropped, letters capitalised). */
export const DOCUMENT_NUMBER_RE = /^[A-Z0-9]{5,20}$/;
export const normalizeDocumentNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();

const required = (max: number) =>
  z
    .string({ error: 'PLEASE_FILL' })
    .max(max, { error: 'TOO_LONG' })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: 'PLEASE_FILL' });

/** A country code: two capitals, and one of `known` when given (contract/countries.ts, which the rel table leaves out to stay small). */
const country = (known: ReadonlySet<string> | null) =>
  z
    .string({ error: 'PLEASE_FILL' })
    .max(2, { error: 'FORMAT_INVALID' })
    .refine((s) => s.length > 0, { error: 'PLEASE_FILL' })
    .refine((s) => (known ? known.has(s) : /^[A-Z]{2}$/.test(s)), { error: 'FORMAT_INVALID' });

/** An optional day: empty or absent is null; otherwise a real day (ENTER_A_DATE) on the right side of `today` when given. */
const day = (bound: ((value: string) => DocumentMessageKey | null) | null) =>
  z
    .string({ error: 'ENTER_A_DATE' })
    .max(10, { error: 'ENTER_A_DATE' })
    .nullish()
    .transform((s) => (s ? s.trim() : null) || null)
    .superRefine((value, ctx) => {
      if (value === null) return;
      const problem = isIsoDay(value) ? (bound?.(value) ?? null) : 'ENTER_A_DATE';
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/**
 * One document as the form sends it. `today` (YYYY-MM-DD, the caller's clock) bounds the dates:
 * effective_date not after today (ENTER_PASSED_DATE), expiration_date after today
 * (ENTER_FUTURE_DATE); `today: null` checks everything but those two bounds (the rel table's
 * schema; the server checks them against its own today on what changed). `countries`: the known
 * codes (COUNTRIES of contract/countries.ts) — the server and the form pass them.
 */
export const documentInputSchema = (today: string | null, countries: ReadonlySet<string> | null = null) =>
  z
    .object({
      uid: z
        .string()
        .max(64)
        .nullish()
        .transform((s) => s ?? null),
      type: documentTypeSchema,
      civility: civilitySchema,
      firstname: required(100),
      lastname: required(100),
      nationality: country(countries),
      document_name: z
        .string()
        .max(100, { error: 'TOO_LONG' })
        .nullish()
        .transform((s) => s?.trim() || null),
      effective_date: day(today === null ? null : (value) => (value > today ? 'ENTER_PASSED_DATE' : null)).refine((value) => value !== null, {
        error: 'PLEASE_FILL',
      }),
      expiration_date: day(today === null ? null : (value) => (value <= today ? 'ENTER_FUTURE_DATE' : null)),
      number: z
        .string({ error: 'PLEASE_FILL' })
        .max(40, { error: 'TOO_LONG' })
        .transform(normalizeDocumentNumber)
        .refine((s) => s.length > 0, { error: 'PLEASE_FILL' })
        .refine((s) => DOCUMENT_NUMBER_RE.test(s), { error: 'FORMAT_INVALID' }),
      country_of_issue: country(countries),
    })
    .strict()
    // Checked even when other fields are wrong, so the form shows every problem at once.
    .refine((doc) => doc.expiration_date !== null || doc.type === 'driver_license', {
      path: ['expiration_date'],
      error: 'PLEASE_FILL',
      when: (payload) => {
        const raw = payload.value as { expiration_date?: unknown } | null;
        return typeof raw === 'object' && raw !== null && !raw.expiration_date;
      },
    });
export type DocumentInput = z.input<ReturnType<typeof documentInputSchema>>;

/** `PUT /user/documents` (spec 3 §7: travel_documents): the whole list, in the order shown. */
export const updateDocumentsBodySchema = (today: string | null, countries: ReadonlySet<string> | null = null) =>
  z
    .object({ travel_documents: z.array(documentInputSchema(today, countries)).max(MAX_DOCUMENTS, { error: 'TOO_LONG' }) })
    .strict()
    .meta({ id: 'UpdateDocumentsBody' });
export type UpdateDocumentsBody = z.input<ReturnType<typeof updateDocumentsBodySchema>>;

export const travelDocumentSchema = z
  .object({
    uid: z.string(),
    type: documentTypeSchema,
    civility: civilitySchema,
    firstname: z.string(),
    lastname: z.string(),
    nationality: z.string(),
    document_name: z.string().nullable(),
    effective_date: z.string(),
    expiration_date: z.string().nullable(),
    number: z.string(),
    country_of_issue: z.string(),
    /** Expired on the server's today: kept, shown, never counted for a trip. */
    expired: z.boolean(),
  })
  .meta({ id: 'TravelDocument' });
export type TravelDocument = z.infer<typeof travelDocumentSchema>;

export const documentsSchema = z
  .object({
    documents: z.array(travelDocumentSchema),
    /** updateDocuments: the whole list, always (adding stops at MAX_DOCUMENTS). */
    links: linksOf('updateDocuments'),
  })
  .meta({ id: 'TravelDocuments' });
export type Documents = z.infer<typeof documentsSchema>;
