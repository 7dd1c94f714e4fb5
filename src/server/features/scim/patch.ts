import { ScimError, invalidValue } from './errors';
import { PATCH_SCHEMA, USER_SCHEMA } from './discovery';

/**
 * A user as SCIM writes it, before it is checked and stored (service.ts). PATCH (RFC 7644 §3.5.2)
 * applies its operations to it one by one; PUT builds it from the body.
 */
export type Email = { value: string; type?: string; primary?: boolean };
export type Draft = {
  userName: string;
  givenName: string;
  familyName: string;
  emails: Email[];
  active: boolean;
  externalId: string | null;
};

type Op = 'add' | 'replace' | 'remove';
type ValueFilter = { attribute: 'type' | 'primary' | 'value'; value: unknown };
type Path = { attribute: string; filter?: ValueFilter; sub?: string };

/** More operations than an identity provider sends in one request. */
const MAX_OPERATIONS = 100;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Attribute names are case-insensitive (RFC 7643 §2.1): the object's key for `name`, whatever its case. */
const field = (object: Record<string, unknown>, name: string) => Object.entries(object).find(([key]) => key.toLowerCase() === name)?.[1];

export const asString = (value: unknown, what: string, max: number): string => {
  if (typeof value !== 'string' || !value.trim() || value.length > max) return invalidValue(`${what} must be a non-empty string of at most ${max} characters.`);
  return value.trim();
};

/** Booleans, also as the strings "True"/"False" some identity providers send (Azure AD). */
export const asBoolean = (value: unknown, what: string): boolean => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return invalidValue(`${what} must be a boolean.`);
};

/** An e-mail of a request: `{ value, type?, primary? }` with a plausible address. */
export function asEmail(value: unknown): Email {
  if (!isObject(value)) return invalidValue('Each of emails must be an object with a value.');
  const address = asString(field(value, 'value'), 'emails.value', 254);
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) invalidValue(`“${address}” is not an e-mail address.`);
  const type = field(value, 'type');
  const primary = field(value, 'primary');
  return {
    value: address,
    ...(typeof type === 'string' ? { type: type.slice(0, 32) } : {}),
    ...(primary !== undefined ? { primary: asBoolean(primary, 'emails.primary') } : {}),
  };
}

export const asEmails = (value: unknown): Email[] => (Array.isArray(value) ? value : [value]).map(asEmail);

const PATH = /^([A-Za-z][\w-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w-]*))?$/;
const VALUE_FILTER = /^\s*(type|primary|value)\s+eq\s+(.+?)\s*$/i;

/** `attr`, `attr.sub`, `emails[type eq "work"]`, `emails[type eq "work"].value`, with or without the User schema's URN. */
function parsePath(raw: string): Path | null {
  let path = raw.trim();
  if (path.toLowerCase().startsWith(`${USER_SCHEMA.toLowerCase()}:`)) path = path.slice(USER_SCHEMA.length + 1);
  // Another schema's attribute (e.g. the enterprise extension's department): not kept here.
  else if (path.toLowerCase().startsWith('urn:')) return null;
  const match = PATH.exec(path);
  if (!match) throw new ScimError(400, `The path “${raw}” is not one this server understands.`, 'invalidPath');
  let filter: ValueFilter | undefined;
  if (match[2]) {
    const f = VALUE_FILTER.exec(match[2]);
    let value: unknown;
    try {
      value = f ? JSON.parse(f[2]!) : undefined;
    } catch {
      value = undefined;
    }
    if (!f || value === undefined) throw new ScimError(400, `The filter of the path “${raw}” is not supported.`, 'invalidPath');
    filter = { attribute: f[1]!.toLowerCase() as ValueFilter['attribute'], value };
  }
  return { attribute: match[1]!.toLowerCase(), filter, sub: match[3]?.toLowerCase() };
}

const matches = (email: Email, filter: ValueFilter) =>
  filter.attribute === 'primary'
    ? (email.primary ?? false) === filter.value
    : typeof filter.value === 'string' && (email[filter.attribute] ?? '').toLowerCase() === filter.value.toLowerCase();

function applyEmails(draft: Draft, op: Op, path: Path, value: unknown): Draft {
  const { filter, sub } = path;
  if (!filter && !sub) {
    if (op === 'remove') return { ...draft, emails: [] };
    const added = asEmails(value);
    if (op === 'replace') return { ...draft, emails: added };
    const unprimed = added.some((e) => e.primary) ? draft.emails.map((e) => ({ ...e, primary: false })) : draft.emails;
    const kept = unprimed.filter((e) => !added.some((a) => a.value.toLowerCase() === e.value.toLowerCase()));
    return { ...draft, emails: [...kept, ...added] };
  }
  if (sub && sub !== 'value' && sub !== 'type' && sub !== 'primary') return draft;
  const targets = filter ? draft.emails.map((e) => matches(e, filter)) : draft.emails.map((e, i) => (e.primary ?? false) || i === 0);
  if (op === 'remove') {
    if (sub) return invalidValue(`${sub} of an e-mail cannot be removed.`);
    return { ...draft, emails: draft.emails.filter((_, i) => !targets[i]) };
  }
  const change = (email: Email): Email =>
    sub === 'value'
      ? { ...email, value: asEmail({ value }).value }
      : sub === 'type'
        ? { ...email, type: asString(value, 'emails.type', 32) }
        : sub === 'primary'
          ? { ...email, primary: asBoolean(value, 'emails.primary') }
          : { ...email, ...asEmail(value) };
  if (targets.some(Boolean)) return { ...draft, emails: draft.emails.map((e, i) => (targets[i] ? change(e) : e)) };
  // No e-mail of that type yet: `emails[type eq "work"].value` adds one (what Azure AD and Okta expect).
  if (filter?.attribute === 'type' && typeof filter.value === 'string' && (sub === 'value' || !sub)) {
    const created = change({ value: '', type: filter.value });
    return { ...draft, emails: [...draft.emails, created] };
  }
  if (!filter && sub === 'value') return { ...draft, emails: [change({ value: '' })] };
  throw new ScimError(400, 'No e-mail matches the path’s filter.', 'noTarget');
}

function applyName(draft: Draft, op: Op, sub: string | undefined, value: unknown): Draft {
  if (op === 'remove') return invalidValue('The name is required: it can be replaced, not removed.');
  if (sub === 'givenname') return { ...draft, givenName: asString(value, 'name.givenName', 100) };
  if (sub === 'familyname') return { ...draft, familyName: asString(value, 'name.familyName', 100) };
  if (sub) return draft; // formatted, middleName, honorificPrefix…: not kept
  if (!isObject(value)) return invalidValue('name must be an object.');
  const given = field(value, 'givenname');
  const family = field(value, 'familyname');
  return {
    ...draft,
    ...(given !== undefined ? { givenName: asString(given, 'name.givenName', 100) } : {}),
    ...(family !== undefined ? { familyName: asString(family, 'name.familyName', 100) } : {}),
  };
}

/** One operation at one path; attributes this server does not keep (title, phoneNumbers…) are ignored. */
function applyAt(draft: Draft, op: Op, rawPath: string, value: unknown): Draft {
  const path = parsePath(rawPath);
  if (!path) return draft;
  switch (path.attribute) {
    case 'id':
    case 'meta':
    case 'schemas':
      throw new ScimError(400, `${rawPath} is read-only.`, 'mutability');
    case 'username':
      if (op === 'remove') return invalidValue('userName is required: it can be replaced, not removed.');
      return { ...draft, userName: asString(value, 'userName', 254) };
    case 'externalid':
      if (op === 'remove' || value === null) return { ...draft, externalId: null };
      return { ...draft, externalId: asString(value, 'externalId', 254) };
    case 'active':
      if (op === 'remove') return invalidValue('active can be replaced, not removed.');
      return { ...draft, active: asBoolean(value, 'active') };
    case 'name':
      return applyName(draft, op, path.sub, value);
    case 'emails':
      return applyEmails(draft, op, path, value);
    default:
      return draft;
  }
}

/** The PatchOp body's operations applied in order (RFC 7644 §3.5.2): all or nothing, the caller stores the result. */
export function applyPatch(draft: Draft, body: unknown): Draft {
  if (!isObject(body)) return invalidValue('The body must be a PatchOp object.');
  const schemas = field(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA)) return invalidValue(`schemas must hold ${PATCH_SCHEMA}.`);
  const operations = field(body, 'operations');
  if (!Array.isArray(operations) || operations.length === 0) return invalidValue('Operations must list at least one operation.');
  if (operations.length > MAX_OPERATIONS) throw new ScimError(400, `At most ${MAX_OPERATIONS} operations per request.`, 'tooMany');
  let result = draft;
  for (const operation of operations) {
    if (!isObject(operation)) return invalidValue('Each operation must be an object.');
    const op = String(field(operation, 'op') ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      return invalidValue(`Unknown operation “${String(field(operation, 'op'))}”: add, replace or remove.`);
    const path = field(operation, 'path');
    const value = field(operation, 'value');
    if (path !== undefined && typeof path !== 'string') return invalidValue('path must be a string.');
    if (path) {
      result = applyAt(result, op, path, value);
      continue;
    }
    if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
    if (!isObject(value)) return invalidValue('Without a path, value must be an object of attributes.');
    // Each attribute of the value, as if it were the path (`{"name.givenName": …}` included).
    for (const [key, v] of Object.entries(value)) {
      if (key.toLowerCase() === USER_SCHEMA.toLowerCase() && isObject(v)) for (const [k, inner] of Object.entries(v)) result = applyAt(result, op, k, inner);
      else result = applyAt(result, op, key, v);
    }
  }
  return result;
}
