/**
 * The sending of every API call (lib/http.ts `request`, which loads this module with the first call):
 * the one ky instance, its hooks and its retry. Not on the first visit, whose page needs no call.
 */
import ky, { HTTPError, type Options as KyOptions, TimeoutError } from 'ky';
import type { z } from 'zod';
import type { HttpMethod } from '@contract/link';
import { ApiError, CLIENT_ID, ContractError, type RequestOptions, describe, expireSession, getApiKey, handleFailure } from './http-shared';
import { currentLang } from './i18n';
import { intentKey } from './intent';
import { TEXTS } from './messages';
import { useSession } from './session';
import { toast } from './toast';

/** Each try's time limit. */
const TIMEOUT_MS = 30_000;
/** A Retry-After longer than this is not waited for: the failure is shown. */
const MAX_RETRY_AFTER_MS = 5_000;

/** What the hooks read from a call (ky's `context`). */
type CallContext = { intent?: string; handleSession?: boolean; carriedToken?: boolean };

/**
 * Only a call that can be sent twice safely is tried again: an idempotent method, or a change that
 * carries its intent's Idempotency-Key (the server does it once). Anything else (a sign-in, a search
 * POST, an unkeyed change) fails at its first lost answer.
 */
const IDEMPOTENT: readonly HttpMethod[] = ['GET', 'PUT', 'DELETE'];

/** Seconds (or an HTTP date) the server asked to wait; null when it did not say. */
function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isNaN(seconds) ? Date.parse(header) - Date.now() : seconds * 1000;
  return Number.isNaN(ms) ? null : ms;
}

/** The client's retry (ky's `retry`): which failures are tried again, and when. */
const retry: NonNullable<KyOptions['retry']> = {
  limit: 2,
  // Unsafe methods too: a call that may not be retried is sent with `retry: 0` (see `request`).
  methods: ['get', 'put', 'delete', 'head', 'post', 'patch'],
  statusCodes: [429, 503],
  afterStatusCodes: [429, 503],
  retryOnTimeout: true,
  shouldRetry: ({ error }) => {
    // The caller gave up (the screen went away): nothing to retry.
    if (error.name === 'AbortError') return false;
    // A status is retried only when the server said when (Retry-After), and soon enough.
    if (error instanceof HTTPError) {
      const wait = retryAfterMs(error.response);
      return wait !== null && wait <= MAX_RETRY_AFTER_MS ? undefined : false;
    }
    // A try that timed out may have been done: only a keyed change is sent again.
    if (error instanceof TimeoutError) return error.request.headers.has('Idempotency-Key') ? undefined : false;
    return undefined; // the network lost the answer
  },
};

/**
 * The one HTTP client (ARCHITECTURE §2): every API call and every link followed goes through it. Its
 * hooks add what each call carries (the deployment's key, the language, the session, the intent's
 * Idempotency-Key) and end the session on a 401; its retry tries a lost answer twice more (0.3 s,
 * then 0.6 s later), with the same Idempotency-Key, and waits for a 429/503 whose Retry-After is short.
 */
export const client = ky.create({
  timeout: TIMEOUT_MS,
  headers: { 'X-Client': CLIENT_ID, Accept: 'application/json' },
  retry,
  hooks: {
    beforeRequest: [
      (request, options) => {
        const context = options.context as CallContext;
        request.headers.set('Api-Key', getApiKey());
        if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', currentLang());
        // A call made for another session than this tab's (one it is about to drop) names that session itself.
        const token = useSession.getState().token;
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
        // Every try of an intent carries its key: the same one until the server has answered it.
        if (context.intent !== undefined) request.headers.set('Idempotency-Key', intentKey(context.intent));
      },
    ],
    afterResponse: [
      (_request, options, response) => {
        const context = options.context as CallContext;
        // Spec 3 §4: a 401 to a call made in a session ends it (the start-up check asks itself).
        if (response.status === 401 && context.carriedToken && context.handleSession !== false) expireSession();
      },
    ],
  },
});

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

/** Sends a call through the client (lib/http.ts `request`, which loaded this module) and parses `result` with the schema. */
export async function send<S extends z.ZodType>(method: HttpMethod, url: string, schemaReady: Promise<S>, options: RequestOptions): Promise<z.output<S>> {
  // A DELETE carries a body only when given one (DELETE user/data: the password that confirms it).
  const hasBody = method !== 'GET' && options.json !== undefined;
  // The session's rules apply to a call made while signed in (the hook adds its token).
  const carriedToken = Boolean(useSession.getState().token);
  const context: CallContext = { intent: options.intent, handleSession: options.handleSession, carriedToken };
  // ky merges options key by key: one given as undefined would erase the client's (its headers).
  const kyOptions: KyOptions = { method, context };
  if (options.headers) kyOptions.headers = options.headers;
  if (hasBody) kyOptions.json = options.json;
  if (options.signal) kyOptions.signal = options.signal;
  if (!IDEMPOTENT.includes(method) && options.intent === undefined) kyOptions.retry = 0;

  let response: Response;
  try {
    response = await client(new URL(url, window.location.origin), kyOptions);
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    let error: ApiError;
    if (cause instanceof HTTPError) {
      const failed = cause.response;
      const parsed = await parseErrorBody(await failed.json().catch(() => undefined));
      error = new ApiError({
        status: failed.status,
        api_code: parsed ? parsed.api_code : null,
        msg: parsed ? parsed.msg : failed.statusText,
        errorMessage: parsed ? parsed.errorMessage : '',
        fields: parsed?.fields,
        current: parsed?.current,
        redirectURL: parsed?.redirectURL,
        method,
        url,
      });
    } else {
      // No answer: the network, or the time limit.
      error = new ApiError({ status: 0, api_code: null, msg: String(cause), errorMessage: '', method, url });
    }
    handleFailure(error, options, carriedToken);
    throw error;
  }

  const body: unknown = await response.json().catch(() => undefined);
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
