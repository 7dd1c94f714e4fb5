import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_CODES, type ApiCodeEntry } from '../contract/api-codes';
import { apiErrorSchema } from '../contract/envelope';
import { OPERATION_DESCRIPTIONS } from './openapi-descriptions';

/**
 * The OpenAPI description served at /api/docs, generated from the contract's zod schemas: the
 * entities the contract names (`.meta({ id })`) become components, every operation says who may
 * call it (Api-Key, session) and which api_code failures it answers with.
 */

/** HTTP statuses of the api_code envelope a route documents (and serializes) with `apiErrors`. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 414 | 422 | 429 | 431 | 500 | 503 | 504;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Malformed or refused input: api_code 17 with `fields` (field path → message key), 121 for JSON nested over 32 levels, or a refusal of status 400 from the catalogue.',
  401: 'Not authenticated: missing or unknown `Api-Key` (api_code 7), missing or expired session (59), wrong credentials (29).',
  402: 'The card payment was refused: the bank declined the card (api_code 203) or did not confirm the holder’s authentication (204). Nothing was charged.',
  403: 'Not allowed for this user (e.g. api_code 30, 34 no approval permission, 65, 66 tickets not theirs to answer, 68 approver refused on these tickets, 143 / 144 the company books no hotel / no car rental).',
  404: 'Not found, or not the caller’s (e.g. api_code 38 no travel, 24 no result).',
  409: 'Conflict: `If-Match` names a stale version (api_code 105), the resource no longer offers this action (69), the approval request was already answered, expired or cancelled (67, with the request as it is now in `current`), a call with the same `Idempotency-Key` is still being processed (112: retry in a moment), the hotel room or car is no longer available at the supplier (140, 141: nothing was added), or a card payment is already under way (206) or its authentication was left unfinished (205: nothing was charged).',
  410: 'Gone: the e-mailed link expired (api_code 102) or was already used (103).',
  413: 'Request body too large (api_code 107).',
  414: 'The URL (path and query) is too long, or a path segment is (api_code 122).',
  422: 'The `Idempotency-Key` was already used for another request (api_code 106).',
  431: 'The request’s headers are too large (api_code 123).',
  500: 'An unexpected failure of the server (api_code 108); nothing is said of its cause.',
  429: 'Too many attempts: try again later (api_code 104; an approver is reminded at most once an hour; 120: too many trip, hotel or car searches a minute from one address without a session).',
  503: 'The travel supplier (api_code 111) or the payment service (207) is momentarily unavailable.',
  504: 'The travel supplier did not answer in time (api_code 110).',
};

/**
 * The error answers of a route, for its `response` schema: each status answers the api_code
 * envelope (component `ApiError`). Fastify serializes those answers with it too.
 */
export const apiErrors = <const S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as { [K in S]: typeof apiErrorSchema };

/** Operations on a travel that check `If-Match: <version>` (a stale one answers 409, api_code 105). */
export const VERSIONED_OPERATIONS = [
  'delete',
  'fillAnalytics',
  'patchMissionOrders',
  'fillApprovers',
  'requestApproval',
  'confirm',
  'payByCard',
  'confirmCardPayment',
  'releasePrebooking',
  'confirmExchange',
  'confirmHeldOption',
  'releaseHeldOptions',
  'updateProfile',
];
/** Unsafe operations that accept an `Idempotency-Key`: a retry with the same key and body gets the first answer. */
export const IDEMPOTENT_OPERATIONS = [
  ...VERSIONED_OPERATIONS,
  'addToCart',
  'emptyCart',
  'approve',
  'deny',
  'escalate',
  'cancelApproval',
  'remind',
  'answerOneClick',
  'cancelProduct',
  'completeAgencyTask',
  'closeAgencyTask',
  'bookExchange',
  'subscribeCalendar',
  'revokeCalendar',
  'inviteEmployee',
  'resendInvitation',
  'deactivateUser',
  'reactivateUser',
  'createCompanyGuest',
  'deactivateGuest',
  'reactivateGuest',
  'updateEntities',
  'updateAnalytics',
  'updateApprovers',
  'updateTravelPolicy',
  'deletePaymentCard',
];

/** Failures any operation may answer, whatever it does: documented on every one (413 on those that take a body). */
const ANY_OPERATION_ERRORS = [414, 431, 500] as const;

/** Operations that answer a file instead of the JSON envelope: its media type. */
const FILE_ANSWERS: Record<string, string> = { calendar: 'text/calendar' };

const TAGS = [
  { name: 'agency', description: 'The white-label deployment the `Api-Key` names: its branding.' },
  { name: 'account', description: 'Sign-in, sign-up, activation, password reset and the signed-in user.' },
  { name: 'places', description: 'Stations, airports and cities to search from and to.' },
  { name: 'trip', description: 'Rail and flight search, its pages, fares and the traveller step.' },
  { name: 'hotel', description: 'Hotel search around a place, a hotel’s details and room offers.' },
  { name: 'car-rental', description: 'Car-rental search between a pick-up and a return place.' },
  { name: 'cart', description: 'Adding a trip, a hotel stay or a car rental to a travel in the cart.' },
  { name: 'travels', description: 'The user’s travels: list, read, remove.' },
  { name: 'checkout', description: 'Checkout steps of a travel: analytics, mission orders, approvers.' },
  {
    name: 'booking',
    description: 'Booking a travel: confirm (or hold), pay by card (with the bank’s 3-D Secure authentication), request approval, release a held option.',
  },
  {
    name: 'approvals',
    description: 'Approval requests: the approvers’ inbox and answers, the requester’s cancel and reminder, one-click answers from the e-mail.',
  },
  { name: 'bookings', description: 'The user’s booked tickets: current bookings and archives.' },
  {
    name: 'cancellation',
    description: 'Cancelling booked products: the refund preview, the cancel (online, or through the agency), and the agency’s answers.',
  },
  { name: 'agency-queue', description: 'The agency’s work queue, for its staff: offline cancellations, failed bookings and options whose deadline is near.' },
  { name: 'travelers', description: 'People to book for: colleagues and the user’s guests.' },
  { name: 'exchange', description: 'Rail exchange: a ticket’s sections, the search for another train, the exchange offer and its confirmation.' },
  { name: 'comms', description: 'Messages the agency addresses to pages of the app.' },
  {
    name: 'company-admin',
    description:
      'The travel manager’s company: people (invitations, guests, deactivation), entities, analytics fields, approvers and travel policy; the invitee’s acceptance.',
  },
  { name: 'calendar', description: 'Booked legs for calendars: a travel’s .ics, and the user’s private feed address (webcal) for calendar apps.' },
  {
    name: 'stats',
    description:
      'The dashboard: a period’s booked travels (trips, km, CO2 by mode and its equivalents, time, money) and the trips to come; the company’s for its travel manager.',
  },
  { name: 'profile', description: 'The user’s editable profile (identity, contact, accessibility needs, language) and the accessibility reference data.' },
  { name: 'expert', description: 'Expert mode: up to three flight journeys searched at once, their traveller forms and their addition to the cart.' },
  {
    name: 'agency-admin',
    description:
      'The agency administrator’s console: client companies (products, flags, single sign-on, travel managers), staff, branding, messages and history.',
  },
  { name: 'cards', description: 'The user’s loyalty and discount cards and the rules of their numbers.' },
  {
    name: 'privacy',
    description: 'Personal data: the privacy policy, erasing optional data or the whole account, and the first-login onboarding that collects or refuses it.',
  },
  { name: 'documents', description: 'The user’s identity documents (passport, ID card, driving licence), which flights that need one warn about.' },
  {
    name: 'payment-cards',
    description: 'The user’s saved payment cards (brand, last 4 digits, expiry, holder: never the number), offered when paying a travel by card.',
  },
];

// Their formats are the ones lib/travels (expectedVersion) and lib/idempotency check.
const IF_MATCH = {
  type: 'string',
  pattern: '^\\s*(W/)?"?\\d{1,9}"?\\s*$',
  description: 'The travel’s `version` as last read (`3` or `"3"`): a stale one is refused (409, api_code 105) and nothing changes.',
};
const IDEMPOTENCY_KEY = {
  type: 'string',
  pattern: '^[A-Za-z0-9_.:-]{8,100}$',
  description:
    'One key per user intent, reused by its retries: a retry with the same key and body gets the first answer; the same key with another body is refused (422, api_code 106); while the first call is still being processed, a retry waits for its answer, at most about ten seconds, then gets 409 (api_code 112).',
};

type Json = Record<string, unknown>;
type Schemas = Record<string, Json>;
const SCHEMA_REF = '#/components/schemas/';

/** Every component name a JSON value references. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) found.add(child.slice(SCHEMA_REF.length));
      else refsIn(child, found);
    }
  return found;
}

const renameRefs = <T>(value: T, names: Map<string, string>): T =>
  JSON.parse(JSON.stringify(value), (key, child: unknown) =>
    key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF) && names.has(child.slice(SCHEMA_REF.length))
      ? SCHEMA_REF + names.get(child.slice(SCHEMA_REF.length))
      : child,
  ) as T;

/** Two schemas that say the same, but for the `additionalProperties: false` zod writes on answers (a schema both sent and answered). */
const sameShape = (a: unknown, b: unknown) => {
  const loose = (value: unknown) => JSON.stringify(value, (key, child: unknown) => (key === 'additionalProperties' && child === false ? undefined : child));
  return loose(a) === loose(b);
};

/**
 * A request body is described as accepted: its `$ref` to `X` becomes `XInput` when there is one (the
 * provider refers some bodies, those a route checks at request time, to the answer's form).
 */
function bodiesAsAccepted(doc: Json & { components: { schemas: Schemas }; paths?: Record<string, Record<string, Json>> }) {
  for (const operations of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(operations)) {
      const content = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content ?? {};
      for (const media of Object.values(content)) {
        const ref = media.schema?.$ref;
        if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF) && doc.components.schemas[`${ref.slice(SCHEMA_REF.length)}Input`])
          media.schema!.$ref = `${ref}Input`;
      }
    }
  return doc;
}

/**
 * fastify-type-provider-zod emits every registered schema twice, `X` (as answered) and `XInput` (as
 * accepted). Keep the components the description uses; an `XInput` becomes `X` when `X` itself is
 * unused or says the same (so a body is `CartAddBody`, not `CartAddBodyInput`).
 */
function tidyComponents(doc: Json & { components: { schemas: Schemas } }) {
  const { schemas } = doc.components;
  const used = refsIn({ ...doc, components: { ...doc.components, schemas: {} } });
  for (const queue = [...used]; queue.length > 0; ) for (const name of refsIn(schemas[queue.pop()!])) if (!used.has(name)) queue.push(used.add(name) && name);

  const renames = new Map<string, string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of used) {
      const base = name.replace(/Input$/, '');
      if (base === name || renames.has(name)) continue;
      if (!used.has(base) || sameShape(renameRefs(schemas[name], renames), schemas[base])) {
        renames.set(name, base);
        changed = true;
      }
    }
  }
  const kept: Schemas = {};
  // A body whose answer twin is unused is described as accepted (`XInput`: defaults optional, transformed strings as strings).
  for (const name of [...used].map((n) => renames.get(n) ?? n).sort())
    kept[name] ??= renameRefs((used.has(name) ? schemas[name] : schemas[`${name}Input`]) ?? schemas[name]!, renames);
  return renameRefs({ ...doc, components: { ...doc.components, schemas: kept } }, renames);
}

/** The api_code catalogue as a Markdown table, for the ApiError component. */
const catalogue = () =>
  [
    '| api_code | status | msg |',
    '|---|---|---|',
    ...Object.entries(API_CODES as Record<number, ApiCodeEntry>).map(([code, entry]) => `| ${code} | ${entry.status} | ${entry.key} |`),
  ].join('\n');

type Operation = { responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }> };

function describeResponses(doc: Json & { paths?: Record<string, Record<string, Operation>> }) {
  for (const operations of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(operations))
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description !== 'Default Response') continue;
        const isError = response.content?.['application/json']?.schema?.$ref === `${SCHEMA_REF}ApiError`;
        response.description = isError
          ? (ERROR_DESCRIPTIONS[Number(status) as ErrorStatus] ?? 'Failure: the api_code envelope.')
          : status === '201'
            ? 'Created: the envelope `{ result }`.'
            : 'Success: the envelope `{ result }`.';
      }
}

/** The failures every operation may answer (ANY_OPERATION_ERRORS, and 413 where there is a body), with the envelope. */
function documentAnyOperationErrors(doc: Json & { paths?: Record<string, Record<string, Operation & { requestBody?: unknown }>> }) {
  const envelope = { content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}ApiError` } } } };
  for (const operations of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(operations)) {
      const responses = (operation.responses ??= {});
      for (const status of [...ANY_OPERATION_ERRORS, ...(operation.requestBody ? [413 as const] : [])])
        responses[status] ??= { description: ERROR_DESCRIPTIONS[status], ...envelope };
    }
}

/**
 * A property both required and defaulted says two things: an answer always has it (required), a
 * body may leave it out (default). Bodies are described as accepted (defaulted fields optional), so
 * what remains is an answer's: its default, which only a body's parsing applies, is dropped.
 */
function noDefaultWhereRequired(value: unknown) {
  if (Array.isArray(value)) for (const item of value) noDefaultWhereRequired(item);
  else if (value && typeof value === 'object') {
    const schema = value as { properties?: Record<string, Json>; required?: string[] };
    if (schema.properties && Array.isArray(schema.required))
      for (const name of schema.required) if (schema.properties[name] && 'default' in schema.properties[name]) delete schema.properties[name].default;
    for (const child of Object.values(value)) noDefaultWhereRequired(child);
  }
}

const transformObject = createJsonSchemaTransformObject({});

/** Registers @fastify/swagger (the description, from the routes' zod schemas) and its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Escale API',
        version: '1.0.0',
        // Escale is a private product with no published licence (package.json `private`): all rights reserved.
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Escale-Proprietary' },
        contact: { name: 'Escale' },
        description: [
          'Corporate travel booking API. Every call needs the `Api-Key` header (it names the agency); calls for a signed-in user send `Authorization: Bearer <token>` from `POST /api/v1/user/login`.',
          'Success answers `{ "result": … }`; failures answer an HTTP status and the api_code envelope (`ApiError`).',
          'Resources carry `links: { rel: { href, method } }`, present only when the action is allowed now; each operation that a rel names has that rel as its `operationId`.',
        ].join('\n\n'),
      },
      servers: [{ url: '/', description: 'This server (paths include the /api/v1 base).' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'Api-Key', description: 'The deployment (agency) key.' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The session token from `POST /api/v1/user/login`.' },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input) as { schema: Json & { hide?: boolean; operationId?: string }; url: string };
      if (schema.hide) return { schema, url };
      // Who may call it, from the route's session hook: a session is required, or optional (it says more when signed in).
      const hooks = [input.route.onRequest].flat();
      if (hooks.includes(app.requireUser)) schema.security = [{ apiKey: [], bearer: [] }];
      else if (hooks.includes(app.optionalUser)) schema.security = [{ apiKey: [] }, { apiKey: [], bearer: [] }];
      // Headers the route reads itself (declaring them in the route schema would make Fastify validate and strip the others).
      const headers: Json = {};
      if (schema.operationId && VERSIONED_OPERATIONS.includes(schema.operationId)) headers['if-match'] = IF_MATCH;
      if (schema.operationId && IDEMPOTENT_OPERATIONS.includes(schema.operationId)) headers['idempotency-key'] = IDEMPOTENCY_KEY;
      if (Object.keys(headers).length > 0) schema.headers = { type: 'object', properties: headers };
      const id = schema.operationId ?? '';
      if (!schema.description && OPERATION_DESCRIPTIONS[id]) schema.description = OPERATION_DESCRIPTIONS[id];
      const file = FILE_ANSWERS[id];
      const response = schema.response as Record<string, Json> | undefined;
      if (file && response?.['200']) {
        const { description, ...rest } = response['200'];
        response['200'] = { description: description ?? `The file (${file}).`, content: { [file]: { schema: { ...rest, type: 'string' } } } };
      }
      return { schema, url };
    },
    transformObject: (input) => {
      const doc = tidyComponents(bodiesAsAccepted(transformObject(input) as Json & { components: { schemas: Schemas } }));
      documentAnyOperationErrors(doc);
      describeResponses(doc);
      noDefaultWhereRequired(doc);
      const apiError = doc.components.schemas.ApiError;
      if (apiError) apiError.description = `The failure envelope: an HTTP status plus one api_code of the catalogue.\n\n${catalogue()}`;
      return doc as ReturnType<typeof transformObject>;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
