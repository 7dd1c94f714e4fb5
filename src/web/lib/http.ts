import type { z } from 'zod';
import { API_BASE } from '@contract/api-base';
import type { HttpMethod } from '@contract/link';
import { ACCOUNT_MIGRATED_CODE, SILENT_CODE, WARNING_CODES } from '@contract/toast-codes';
import { currentLang, i18n } from './i18n';
import { TEXTS } from './messages';
import { openModal } from './modal';
import { navigateTo } from './navigation';
import { clearSession, useSession } from './session';
import { ERROR_TOAST_MS, SESSION_TOAST_MS, toast } from './toast';

export const CLIENT_ID = 'escale-web/0.1';
const DEV_API_KEY = 'demo-agency-key';

/** A failed call: the HTTP status (0 when the network failed) and the catalogue's fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly api_code: number | null;
  readonly msg: string;
  readonly errorMessage: string;
  readonly fields: Record<string, string> | undefined;
  /** The resource as it is now, when its state refused the call (e.g. 409 on an answered approval request). */
  readonly current: Record<string, unknown> | undefined;
  /** Where to go instead (the company's single sign-on entry when it refuses a password: api_code 32). */
  readonly redirectURL: string | undefined;
  readonly method: HttpMethod;
  readonly url: string;

  constructor(init: {
    status: number;
    api_code: number | null;
    msg: string;
    errorMessage: string;
    fields?: Record<string, string>;
    current?: Record<string, unknown>;
    redirectURL?: string;
    method: HttpMethod;
    url: string;
  }) {
    super(init.msg || `HTTP ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.api_code = init.api_code;
    this.msg = init.msg;
    this.errorMessage = init.errorMessage;
    this.fields = init.fields;
    this.current = init.current;
    this.redirectURL = init.redirectURL;
    this.method = init.method;
    this.url = init.url;
  }
}

/** The server and the app disagree on the contract (unexpected body, wrong link method): a bug. */
export class ContractError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ContractError';
  }
}

export type RequestOptions = {
  /** JSON body (ignored for GET). */
  json?: unknown;
  /** The caller shows the failure itself: no toast. */
  silent?: boolean;
  /** Apply the session rules (401 with a token, 422/60). Only the start-up check turns them off. */
  handleSession?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
};

let apiKey: string | undefined;
/** The deployment's key: index.html's meta, filled by the server; the dev server leaves `%…%`. */
export function getApiKey(): string {
  if (apiKey === undefined) {
    const content = document.querySelector<HTMLMetaElement>('meta[name="escale-api-key"]')?.content ?? '';
    apiKey = content && !content.startsWith('%') ? content : DEV_API_KEY;
  }
  return apiKey;
}

const TIMEOUT_MS = 30_000;

/**
 * What an answer is checked with: a schema, or a function that loads one. A schema's module brings zod
 * and the contract with it, which the first screens need not wait for: given as a loader, it loads
 * while the request is on its way.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/** The failure body, parsed with the contract's schema (loaded with the first failed call); null if it does not match or cannot load. */
async function parseErrorBody(body: unknown) {
  try {
    const { apiErrorSchema } = await import('@contract/envelope');
    const parsed = apiErrorSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // offline, stale deployment: the status is all there is
  }
}

/** The request's signal: the caller's, if any, and the 30 s timeout. */
function requestSignal(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  if (!signal) return timeout;
  if ('any' in AbortSignal) return AbortSignal.any([signal, timeout]);
  // Safari before 17.4.
  const both = new AbortController();
  for (const one of [signal, timeout]) {
    if (one.aborted) both.abort(one.reason);
    else one.addEventListener('abort', () => both.abort(one.reason), { once: true });
  }
  return both.signal;
}

/** Calls the API at `url` (an href that already starts with /api/v1) and parses `result` with `schema`. */
export async function request<S extends z.ZodType>(
  method: HttpMethod,
  url: string,
  source: SchemaSource<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const schemaReady = typeof source === 'function' ? source() : Promise.resolve(source);
  schemaReady.catch(() => undefined); // awaited below, unless the call fails first
  const token = useSession.getState().token;
  const headers: Record<string, string> = {
    'Api-Key': getApiKey(),
    'Accept-Language': currentLang(),
    'X-Client': CLIENT_ID,
    Accept: 'application/json',
    ...options.headers,
  };
  // A call made for another session than this tab's (one it is about to drop) names that session itself.
  if (token && !options.headers?.Authorization) headers.Authorization = `Bearer ${token}`;
  // A DELETE carries a body only when given one (DELETE user/data: the password that confirms it).
  const hasBody = method !== 'GET' && options.json !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(new URL(url, window.location.origin), {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.json) : undefined,
      signal: requestSignal(options.signal),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const error = new ApiError({ status: 0, api_code: null, msg: String(cause), errorMessage: '', method, url });
    handleFailure(error, options, Boolean(token));
    throw error;
  }

  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = await parseErrorBody(body);
    const error = new ApiError({
      status: response.status,
      api_code: parsed ? parsed.api_code : null,
      msg: parsed ? parsed.msg : response.statusText,
      errorMessage: parsed ? parsed.errorMessage : '',
      fields: parsed?.fields,
      current: parsed?.current,
      redirectURL: parsed?.redirectURL,
      method,
      url,
    });
    handleFailure(error, options, Boolean(token));
    throw error;
  }

  const schema = await schemaReady;
  const result = schema.safeParse((body as { result?: unknown } | undefined)?.result);
  if (!result.success) {
    const error = new ContractError(`Unexpected answer from ${method} ${url}`, result.error.issues);
    console.error(error, result.error.issues);
    if (!options.silent) toast.error(TEXTS.ERROR_GENERIC, { copy: describe({ method, url, problem: error.message }) });
    throw error;
  }
  return result.data;
}

/** `/api/v1` + path, for the calls that do not come from a server-written link. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: SchemaSource<S>, options?: RequestOptions) => request('GET', API_BASE + path, schema, options),
  post: <S extends z.ZodType>(path: string, json: unknown, schema: SchemaSource<S>, options?: RequestOptions) =>
    request('POST', API_BASE + path, schema, { ...options, json }),
  put: <S extends z.ZodType>(path: string, json: unknown, schema: SchemaSource<S>, options?: RequestOptions) =>
    request('PUT', API_BASE + path, schema, { ...options, json }),
  delete: <S extends z.ZodType>(path: string, schema: SchemaSource<S>, options?: RequestOptions) => request('DELETE', API_BASE + path, schema, options),
};

function describe(info: Record<string, unknown>): string {
  return JSON.stringify({ ...info, date: new Date().toISOString(), page: window.location.pathname, client: CLIENT_ID }, null, 2);
}

/** The user-facing text of a failure: the server's errorMessage, else the generic message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.errorMessage) return error.errorMessage;
  return i18n._(TEXTS.ERROR_GENERIC);
}

/** Session expired (spec 3 §4): forget it, go home and say so for 5 s. */
export function expireSession() {
  clearSession();
  navigateTo('/');
  toast.warning(TEXTS.SESSION_EXPIRED, { duration: SESSION_TOAST_MS });
}

/** Spec 3 §8: what the user sees when a call fails. */
function handleFailure(error: ApiError, options: RequestOptions, carriedToken: boolean) {
  if (error.status >= 500 || error.status === 0 || !error.errorMessage) console.error(error);
  if (options.handleSession !== false) {
    if (error.status === 401 && carriedToken) {
      expireSession();
      return;
    }
    if (error.status === 422 && error.api_code === ACCOUNT_MIGRATED_CODE) {
      clearSession();
      navigateTo('/');
      openModal('AccountMigrationError');
      return;
    }
  }
  if (!options.silent) toastFailure(error);
}

/**
 * The one error → toast rule (spec 3 §8): the catalogue's warning codes as warnings, code 78 not at
 * all, anything else as an error whose details a click copies. Calls that are `silent` because their
 * screen shows field errors use it for the failures that are not about a field.
 */
export function toastFailure(error: unknown) {
  if (!(error instanceof ApiError)) {
    toast.error(TEXTS.ERROR_GENERIC, { duration: ERROR_TOAST_MS });
    return;
  }
  if (error.api_code === SILENT_CODE) return;
  const text = error.errorMessage || TEXTS.ERROR_GENERIC;
  if (error.api_code !== null && WARNING_CODES.includes(error.api_code)) {
    toast.warning(text, { duration: ERROR_TOAST_MS });
    return;
  }
  toast.error(text, {
    duration: ERROR_TOAST_MS,
    copy: describe({
      method: error.method,
      url: error.url,
      status: error.status,
      api_code: error.api_code,
      msg: error.msg,
      errorMessage: error.errorMessage,
    }),
  });
}
