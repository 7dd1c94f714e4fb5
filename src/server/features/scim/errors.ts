/**
 * SCIM's own error answer (RFC 7644 §3.12): `status` is the HTTP status as a string; `scimType` where
 * the RFC defines one for a 400 or 409 (uniqueness, invalidFilter, invalidValue, mutability…).
 */
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimType = 'uniqueness' | 'invalidFilter' | 'invalidValue' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'mutability' | 'tooMany';

export class ScimError extends Error {
  override name = 'ScimError';
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const errorBody = (status: number, detail: string, scimType?: ScimType) => ({
  schemas: [ERROR_SCHEMA],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

export const invalidValue = (detail: string): never => {
  throw new ScimError(400, detail, 'invalidValue');
};
