import { insertUser } from '@server/db/users';
import { deactivateAccount, reactivateAccount } from '@server/db/user-status';
import { unusablePasswordHash } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { ScimError, invalidValue } from './errors';
import { MAX_RESULTS, USER_SCHEMA, listResponse } from './discovery';
import { parseFilter } from './filter';
import { applyPatch, asBoolean, asEmails, asString, type Draft, type Email } from './patch';
import * as repo from './repository';

/**
 * SCIM 2.0 Users (RFC 7643 §4.1, RFC 7644 §3) of the company whose token the call carries: its
 * identity provider creates, updates and deactivates the company's employees. Other companies' users
 * are unknown here (404). Nobody is ever deleted: DELETE and `active: false` deactivate, as the
 * travel manager's deactivation does (db/user-status.ts), so travels and bookings stay.
 */
export type Scim = { services: Services; company: repo.ScimCompany; base: string };

const notFound = (): never => {
  throw new ScimError(404, 'No such user.');
};

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The user as SCIM shows it: `active` is false once deactivated (an invitation not yet accepted is still active). */
export function userResource(base: string, user: repo.UserRow) {
  const location = `${base}/Users/${user.id}`;
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    ...(user.externalId ? { externalId: user.externalId } : {}),
    userName: user.username,
    name: { givenName: user.firstname, familyName: user.lastname, formatted: `${user.firstname} ${user.lastname}` },
    displayName: `${user.firstname} ${user.lastname}`,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.status !== 'inactive',
    meta: { resourceType: 'User', created: user.createdAt.toISOString(), location },
  };
}

const draftOf = (user: repo.UserRow): Draft => ({
  userName: user.username,
  givenName: user.firstname,
  familyName: user.lastname,
  emails: [{ value: user.email, type: 'work', primary: true }],
  active: user.status !== 'inactive',
  externalId: user.externalId,
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const field = (object: Record<string, unknown>, name: string) => Object.entries(object).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

/** The address kept of a list: the primary one, else the work one, else the first. */
const chosenEmail = (emails: Email[]) => emails.find((e) => e.primary) ?? emails.find((e) => e.type?.toLowerCase() === 'work') ?? emails[0];

/**
 * A User body of POST or PUT (RFC 7643 §4.1) as a draft; what is missing comes from `current` (PUT)
 * or from the other attributes (POST: the e-mail from a userName that is one, the names from
 * displayName or the e-mail). Read-only attributes (id, meta) are ignored, as RFC 7644 §3.5.1 says.
 */
function draftFromBody(body: unknown, current?: Draft): Draft {
  if (!isObject(body)) return invalidValue('The body must be a User object.');
  const schemas = field(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(USER_SCHEMA)) return invalidValue(`schemas must hold ${USER_SCHEMA}.`);
  const userName = asString(field(body, 'userName'), 'userName', 254);
  const rawEmails = field(body, 'emails');
  const emails =
    rawEmails !== undefined && rawEmails !== null
      ? asEmails(rawEmails)
      : (current?.emails ?? (/^[^\s@]+@[^\s@]+$/.test(userName) ? [{ value: userName, type: 'work', primary: true }] : []));
  const email = chosenEmail(emails);
  const name = field(body, 'name');
  if (name !== undefined && name !== null && !isObject(name)) invalidValue('name must be an object.');
  const given = isObject(name) ? field(name, 'givenName') : undefined;
  const family = isObject(name) ? field(name, 'familyName') : undefined;
  const display = field(body, 'displayName');
  const [first, ...rest] = (typeof display === 'string' ? display : '').split(/\s+/).filter(Boolean);
  const active = field(body, 'active');
  const externalId = field(body, 'externalId');
  return {
    userName,
    givenName:
      given !== undefined ? asString(given, 'name.givenName', 100) : (current?.givenName ?? (first || (email?.value.split('@')[0] ?? userName)).slice(0, 100)),
    familyName: family !== undefined ? asString(family, 'name.familyName', 100) : (current?.familyName ?? (rest.join(' ') || '-').slice(0, 100)),
    emails,
    active: active !== undefined && active !== null ? asBoolean(active, 'active') : (current?.active ?? true),
    externalId: externalId === undefined || externalId === null ? null : asString(externalId, 'externalId', 254),
  };
}

/** The draft's values as stored, checked: one e-mail, and nothing another account already has (409 uniqueness). */
async function checked({ services, company }: Scim, draft: Draft, exceptId?: string) {
  const email = chosenEmail(draft.emails)?.value ?? invalidValue('An e-mail address is required (emails).');
  const values = { userName: draft.userName, email, externalId: draft.externalId };
  const taken = await repo.takenBy(services.db, company, values, exceptId);
  if (taken)
    throw new ScimError(
      409,
      `${taken === 'email' ? 'This e-mail address' : taken === 'userName' ? 'This userName' : 'This externalId'} is already taken.`,
      'uniqueness',
    );
  return { username: draft.userName, email, firstname: draft.givenName, lastname: draft.familyName, externalId: draft.externalId };
}

/** Two writes at once, or an account made between the check and the write: the unique index says no. */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};
const uniqueness = (err: unknown): never => {
  if (isUniqueViolation(err)) throw new ScimError(409, 'This userName, e-mail address or externalId is already taken.', 'uniqueness');
  throw err;
};

export async function createUser(scim: Scim, body: unknown) {
  const { services, company, base } = scim;
  const draft = draftFromBody(body);
  const values = await checked(scim, draft);
  const lang = isObject(body) && /^en/i.test(String(field(body, 'preferredLanguage') ?? field(body, 'locale') ?? '')) ? 'en' : 'fr';
  const now = services.clock.now();
  const user = await insertUser(services.db, {
    ...values,
    agencyId: company.agencyId,
    companyId: company.id,
    // Nobody knows it: a provisioned employee signs in through the company's single sign-on.
    passwordHash: await unusablePasswordHash(),
    // Their identity provider manages their name and password (spec 3 §5: those fields are hidden).
    flags: { isPwdChangeDisabled: true, isUsernameChangeDisabled: true },
    lang,
    status: draft.active ? 'active' : 'inactive',
    activatedAt: now,
  }).catch(uniqueness);
  return userResource(base, user);
}

async function find({ services, company }: Scim, id: string) {
  return (isUuid(id) ? await repo.userOfCompany(services.db, company.id, id) : undefined) ?? notFound();
}

export const getUser = async (scim: Scim, id: string) => userResource(scim.base, await find(scim, id));

export async function listUsers(scim: Scim, query: { filter?: unknown; startIndex?: unknown; count?: unknown }) {
  const filter = typeof query.filter === 'string' && query.filter.trim() ? parseFilter(query.filter) : undefined;
  // RFC 7644 §3.4.2.4: below 1 is 1; a negative count is 0; more than the maximum is the maximum.
  const startIndex = Math.max(1, Math.trunc(Number(query.startIndex ?? 1)) || 1);
  const wanted = query.count === undefined ? MAX_RESULTS : Math.trunc(Number(query.count));
  if (Number.isNaN(wanted)) invalidValue('count must be a number.');
  const count = Math.min(MAX_RESULTS, Math.max(0, wanted));
  const { total, rows } = await repo.listUsers(scim.services.db, scim.company.id, filter, startIndex - 1, count);
  return listResponse(
    rows.map((row) => userResource(scim.base, row)),
    total,
    startIndex,
  );
}

/** Stores a draft over the user, then deactivates or reactivates them if `active` changed. */
async function store(scim: Scim, user: repo.UserRow, draft: Draft) {
  const { services, base } = scim;
  const values = await checked(scim, draft, user.id);
  const row = await services.db
    .transaction(async (tx) => {
      let updated = await repo.updateUser(tx, user.id, values);
      if (!draft.active && updated.status !== 'inactive') updated = await deactivateAccount(tx, services.clock, updated.id);
      else if (draft.active && updated.status === 'inactive') updated = await reactivateAccount(tx, updated);
      return updated;
    })
    .catch(uniqueness);
  return userResource(base, row);
}

export async function replaceUser(scim: Scim, id: string, body: unknown) {
  const user = await find(scim, id);
  return store(scim, user, draftFromBody(body, draftOf(user)));
}

export async function patchUser(scim: Scim, id: string, body: unknown) {
  const user = await find(scim, id);
  return store(scim, user, applyPatch(draftOf(user), body));
}

/** DELETE: deactivated, never erased (their travels and bookings stay); again changes nothing. */
export async function deleteUser(scim: Scim, id: string) {
  const user = await find(scim, id);
  if (user.status === 'inactive') return;
  await scim.services.db.transaction((tx) => deactivateAccount(tx, scim.services.clock, user.id));
}
