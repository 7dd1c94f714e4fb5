import { z } from 'zod';
import { featureFlagsSchema, genderSchema, langSchema } from './account';
import { COMM_SUPPORTS } from './comms';
import { personStatusSchema } from './company-admin';
import { linksOf } from './link';
import { fields } from './validation';

/**
 * The agency's own administration (permission `agency_admin`): its client companies (with their
 * single sign-on), its staff accounts, its branding, its public messages and the history of every
 * change. `GET /agency/admin` is reached by the user's `agencyAdmin` link; every change follows one
 * of the links of its answers. A client company's entities, checkout rules and travel policy are
 * written through the travel manager's resource (contract/company-admin.ts), which the agency's
 * administrator may read and change for any company of the agency.
 */

/** The roles an agency administrator gives its staff (the permissions of contract/permissions.ts). */
export const STAFF_ROLES = ['travel_agent', 'assistance_agent', 'agency_admin'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** A colour as the branding writes it. */
const hexColour = z
  .string({ error: 'PLEASE_FILL' })
  .max(7, { error: 'FORMAT_INVALID' })
  .refine((s) => /^#[0-9a-fA-F]{6}$/.test(s), { error: 'FORMAT_INVALID' });

/** The feature flags a company may turn on or off (the yes-or-no ones of spec 3 §9). */
export const COMPANY_FLAGS = (Object.keys(featureFlagsSchema.shape) as (keyof typeof featureFlagsSchema.shape)[]).filter(
  (name) => name !== 'customUrlPostReservation',
) as Exclude<keyof z.infer<typeof featureFlagsSchema>, 'customUrlPostReservation'>[];
const companyFlagSchema = z.enum(COMPANY_FLAGS as [string, ...string[]]);
/** A company's own choices; a flag it does not name follows the agency's (and the defaults). */
export const companyFlagsSchema = z.partialRecord(companyFlagSchema, z.boolean());

// ── Client companies ─────────────────────────────────────────────────────────────────────────────

/** The company's single sign-on as the administrator reads it: the client secret is never sent back, only whether one is set. */
export const companySsoViewSchema = z.object({
  segment: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  scopes: z.string(),
  enforced: z.boolean(),
  hasSecret: z.boolean(),
});
export type CompanySsoView = z.infer<typeof companySsoViewSchema>;

export const agencyCompanySchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    hotelEnabled: z.boolean(),
    carrentalEnabled: z.boolean(),
    features: companyFlagsSchema,
    entities: z.array(z.object({ uid: z.string(), name: z.string() })),
    travelManagers: z.array(z.object({ uid: z.string(), firstname: z.string(), lastname: z.string(), email: z.string(), status: personStatusSchema })),
    sso: companySsoViewSchema.nullable(),
    /** companyAdmin: its entities, checkout rules and travel policy are read at GET /companies/{uid}/admin, written by that answer's links. */
    links: linksOf('updateClientCompany', 'inviteTravelManager', 'updateCompanySso'),
  })
  .meta({ id: 'AgencyCompany' });
export type AgencyCompany = z.infer<typeof agencyCompanySchema>;

export const agencyCompaniesSchema = z
  .object({ companies: z.array(agencyCompanySchema), links: linksOf('createClientCompany') })
  .meta({ id: 'AgencyCompanies' });
export type AgencyCompanies = z.infer<typeof agencyCompaniesSchema>;

export const createClientCompanyBodySchema = z
  .object({
    name: fields.requiredText(100),
    /** At least one: every travel is booked for an entity. */
    entities: z.array(fields.requiredText(100)).min(1, { error: 'FIELD_REQUIRED' }).max(100, { error: 'TOO_LONG' }),
    hotelEnabled: z.boolean().default(false),
    carrentalEnabled: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'CreateClientCompanyBody' });
export type CreateClientCompanyBody = z.input<typeof createClientCompanyBodySchema>;

export const updateClientCompanyBodySchema = z
  .object({
    name: fields.requiredText(100),
    hotelEnabled: z.boolean(),
    carrentalEnabled: z.boolean(),
    features: companyFlagsSchema,
  })
  .strict()
  .meta({ id: 'UpdateClientCompanyBody' });
export type UpdateClientCompanyBody = z.input<typeof updateClientCompanyBodySchema>;

/** A person invited by e-mail (a company's travel manager, a member of staff): they choose their password from the link. */
const inviteeFields = {
  gender: genderSchema,
  firstname: fields.personName(),
  lastname: fields.personName(),
  email: fields.email(),
  lang: langSchema,
};

export const inviteTravelManagerBodySchema = z.object(inviteeFields).strict().meta({ id: 'InviteTravelManagerBody' });
export type InviteTravelManagerBody = z.input<typeof inviteTravelManagerBodySchema>;

/**
 * The company's single sign-on; null removes it. `clientSecret`: a new secret, or absent (or empty)
 * to keep the one set — it is write-only and never answered.
 */
export const updateCompanySsoBodySchema = z
  .object({
    sso: z
      .object({
        segment: z
          .string({ error: 'PLEASE_FILL' })
          .max(40, { error: 'TOO_LONG' })
          .refine((s) => /^[a-z0-9][a-z0-9-]*$/.test(s), { error: 'FORMAT_INVALID' }),
        issuer: z
          .string({ error: 'PLEASE_FILL' })
          .max(300, { error: 'TOO_LONG' })
          .refine((s) => s.startsWith('/') || /^https:\/\/[^\s]+$/.test(s), { error: 'FORMAT_INVALID' }),
        clientId: fields.requiredText(200),
        clientSecret: z.string().max(500, { error: 'TOO_LONG' }).optional(),
        scopes: fields.requiredText(300).refine((s) => ['openid', 'email'].every((scope) => s.split(/\s+/).includes(scope)), { error: 'FORMAT_INVALID' }),
        enforced: z.boolean(),
      })
      .strict()
      .nullable(),
  })
  .strict()
  .meta({ id: 'UpdateCompanySsoBody' });
export type UpdateCompanySsoBody = z.input<typeof updateCompanySsoBodySchema>;

// ── Staff ────────────────────────────────────────────────────────────────────────────────────────

export const staffMemberSchema = z
  .object({
    uid: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    username: z.string(),
    status: personStatusSchema,
    roles: z.array(staffRoleSchema),
    /** deactivateStaff: not on oneself, nor on someone already inactive. */
    links: linksOf('deactivateStaff'),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const agencyStaffSchema = z.object({ staff: z.array(staffMemberSchema), links: linksOf('inviteStaff') }).meta({ id: 'AgencyStaff' });
export type AgencyStaff = z.infer<typeof agencyStaffSchema>;

export const inviteStaffBodySchema = z
  .object({
    ...inviteeFields,
    roles: z.array(staffRoleSchema).min(1, { error: 'FIELD_REQUIRED' }).max(STAFF_ROLES.length),
  })
  .strict()
  .meta({ id: 'InviteStaffBody' });
export type InviteStaffBody = z.input<typeof inviteStaffBodySchema>;

// ── Branding ─────────────────────────────────────────────────────────────────────────────────────

/** A logo file's largest size as sent (base64 of LOGO_MAX_BYTES, server platform/logo.ts). */
export const LOGO_MAX_BYTES = 100 * 1024;

/**
 * The colours (each must carry white text at WCAG AA, 4.5:1: the server refuses them otherwise, with
 * CONTRAST_TOO_LOW on the field) and the logo: absent keeps it, null removes it, a file's bytes in
 * base64 (SVG, PNG or WebP) replace it.
 */
export const updateBrandingBodySchema = z
  .object({
    brandColor: hexColour,
    accentColor: hexColour,
    logo: z
      .string()
      .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 4, { error: 'LOGO_INVALID' })
      .refine((s) => /^[A-Za-z0-9+/]*={0,2}$/.test(s), { error: 'LOGO_INVALID' })
      .nullable()
      .optional(),
  })
  .strict()
  .meta({ id: 'UpdateBrandingBody' });
export type UpdateBrandingBody = z.input<typeof updateBrandingBodySchema>;

// ── Public messages ──────────────────────────────────────────────────────────────────────────────

export const agencyMessageSchema = z
  .object({
    id: z.string(),
    support: z.enum(COMM_SUPPORTS),
    /** null: every traveller of the agency (and visitors). */
    companyId: z.string().nullable(),
    level: z.enum(['info', 'warning']),
    /** Sanitised HTML per language. */
    message: z.object({ fr: z.string(), en: z.string() }),
    links: linksOf('updateAgencyMessage', 'deleteAgencyMessage'),
  })
  .meta({ id: 'AgencyMessage' });
export type AgencyMessage = z.infer<typeof agencyMessageSchema>;

export const agencyMessagesSchema = z
  .object({
    messages: z.array(agencyMessageSchema),
    /** The companies a message may be addressed to. */
    companies: z.array(z.object({ uid: z.string(), name: z.string() })),
    links: linksOf('createAgencyMessage'),
  })
  .meta({ id: 'AgencyMessages' });
export type AgencyMessages = z.infer<typeof agencyMessagesSchema>;

/** Rich text: HTML the server cuts down to a small safe subset (paragraphs, emphasis, lists, links). */
const richText = fields.requiredText(4000);

export const agencyMessageBodySchema = z
  .object({
    support: z.enum(COMM_SUPPORTS),
    companyId: z.string().max(64).nullable(),
    level: z.enum(['info', 'warning']),
    message: z.object({ fr: richText, en: richText }).strict(),
  })
  .strict()
  .meta({ id: 'AgencyMessageBody' });
export type AgencyMessageBody = z.input<typeof agencyMessageBodySchema>;

// ── History ──────────────────────────────────────────────────────────────────────────────────────

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Who: a username, or `operator` (the operator tool). */
  actor: z.string(),
  /** What, as a dotted name: `company.create`, `staff.deactivate`, `branding.update`… */
  action: z.string(),
  /** On what: a company's, a person's or a message's name. */
  target: z.string(),
  /** The fields that changed (never a secret's value). */
  fields: z.array(z.string()),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const agencyHistorySchema = z.object({ events: z.array(auditEventSchema) }).meta({ id: 'AgencyHistory' });
export type AgencyHistory = z.infer<typeof agencyHistorySchema>;

// ── The entry ────────────────────────────────────────────────────────────────────────────────────

export const agencyAdminSchema = z
  .object({
    agency: z.object({
      uid: z.string(),
      name: z.string(),
      brandColor: z.string(),
      accentColor: z.string(),
      /** A data: URI. */
      logo: z.string().nullable(),
    }),
    links: linksOf('agencyCompanies', 'agencyStaff', 'updateBranding', 'agencyMessages', 'agencyHistory'),
  })
  .meta({ id: 'AgencyAdmin' });
export type AgencyAdmin = z.infer<typeof agencyAdminSchema>;
