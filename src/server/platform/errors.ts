import type { z } from 'zod';
import type { FastifyError, FastifyInstance } from 'fastify';
import { API_CODES, apiCode, type ApiCode, type ApiCodeKey } from '../../contract/api-codes';
import type { ApiErrorBody } from '../../contract/envelope';
import type { Lang } from '../../contract/account';
import { SupplierError } from '../supplier/types';

/** A failure the caller should see: one api_code of the catalogue, optionally with field problems. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiCode,
    readonly fields?: Record<string, string>,
    readonly detail?: string,
    /** The resource as it is now, for a refusal caused by its state (e.g. a request another approver answered first). */
    readonly current?: Record<string, unknown>,
  ) {
    super(API_CODES[code].key);
  }
  get status(): number {
    return API_CODES[this.code].status;
  }
}

export const fail = (key: ApiCodeKey, fields?: Record<string, string>, detail?: string): never => {
  throw new ApiError(apiCode[key], fields, detail);
};

export function errorBody(err: ApiError, lang: Lang): ApiErrorBody {
  const entry = API_CODES[err.code];
  return {
    api_code: err.code,
    msg: entry.key,
    errorMessage: err.detail ?? entry[lang],
    ...(err.fields ? { fields: err.fields } : {}),
    ...(err.current ? { current: err.current } : {}),
  };
}

export const requestLang = (header: string | string[] | undefined): Lang =>
  String(header ?? '').toLowerCase().startsWith('en') ? 'en' : 'fr';

type ValidationIssue = { instancePath?: string; message?: string };

/** Field path → message key: our schemas' messages are keys; zod's own wording becomes FORMAT_INVALID. */
export function fieldProblems(issues: { path: string; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path || '_'] ??= /^[A-Z_]+$/.test(issue.message) ? issue.message : 'FORMAT_INVALID';
  return fields;
}

/** Parses with a schema built at request time (e.g. bounded by today's date); a failure is a 17 with fields. */
export function parseWith<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ApiError(apiCode.REQUEST_FORMAT_INVALID, fieldProblems(result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))));
}

/** PostgreSQL text cannot hold NUL, and lone surrogates are not text: both are refused up front. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const hasUnstorableText = (value: unknown): boolean =>
  typeof value === 'string'
    ? UNSTORABLE.test(value)
    : Array.isArray(value)
      ? value.some(hasUnstorableText)
      : typeof value === 'object' && value !== null && Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorableText(v));

export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasUnstorableText(request.params) || hasUnstorableText(request.query) || hasUnstorableText(request.body))
      throw new ApiError(apiCode.REQUEST_FORMAT_INVALID);
  });
}

const SUPPLIER_CODES = {
  'invalid-place': 'PLACE_INCORRECT',
  'invalid-request': 'REQUEST_FORMAT_INVALID',
  timeout: 'SUPPLIER_TIMEOUT',
  unavailable: 'SUPPLIER_UNAVAILABLE',
} as const satisfies Record<SupplierError['kind'], ApiCodeKey>;

/** Maps every failure to the envelope: our ApiErrors as they are, Fastify's own (bad JSON, body too large, schema) to 17/107, anything else to 108 without internals. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validation?: unknown[] }, request, reply) => {
    const lang = requestLang(request.headers['accept-language']);
    let apiError: ApiError;
    if (error instanceof ApiError) apiError = error;
    else if (error instanceof SupplierError) apiError = new ApiError(apiCode[SUPPLIER_CODES[error.kind]], undefined);
    else if (error.validation) {
      const issues = (error.validation as ValidationIssue[]).map((i) => ({
        path: (i.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
        message: i.message ?? '',
      }));
      apiError = new ApiError(apiCode.REQUEST_FORMAT_INVALID, fieldProblems(issues));
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') apiError = new ApiError(apiCode.PAYLOAD_TOO_LARGE);
    else if (error.statusCode === 429) apiError = new ApiError(apiCode.TOO_MANY_ATTEMPTS);
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      apiError = new ApiError(apiCode.REQUEST_FORMAT_INVALID);
    else {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError(apiCode.INTERNAL_ERROR);
    }
    return reply.status(apiError.status).send(errorBody(apiError, lang));
  });
}
