/**
 * What the service provider tells an identity provider about itself (RFC 7643 §5–7, RFC 7644 §4):
 * Users only, PATCH yes, bulk, sorting, ETags and password changes no, filters on userName,
 * emails.value and externalId (`eq`), bearer tokens.
 */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** A page holds at most this many users. */
export const MAX_RESULTS = 200;

export const serviceProviderConfig = (base: string) => ({
  schemas: [SPC_SCHEMA],
  documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'OAuth Bearer Token',
      description:
        'The company’s SCIM token, issued by the operator tool (npm run admin -- scim token issue <company>), sent as Authorization: Bearer <token>.',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'default' | 'never' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: Attribute[];
};

const attribute = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

/** The User attributes this server keeps (the others an identity provider sends are ignored). */
const userSchema = (base: string) => ({
  schemas: [SCHEMA_SCHEMA],
  id: USER_SCHEMA,
  name: 'User',
  description: 'An employee of the company the token belongs to.',
  attributes: [
    attribute('userName', 'The name they are known by in Escale; unique across the agency.', { required: true, uniqueness: 'server' }),
    attribute('name', 'Their name.', {
      type: 'complex',
      subAttributes: [
        attribute('givenName', 'First name.'),
        attribute('familyName', 'Last name.'),
        attribute('formatted', 'The full name, as shown.', { mutability: 'readOnly' }),
      ],
    }),
    attribute('displayName', 'The full name, as shown.', { mutability: 'readOnly' }),
    attribute('emails', 'Their e-mail address (one is kept: the primary one, else the work one, else the first).', {
      type: 'complex',
      multiValued: true,
      required: true,
      subAttributes: [
        attribute('value', 'The address.'),
        attribute('type', 'work, home or other.'),
        attribute('primary', 'Whether it is the address kept.', { type: 'boolean' }),
      ],
    }),
    attribute('active', 'false: deactivated (no sign-in, sessions ended, in no approver list).', { type: 'boolean' }),
  ],
  meta: { resourceType: 'Schema', location: `${base}/Schemas/${USER_SCHEMA}` },
});

export const schemas = (base: string) => [userSchema(base)];

const userResourceType = (base: string) => ({
  schemas: [RESOURCE_TYPE_SCHEMA],
  id: 'User',
  name: 'User',
  endpoint: '/Users',
  description: 'The company’s employees.',
  schema: USER_SCHEMA,
  schemaExtensions: [],
  meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
});

export const resourceTypes = (base: string) => [userResourceType(base)];

export const listResponse = <T>(resources: T[], totalResults: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults,
  itemsPerPage: resources.length,
  startIndex,
  Resources: resources,
});
