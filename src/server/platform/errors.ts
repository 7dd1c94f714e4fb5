import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { z } from 'zod';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_CODES, apiCode, type ApiCode, type ApiCodeKey } from '@contract/api-codes';
import type { ApiErrorBody } from '@contract/envelope';
import type { Lang } from '@contract/account';
import { SupplierError } from '../supplier/types';

/** A failure the caller should see: one api_code of the catalogue, optionally with field problems. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiCode,
    readonly fields?: Record<string, string>,
    readonly detail?: string,
    /** The resource as it is now, for a refusal caused by its state (e.g. a request another approver answered first). */
    readonly current?: Record<string, unknown>,
    /** Where the person goes instead (e.g. their company's single sign-on entry when it refuses a password). */
    readonly redirectURL?: string,
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
    ...(err.redirectURL ? { redirectURL: err.redirectURL } : {}),
  };
}

export const requestLang = (header: string | string[] | undefined): Lang =>
  String(header ?? '')
    .toLowerCase()
    .startsWith('en')
    ? 'en'
    : 'fr';

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
  throw new ApiError(
    apiCode.REQUEST_FORMAT_INVALID,
    fieldProblems(result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))),
  );
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

/** Real bodies nest a few levels; deeper ones only exist to exhaust the stack of whatever walks them. */
export const MAX_JSON_DEPTH = 32;
/** Path and query together; longer URLs are refused with 414 (api_code 122). */
export const MAX_URL_LENGTH = 8 * 1024;

/** Whether a JSON text nests deeper than `limit`, found by one pass over its brackets, before anything parses or walks it. */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export function installInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.raw.url && request.raw.url.length > MAX_URL_LENGTH) throw new ApiError(apiCode.URI_TOO_LONG);
  });
  // Fastify's own JSON parser (prototype-poisoning checks included), behind a depth limit.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new ApiError(apiCode.JSON_TOO_DEEP), undefined);
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (hasUnstorableText(request.params) || hasUnstorableText(request.query) || hasUnstorableText(request.body))
      throw new ApiError(apiCode.REQUEST_FORMAT_INVALID);
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs — a URL that does not
 * decode (`/%`), a path parameter over its length limit — answered with the envelope too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code =
    error.code === 'FST_ERR_BAD_URL'
      ? apiCode.REQUEST_FORMAT_INVALID
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? apiCode.URI_TOO_LONG
        : apiCode.INTERNAL_ERROR;
  const apiError = new ApiError(code);
  return reply.status(apiError.status).send(errorBody(apiError, requestLang(request.headers['accept-language'])));
}

/** A request line that did not end within the URL limit: the URL, not the other headers, overflowed. */
const urlOverflowed = (packet: unknown) => Buffer.isBuffer(packet) && !packet.subarray(0, MAX_URL_LENGTH).includes('\r\n');

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request
 * (headers over the 16 KiB limit, unparsable requests) gets the envelope, in the source language
 * since no header could be read; the connection is then closed.
 */
export function clientErrorHandler(err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    if (socket.writable) socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
    return;
  }
  const code =
    err.code === 'HPE_HEADER_OVERFLOW' ? (urlOverflowed(err.rawPacket) ? apiCode.URI_TOO_LONG : apiCode.HEADERS_TOO_LARGE) : apiCode.REQUEST_FORMAT_INVALID;
  const apiError = new ApiError(code);
  const body = JSON.stringify(errorBody(apiError, 'fr'));
  if (!socket.writable) return void socket.destroy();
  socket.end(
    `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const SUPPLIER_CODES = {
  'invalid-place': 'PLACE_INCORRECT',
  'invalid-request': 'REQUEST_FORMAT_INVALID',
  timeout: 'SUPPLIER_TIMEOUT',
  unavailable: 'SUPPLIER_UNAVAILABLE',
} as const satisfies Record<SupplierError['kind'], ApiCodeKey>;

/**
 * A failure to reach the database (a restart, a fail-over): PostgreSQL's shutdown and "cannot connect
 * now" (class 57P), a connection exception (class 08), a refused or broken connection. The call's
 * transaction, if any, did not commit: the client may try again (503, SERVICE_UNAVAILABLE).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let err = error, depth = 0; err && typeof err === 'object' && depth < 5; err = (err as { cause?: unknown }).cause, depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (/^57P0[123]$/.test(code) || /^08...$/.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET')) return true;
    const message = (err as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable)$/.test(message)
    )
      return true;
  }
  return false;
}

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
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) apiError = new ApiError(apiCode.REQUEST_FORMAT_INVALID);
    else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      apiError = new ApiError(apiCode.SERVICE_UNAVAILABLE);
      void reply.header('retry-after', '2');
    } else {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError(apiCode.INTERNAL_ERROR);
    }
    // A refusal that says how long to wait (a throttled password check) says it in the header too.
    const retryAfter = (apiError as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfter) void reply.header('retry-after', String(retryAfter));
    return reply.status(apiError.status).send(errorBody(apiError, lang));
  });
}
