/**
 * The database's tables, in one file on purpose although it is longer than 500 lines: it is the one
 * shape drizzle-kit compares with the migrations (drizzle.config.ts), its thirty tables reference
 * one another across areas (travels, products, users, companies, agencies, approvals, tasks), and
 * every repository reads them from here; split by area, each part would import the others' tables
 * for its foreign keys and nothing would be easier to find than with this file's table-by-table order.
 */
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Lang } from '@contract/account';
import type { ProductStatus, TravelStatus } from '@contract/travel';
import type { CheckoutRules, Localized } from '../domain/company';
import type { ProductData, ProductType, SupplierNotice, TicketData } from '../domain/product';
import type { TravelAnalytics, TravelApprovers, TravelMissionOrder } from '../domain/travel-state';
import type { ApprovalKind, ApprovalStatus, RecipientRole, StoredChainStep } from '../domain/approvals';
import type { StoredTripRequest } from '../domain/trip';
import type { FareOffer, Journey } from '../domain/journey';
import type { Accessibility } from '../domain/accessibility';
import type { LastTraveler, SpecialFare } from '../domain/profile';
import type { StoredPaymentStatus, StoredRefund } from '../domain/payment';
import type { CardBrand } from '@contract/travel';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Bytes as they are (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A white-label deployment. `api_key_hash` is sha256 of its web key, the Api-Key its web app sends;
 * `web_key` is that key in clear, because it is public by design (every page served on the agency's
 * hosts carries it) and the server writes it into those pages. Keys issued to integrations are
 * secrets: agency_api_keys keeps only their hashes.
 */
export const agencies = pgTable('agencies', {
  id: id(),
  name: text('name').notNull(),
  apiKeyHash: text('api_key_hash').notNull().unique(),
  webKey: text('web_key').unique(),
  /** The language of its pages and e-mails when nothing else says (a user's choice, the browser's). */
  defaultLang: text('default_lang').$type<Lang>().notNull().default('fr'),
  logo: text('logo'),
  brandColor: text('brand_color').notNull(),
  accentColor: text('accent_color').notNull(),
  /** The footer's information block, per language; its HTML is sanitised when written, so reads can render it as is. */
  info: jsonb('info').$type<AgencyInfo>(),
  supportEmail: text('support_email'),
  supportPhone: text('support_phone'),
  /** Messages the agency shows its travellers on a page (spec 2 §7 GET /comms), optionally for one company or entity. */
  communications: jsonb('communications').$type<AgencyCommunication[]>().notNull().default([]),
  /** Its own privacy policy per language (features/privacy): title, version and HTML, sanitised when read; null: Escale's default text. */
  privacyPolicy: jsonb('privacy_policy').$type<AgencyPrivacyPolicy>(),
  /** The agency's feature flags (contract featureFlagsSchema): over the defaults, under its companies' own. */
  features: jsonb('features').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

/** The white-label addresses an agency's web app is served on (lower-case host names, no port). */
export const agencyHosts = pgTable('agency_hosts', {
  host: text('host').primaryKey(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id),
  createdAt: createdAt(),
});

/**
 * Api-Keys issued to an agency's integrations (the operator tool): only their sha256 is kept, the key is
 * shown once. A rotated key keeps working until `expires_at` (the grace period); a revoked one stops at once.
 */
export const agencyApiKeys = pgTable(
  'agency_api_keys',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's first characters, to recognise it in a list without being able to use it. */
    prefix: text('prefix').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('agency_api_keys_agency').on(t.agencyId)],
);

/** The agency's information block in the languages it wrote it in (the app falls back to another). */
export type AgencyInfo = Partial<Record<Lang, { title: string; html: string }>>;
export type AgencyPrivacyPolicy = Partial<Record<Lang, { title: string; version: string; html: string }>>;

export type AgencyCommunication = {
  id: string;
  /** The page (support type) it shows on: cart, search, tickets… */
  support: string;
  companyId: string | null;
  entityId: string | null;
  level: 'info' | 'warning';
  message: Localized;
};

export type CompanyConfig = {
  test: boolean;
  airOfflineCancellation: boolean;
  railOfflineCancellation: boolean;
  travelAgency: { hasMultipaxSearchDisabled: boolean };
  /** Car renters the company prefers (renter codes: EP, ZE…): first with BY_PREF, tagged `preferred`. */
  preferredRenters?: string[];
  /** Renter codes and hotel chain or group codes with negotiated rates (the supplier's customer codes). */
  negotiatedRenters?: string[];
  negotiatedHotelChains?: string[];
};

/**
 * A company's OpenID Connect provider: its users sign in there (authorization code with
 * PKCE, features/sso). Never sent to a browser: it holds the client secret.
 */
export type CompanySso = {
  /** The company's name in the entry paths /auth/sso/<segment> and /auth/sandbox/<segment>: lower-case letters, digits, dashes. */
  segment: string;
  /** The provider's issuer URL; a path (`/oidc`) names this server's own demo provider, at its public origin. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Asked of the provider: `openid email profile` at least (users are matched by e-mail). */
  scopes: string;
  /** Enforced: its users sign in only through the provider (no password sign-in, reset or sign-up). */
  enforced?: boolean;
};

export const companies = pgTable(
  'companies',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    name: text('name').notNull(),
    config: jsonb('config').$type<CompanyConfig>().notNull(),
    /** Overrides of the feature flags' defaults (contract featureFlagsSchema). */
    features: jsonb('features').$type<Record<string, unknown>>().notNull().default({}),
    hotelEnabled: boolean('hotel_enabled').notNull().default(false),
    carrentalEnabled: boolean('carrental_enabled').notNull().default(false),
    /** The policy as travellers read it. */
    travelPolicy: text('travel_policy'),
    checkoutRules: jsonb('checkout_rules')
      .$type<CheckoutRules>()
      .notNull()
      .default({ analytics: [], missionOrders: false, chooseApprover: false, approval: 'never', policy: null }),
    /** Places offered before anything is typed (offices, plants), in the contract's place shape. */
    suggestedAddresses: jsonb('suggested_addresses').$type<unknown[]>().notNull().default([]),
    /** Single sign-on; null: its users sign in with a password. */
    sso: jsonb('sso').$type<CompanySso>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('companies_sso_segment').on(sql`(${t.sso}->>'segment')`)],
);

export const entities = pgTable('entities', {
  id: id(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
});

export type UserFlags = {
  hasOpenJawSearchEnabled?: boolean;
  canUseExpertMode?: boolean;
  canApproveSafetyApproval?: boolean;
  isPwdChangeDisabled?: boolean;
  isUsernameChangeDisabled?: boolean;
};

export type UserStatus = 'pending' | 'invited' | 'active' | 'inactive' | 'deleted';

export const users = pgTable(
  'users',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    companyId: uuid('company_id').references(() => companies.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    gender: text('gender').$type<'MR' | 'MS'>(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    phone: text('phone'),
    birthdate: text('birthdate'),
    address: text('address'),
    subsidyNumber: text('subsidy_number'),
    perms: text('perms').array().notNull().default(sql`'{}'::text[]`),
    flags: jsonb('flags').$type<UserFlags>().notNull().default({}),
    /** The language of their last sign-in: e-mails sent to them (by others' actions, by jobs) are in it. */
    lang: text('lang').$type<'fr' | 'en'>().notNull().default('fr'),
    /**
     * pending (e-mail not confirmed yet), invited (created by the company's travel manager, no password
     * until the invitation is accepted), active, inactive (deactivated by the travel manager: no sign-in,
     * no session, in no list), deleted.
     */
    status: text('status').$type<UserStatus>().notNull(),
    /** An approver's backup: asked at half time when the traveller named none (features/company-admin). */
    backupApproverId: uuid('backup_approver_id').references((): AnyPgColumn => users.id),
    gdprConsentAt: instant('gdpr_consent_at'),
    createdAt: createdAt(),
    activatedAt: instant('activated_at'),
    // The editable profile (features/profile).
    cityOfBirth: text('city_of_birth'),
    birthCountry: text('birth_country'),
    /** Handicap and accompaniment (domain/accessibility.ts); null: none recorded. */
    accessibility: jsonb('accessibility').$type<Accessibility>(),
    /** The language the user chose in their profile: sign-ins no longer change `lang` once set. */
    preferredLang: text('preferred_lang').$type<'fr' | 'en'>(),
    /** The profile's version: PUT /user/ changes it only from the version the user looked at (If-Match). */
    version: integer('version').notNull().default(1),
    /** The last people they booked for, most recent first (at most 10), written on booking. */
    lastTravelers: jsonb('last_travelers').$type<LastTraveler[]>().notNull().default([]),
    /** Special fares they may search with (spec 1): entries flagged `auto` are applied by the agency, not offered. */
    specialFares: jsonb('special_fares').$type<SpecialFare[]>().notNull().default([]),
    /** The identity provider's own id for the user (SCIM `externalId`), when it provisioned them. */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('users_agency_username').on(t.agencyId, sql`lower(${t.username})`),
    uniqueIndex('users_agency_email').on(t.agencyId, sql`lower(${t.email})`),
    uniqueIndex('users_company_external_id').on(t.companyId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

/** A company's SCIM 2.0 bearer tokens (the operator tool issues them): sha256 only; revoked ones stop at once. */
export const scimTokens = pgTable('scim_tokens', {
  id: id(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  tokenHash: text('token_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  createdAt: createdAt(),
  revokedAt: instant('revoked_at'),
});

/**
 * What an agency's administrators and its operator changed (companies, staff, branding, messages, single
 * sign-on): who, what, on what, when. The agency administrator reads it as the history list.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The user who did it; null: the operator tool. */
    actorId: uuid('actor_id').references(() => users.id),
    /** Their name as it read then (a username, or `operator`). */
    actor: text('actor').notNull(),
    /** What was done: company.create, staff.invite, branding.update… */
    action: text('action').notNull(),
    /** On what: `company:<id>`, `user:<id>`, `agency`. */
    target: text('target').notNull(),
    /** The changed fields' new values (never a secret). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: createdAt(),
  },
  (t) => [index('audit_events_agency').on(t.agencyId, t.at)],
);

/** Session tokens are stored as sha256 hashes: a leaked table does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** Opened from a partner's sandbox entry (spec 3 §2): the app hides its tabs and the account area for it. */
    externalSource: boolean('external_source').notNull().default(false),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * A single sign-on under way (features/sso): what the callback must find again — the state, nonce and
 * PKCE verifier sent to the provider — keyed by the hash of the HttpOnly cookie that ties it to the
 * browser that started it. Used once; short-lived.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: id(),
    browserHash: text('browser_hash').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** sso: an ordinary sign-in; sandbox: a partner's entry (external-source mode). */
    entry: text('entry').$type<'sso' | 'sandbox'>().notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('sso_logins_expiry').on(t.expiresAt)],
);

/**
 * Single-use e-mailed tokens: account activation, password reset, one-time sign-in links, invitations,
 * onboarding, and the confirmation of a new e-mail address (sent to that address).
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'activation' | 'reset' | 'login' | 'invitation' | 'onboarding' | 'email_change'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** email_change: the address the user asked for, switched to only when the link sent to it is followed. */
    newEmail: text('new_email'),
    /** login from single sign-on: sha256 of the HttpOnly cookie of the browser that signed in; only it may redeem the token. */
    browserHash: text('browser_hash'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('user_tokens_user').on(t.userId, t.kind)],
);

/**
 * The identity provider's subject a user is linked to (OIDC `iss` + `sub`): stored at the first single
 * sign-on that linked the account by a verified e-mail, matched on afterwards (an e-mail can change or be
 * reassigned at the provider; the subject cannot).
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user').on(t.userId)],
);

/** Failed sign-ins, counted in a sliding window per (username, client address) and per client address. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: id(),
    scope: text('scope').$type<'pair' | 'address'>().notNull(),
    key: text('key').notNull(),
    at: instant('at').notNull(),
  },
  (t) => [index('auth_failures_key').on(t.scope, t.key, t.at)],
);

export type MailAttachment = { filename: string; contentType: string; content: string };

/** Every e-mail the product sends; with no SMTP_URL this table is the mailbox (/dev/mailbox). */
export const outbox = pgTable('outbox', {
  id: id(),
  agencyId: uuid('agency_id').references(() => agencies.id),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** Files sent with the mail (a trip's calendar), their text content as is. */
  attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
  createdAt: createdAt(),
  sentAt: instant('sent_at'),
  attempts: integer('attempts').notNull().default(0),
});

/**
 * A trip search's answer, kept so that every link it hands out (more choices, fare conditions,
 * next page, the return search, add to cart) resolves on any API process.
 */
export const tripSearches = pgTable(
  'trip_searches',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    userId: uuid('user_id').references(() => users.id),
    leg: text('leg').$type<'outward' | 'return'>().notNull(),
    /** The validated request, with the resolved places. */
    request: jsonb('request').$type<StoredTripRequest>().notNull(),
    /** The supplier's journeys as answered (the proposals are derived from them), as zlib-compressed JSON (db/trip-searches.ts). */
    journeys: bytea('journeys').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('trip_searches_created').on(t.createdAt)],
);

/** A travel: the cart a user fills, then checks out. `version` guards every state change. */
export const travels = pgTable(
  'travels',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    companyId: uuid('company_id').references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    entityId: uuid('entity_id').references(() => entities.id),
    customerId: uuid('customer_id').references(() => companies.id),
    /**
     * The traveller agency staff (travel_agent, assistance_agent) book this travel for: it is theirs
     * too once checked out (their bookings, calendar), `userId` being the staff member who booked it.
     */
    onBehalfOf: uuid('on_behalf_of').references(() => users.id),
    status: text('status').$type<TravelStatus>().notNull(),
    version: integer('version').notNull().default(1),
    /** Checkout answers: analytics values, mission orders, the chosen approvers. */
    analytics: jsonb('analytics').$type<TravelAnalytics>(),
    missionOrders: jsonb('mission_orders').$type<TravelMissionOrder[]>(),
    approvers: jsonb('approvers').$type<TravelApprovers>(),
    /** Options held or approval pending: guaranteed until then. */
    confirmationTimeLimit: instant('confirmation_time_limit'),
    /**
     * The first product's start and the last one's end (null without products), for the lists that
     * page and sort by date in SQL (features/travels). Kept by the trigger of the migration
     * travel_span_columns on every write to travel_products, whichever feature writes it.
     */
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('travels_user_status').on(t.userId, t.status),
    index('travels_user_starts').on(t.userId, t.startsAt, t.id),
    index('travels_on_behalf_of').on(t.onBehalfOf, t.startsAt),
    // The travel manager's dashboard (features/stats): the company's travels over a period.
    index('travels_company_starts').on(t.companyId, t.startsAt),
    // The agency work queue's options near their deadline (features/agency-queue): held travels only.
    index('travels_held_until').on(t.agencyId, t.confirmationTimeLimit).where(sql`${t.status} = 'pending_confirmation'`),
  ],
);

export const travelProducts = pgTable(
  'travel_products',
  {
    id: id(),
    travelId: uuid('travel_id')
      .notNull()
      .references(() => travels.id),
    type: text('type').$type<ProductType>().notNull(),
    status: text('status').$type<ProductStatus>().notNull(),
    /** Cents, every traveller and option included. */
    price: integer('price').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    /** The product's data by type (domain/product.ts): a trip's journey, fare and travellers. */
    data: jsonb('data').$type<ProductData>().notNull(),
    /** The supplier's booking (or option) reference, and the option's time limit. */
    pnr: text('pnr'),
    confirmationTimeLimit: instant('confirmation_time_limit'),
    /**
     * What the lists show of the product, derived by the database from `data` (function
     * travel_product_summary, migration travel_product_summary): a page of lists reads this, not
     * the whole data, which PostgreSQL would decompress once per field read.
     */
    summary: jsonb('summary').$type<ProductSummary>().generatedAlwaysAs(sql`travel_product_summary(data)`),
    /**
     * What the tickets list reads of the product (function travel_product_ticket, migration
     * tickets_data): the data's shape, only the fields a ticket shows or decides on.
     */
    ticket: jsonb('ticket').$type<TicketData>().generatedAlwaysAs(sql`travel_product_ticket(data)`),
    /**
     * What the dashboard sums (features/stats; functions of the migration travel_stats),
     * derived from `data` like `summary`: grams CO2e, km and minutes on board, every traveller counted.
     */
    co2: integer('co2').generatedAlwaysAs(sql`travel_product_co2(data)`),
    distanceKm: integer('distance_km').generatedAlwaysAs(sql`travel_product_km(data)`),
    minutes: integer('minutes').generatedAlwaysAs(sql`travel_product_minutes(data)`),
    /** What the daily reconciliation found the supplier changed since booking (cancelled by the carrier, new times), oldest first. */
    notices: jsonb('notices').$type<SupplierNotice[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('travel_products_travel').on(t.travelId), index('travel_products_starts').on(t.startsAt, t.status)],
);

/** A product as the lists show it (travel_products.summary): cities, local times, legs, travellers. */
export type ProductSummary = {
  from: string;
  to: string;
  departure: string | null;
  arrival: string | null;
  routes: { from: string; to: string }[];
  pax: { firstname: string; lastname: string }[];
};

/**
 * A user's private calendar feed: at most one address at a time, its token stored as
 * sha256 like sessions. Rotating writes a new token (the old address answers 404); revoking deletes the row.
 */
export const calendarSubscriptions = pgTable('calendar_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: instant('created_at').notNull(),
  /** When a calendar app last read the feed. */
  lastReadAt: instant('last_read_at'),
});

/**
 * An approval request (spec 2 §3): who asked whom, for which travel; answered in the approvals
 * inbox. A request round of a travel is a regular request and, for a trip to a high-risk country,
 * a safety one (same round_id): the travel is booked once every request of its round said yes.
 * `version` moves on with every answer; `chain` is who was asked and what they answered.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: id(),
    travelId: uuid('travel_id')
      .notNull()
      .references(() => travels.id),
    roundId: uuid('round_id').notNull().default(sql`gen_random_uuid()`),
    kind: text('kind').$type<ApprovalKind>().notNull().default('regular'),
    agencyId: uuid('agency_id').references(() => agencies.id),
    companyId: uuid('company_id').references(() => companies.id),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    /** The main approver now (the chosen one, or the one it was escalated to); none for the safety service. */
    approverId: uuid('approver_id').references(() => users.id),
    backupApproverId: uuid('backup_approver_id').references(() => users.id),
    message: text('message'),
    status: text('status').$type<ApprovalStatus>().notNull(),
    version: integer('version').notNull().default(1),
    isRisky: boolean('is_risky').notNull().default(false),
    requestedAt: instant('requested_at').notNull(),
    timeLimit: instant('time_limit').notNull(),
    /** Half of the allowed time: the backup approver is asked then. */
    backupAt: instant('backup_at'),
    answeredAt: instant('answered_at'),
    answeredBy: uuid('answered_by').references(() => users.id),
    /** The approver's word, or the deny reason. */
    answerMessage: text('answer_message'),
    chain: jsonb('chain').$type<StoredChainStep[]>().notNull().default([]),
    /** For lists: the travellers' names folded (lower case, no accents), the first start, the total in cents. */
    paxSearch: text('pax_search').notNull().default(''),
    startsAt: instant('starts_at'),
    totalAmount: integer('total_amount').notNull().default(0),
    /** When the approvers were last e-mailed a reminder. */
    remindedAt: instant('reminded_at'),
    /** The app's origin when it was asked: e-mailed links (also from jobs) point there. */
    origin: text('origin'),
  },
  (t) => [
    index('approval_requests_approver').on(t.approverId, t.status),
    index('approval_requests_travel').on(t.travelId),
    index('approval_requests_round').on(t.roundId),
  ],
);

/**
 * Who sees a request in their inbox, in which role, from when (a backup from half time). A main
 * approver who escalated it, or whose request was passed on, stays as `former`: they see it, they
 * no longer answer it.
 */
export const approvalRecipients = pgTable(
  'approval_recipients',
  {
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvalRequests.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<RecipientRole>().notNull(),
    visibleFrom: instant('visible_from').notNull(),
  },
  (t) => [primaryKey({ columns: [t.approvalId, t.userId] }), index('approval_recipients_user').on(t.userId, t.visibleFrom)],
);

/** E-mailed one-click answers: one answer to one request by one approver, single-use, until the request's time limit. Stored as sha256. */
export const approvalTokens = pgTable(
  'approval_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvalRequests.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').$type<'approve' | 'deny'>().notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('approval_tokens_approval').on(t.approvalId, t.userId)],
);

/**
 * Durable jobs (ticketing, option expiry, clean-ups): a row per job, run at `run_at` by whichever
 * process claims it first; a crashed run is claimed again once its lease passes.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    /** At most one job per key (e.g. the expiry of one travel's options). */
    key: text('key').unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: instant('run_at').notNull(),
    /** Claimed until then; null when free. */
    leaseUntil: instant('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: instant('done_at'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due').on(t.doneAt, t.runAt)],
);

/** Answers of unsafe calls by Idempotency-Key, so a retried call is answered, not redone. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'pending' | 'done'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    /** A pending call's runner renews this while it runs; once it passes (the process died) a retry takes the key over. */
    leaseUntil: instant('lease_until'),
    /** The runner holding the key (a random id per claim): only it may record the call's answer, so a runner whose key was taken over changes nothing. */
    owner: uuid('owner'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Rate-limit counters shared by every API process on one PostgreSQL database (platform/rate-limit.ts):
 * one row per route (or group) and client, its calls in the window that ends at `reset_at`.
 * UNLOGGED (see its migration): counters need no crash safety, and skip the write-ahead log.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: instant('reset_at').notNull(),
});

/** People a user books for who have no account: guests (spec 1 "invited guest passengers"). */
export const guests = pgTable(
  'guests',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** A company's guest (made by its travel manager, the owner): every employee may book for them. */
    companyId: uuid('company_id').references(() => companies.id),
    /** Deactivated by the travel manager: offered to no one, bookable by no one. */
    deactivatedAt: instant('deactivated_at'),
    gender: text('gender').$type<'MR' | 'MS'>(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email'),
    birthdate: text('birthdate'),
    createdAt: createdAt(),
  },
  (t) => [index('guests_owner').on(t.ownerId), index('guests_company').on(t.companyId)],
);

/**
 * Work the agency does for its travellers: cancellations that cannot be done online
 * (the company's offline rule, or the supplier's), one task per travel and request, which its staff
 * (travel_agent, assistance_agent) complete with the refund obtained, or refuse; and approved travels
 * the supplier would not book (`failed_booking`, written with the failure), which they close with a note.
 */
export const agencyTasks = pgTable(
  'agency_tasks',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').$type<'cancellation' | 'failed_booking'>().notNull(),
    travelId: uuid('travel_id')
      .notNull()
      .references(() => travels.id),
    productIds: uuid('product_ids').array().notNull(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<'open' | 'done'>().notNull().default('open'),
    outcome: text('outcome').$type<'cancelled' | 'refused' | 'closed'>(),
    /** Cents, for all the task's products, once done. */
    refund: integer('refund'),
    fees: integer('fees'),
    /** The refusal's reason, or the note a failed booking was closed with. */
    reason: text('reason'),
    createdAt: createdAt(),
    answeredAt: instant('answered_at'),
    answeredBy: uuid('answered_by').references(() => users.id),
  },
  (t) => [index('agency_tasks_agency_status').on(t.agencyId, t.status, t.createdAt)],
);

/**
 * A rail exchange search: the journeys the supplier answered for one section of a booked
 * product, so the choice booked next is the one the user saw, on any API process.
 */
export const exchangeSearches = pgTable(
  'exchange_searches',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => travelProducts.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    sectionId: text('section_id').notNull(),
    journeys: jsonb('journeys').$type<Journey[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('exchange_searches_created').on(t.createdAt)],
);

/**
 * A rail exchange offer and its progress once confirmed: `offered` → `exchanging` (the
 * new ticket asked of the supplier under this row's id) → `swapped` (old product exchanged, new one
 * issued, in one transaction) → `done` (old ticket cancelled with the supplier); `failed` when the
 * supplier refused the new one (the old ticket was never touched). The `finish-exchange` job takes
 * over from a process that died on the way.
 */
export const exchangeOffers = pgTable(
  'exchange_offers',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => travelProducts.id),
    travelId: uuid('travel_id')
      .notNull()
      .references(() => travels.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    searchId: uuid('search_id')
      .notNull()
      .references(() => exchangeSearches.id),
    journey: jsonb('journey').$type<Journey>().notNull(),
    offer: jsonb('offer').$type<FareOffer>().notNull(),
    cabin: text('cabin').notNull(),
    exchangeFees: integer('exchange_fees').notNull(),
    priceDelta: integer('price_delta').notNull(),
    totalPrice: integer('total_price').notNull(),
    status: text('status').$type<'offered' | 'exchanging' | 'swapped' | 'done' | 'failed'>().notNull(),
    newProductId: uuid('new_product_id'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('exchange_offers_product').on(t.productId)],
);

/**
 * What agency staff did for a traveller: every change a travel agent or an assistance agent
 * makes to a travel — who, for whom, what (the operation), when. The traveller sees it in their bookings.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    forUserId: uuid('for_user_id').references(() => users.id),
    travelId: uuid('travel_id').references(() => travels.id),
    /** The operation (the rel name, e.g. addToCart, confirmTravel). */
    action: text('action').notNull(),
    at: createdAt(),
  },
  (t) => [index('staff_actions_travel').on(t.travelId, t.at), index('staff_actions_for_user').on(t.forUserId, t.at)],
);

/**
 * A user's identity documents (spec 3 "Identity document"): passport, ID card, driving
 * licence. Days are ISO text (YYYY-MM-DD). `number` is personal data: shown to its owner only, never
 * logged. `position` keeps the order the user gave.
 */
export const travelDocuments = pgTable(
  'travel_documents',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').$type<'passport' | 'id_card' | 'driver_license'>().notNull(),
    civility: text('civility').$type<'mr' | 'ms'>().notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    nationality: text('nationality').notNull(),
    documentName: text('document_name'),
    effectiveDate: text('effective_date').notNull(),
    expirationDate: text('expiration_date'),
    number: text('number').notNull(),
    countryOfIssue: text('country_of_issue').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('travel_documents_user').on(t.userId, t.position)],
);

/**
 * A user's loyalty and discount cards (spec 3 "Loyalty/discount card"): the card type is
 * reference data (reference/card-programmes.ts), the number as typed (trimmed), dates as ISO days.
 */
export const userCards = pgTable(
  'user_cards',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardTypeId: text('card_type_id').notNull(),
    cardNumber: text('card_number'),
    effectiveDate: text('effective_date'),
    expirationDate: text('expiration_date'),
    createdAt: createdAt(),
  },
  (t) => [index('user_cards_user').on(t.userId, t.createdAt)],
);

/**
 * A user's saved payment cards: the payment service's token standing for the card, and what
 * may be shown of it. Never the number nor the security code: those go to the payment service only.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    brand: text('brand').$type<CardBrand>().notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holder: text('holder').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_cards_user').on(t.userId, t.createdAt)],
);

/**
 * Our record of a travel's card payment (features/booking/card-payment.ts; its life in
 * domain/payment.ts): written before the payment service is asked anything, and moved on in the
 * transaction of each change it stands for, so no crash leaves money taken without its record or a
 * payment asked twice (every call to the service goes under a key of ours made from this row's id).
 * `request` is what the attempt was asked with (card, amount, travel version): a retry of the same
 * intent resumes the attempt instead of starting another. Card data: the token, brand, last 4 digits,
 * expiry and holder only.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    travelId: uuid('travel_id')
      .notNull()
      .references(() => travels.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<StoredPaymentStatus>().notNull(),
    request: text('request').notNull(),
    token: text('token').notNull(),
    brand: text('brand').$type<CardBrand>().notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holder: text('holder').notNull(),
    /** Paid with a saved card; `saveCard`: a new card to save once the bank accepted it. */
    paymentCardId: uuid('payment_card_id').references(() => paymentCards.id, { onDelete: 'set null' }),
    saveCard: boolean('save_card').notNull().default(false),
    /** Cents: what the booking costs, authorized then captured. */
    amount: integer('amount').notNull(),
    /** The payment service's id of the payment, once it answered. */
    pspId: text('psp_id'),
    authenticationUrl: text('authentication_url'),
    /** Why it ended without being captured: declined, authentication_failed, abandoned, superseded, booking_failed, expired. */
    failure: text('failure'),
    /** Refunds to the card of cancelled products, recorded with each cancellation. */
    refunds: jsonb('refunds').$type<StoredRefund[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_travel').on(t.travelId),
    uniqueIndex('payments_one_open_per_travel').on(t.travelId).where(sql`${t.status} in ('authorizing', 'requires_authentication', 'authorized', 'booking')`),
    uniqueIndex('payments_one_paid_per_travel').on(t.travelId).where(sql`${t.status} in ('capturing', 'captured')`),
  ],
);

/**
 * The sandbox payment service's own state (src/server/payment/sandbox.ts), the "bank" of the demo:
 * card tokens (what a test card does, never its number) and the payments it was asked for. A real
 * payment service keeps this on its side; nothing outside src/server/payment reads these tables.
 */
export const sandboxPayTokens = pgTable('sandbox_pay_tokens', {
  token: text('token').primaryKey(),
  brand: text('brand').$type<CardBrand>().notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  holder: text('holder').notNull(),
  /** What the test card does: pay at once, ask the holder to authenticate, or be declined. */
  behaviour: text('behaviour').$type<'frictionless' | 'challenge' | 'decline'>().notNull(),
  /** The merchant's customer the token was first used for: nobody else may pay with it. */
  customer: text('customer'),
  createdAt: createdAt(),
});

export const sandboxPayPayments = pgTable('sandbox_pay_payments', {
  id: text('id').primaryKey(),
  /** The merchant's key for the authorization: asked again, the same payment answers. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  token: text('token').notNull(),
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  status: text('status').$type<'requires_authentication' | 'authorized' | 'authentication_failed' | 'declined' | 'captured' | 'voided'>().notNull(),
  /** The holder's answer on the challenge page: pending until they approve (with the code) or refuse. */
  authentication: text('authentication').$type<'none' | 'pending' | 'succeeded' | 'failed'>().notNull(),
  challengeId: text('challenge_id').unique(),
  challengeCode: text('challenge_code'),
  challengeAttempts: integer('challenge_attempts').notNull().default(0),
  returnUrl: text('return_url').notNull(),
  capturedAmount: integer('captured_amount').notNull().default(0),
  refunds: jsonb('refunds').$type<{ key: string; id: string; amount: number; at: string }[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
