import { ScimError } from './errors';
import { USER_SCHEMA } from './discovery';

/** The filters an identity provider looks a user up with before creating them (RFC 7644 §3.4.2.2), `eq` only. */
export type UserFilter = { attribute: 'userName' | 'email' | 'externalId'; value: string };

const ATTRIBUTES: Record<string, UserFilter['attribute']> = {
  username: 'userName',
  'emails.value': 'email',
  emails: 'email',
  externalid: 'externalId',
};

// attribute, `eq` (operators are case-insensitive), then a JSON string.
const EQ = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i;

const invalidFilter = (detail: string): never => {
  throw new ScimError(400, detail, 'invalidFilter');
};

export function parseFilter(filter: string): UserFilter {
  const match = EQ.exec(filter);
  if (!match) return invalidFilter('Only filters of the form `userName eq "…"`, `emails.value eq "…"` or `externalId eq "…"` are supported.');
  // Attribute names are case-insensitive and may carry the schema's URN (RFC 7644 §3.10).
  let name = match[1]!.toLowerCase();
  if (name.startsWith(`${USER_SCHEMA.toLowerCase()}:`)) name = name.slice(USER_SCHEMA.length + 1);
  const attribute = ATTRIBUTES[name] ?? invalidFilter(`Filtering on “${match[1]}” is not supported: use userName, emails.value or externalId.`);
  let value: unknown;
  try {
    value = JSON.parse(match[2]!);
  } catch {
    return invalidFilter('The filter’s value is not a valid string.');
  }
  if (typeof value !== 'string' || value.length > 254) return invalidFilter('The filter’s value is not a valid string.');
  return { attribute, value };
}
