/**
 * What the http facade (lib/http.ts, on every first visit) and its client (lib/http-client.ts, loaded
 * with the first call) share: the deployment's identity, the failures and what the user sees of them.
 * lib/http.ts re-exports it all: features import from there.
 */
import type { HttpMethod } from '@contract/link';
import { ACCOUNT_MIGRATED_CODE, SILENT_CODE, WARNING_CODES } from '@contract/toast-codes';
import { i18n } from './i18n';
import { TEXTS } from './messages';
import { openModal } from './modal';
import { navigateTo } from './navigation';
import { clearSession } from './session';
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
  /** Extra request headers (e.g. `If-Match`, or the `Authorization` of another session). */
  headers?: Record<string, string>;
  /**
   * The user intent this call is a try of (lib/intent.ts): the call carries its Idempotency-Key, the
   * same on every try, and may then be retried after a lost answer even when its method is unsafe.
   */
  intent?: string;
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

export function describe(info: Record<string, unknown>): string {
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
export function handleFailure(error: ApiError, options: RequestOptions, carriedToken: boolean) {
  if (error.status >= 500 || error.status === 0 || !error.errorMessage) console.error(error);
  if (options.handleSession !== false) {
    // The client's afterResponse hook has ended the session already.
    if (error.status === 401 && carriedToken) return;
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
