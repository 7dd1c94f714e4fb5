import type { z } from 'zod';
import { API_BASE } from '@contract/api-base';
import type { HttpMethod } from '@contract/link';
import type { RequestOptions } from './http-shared';
import { ApiError, handleFailure } from './http-shared';
import { useSession } from './session';

export {
  ApiError,
  CLIENT_ID,
  ContractError,
  type RequestOptions,
  errorText,
  expireSession,
  getApiKey,
  toastFailure,
} from './http-shared';

/**
 * What an answer is checked with: a schema, or a function that loads one. A schema's module brings zod
 * and the contract with it, which the first screens need not wait for: given as a loader, it loads
 * while the request is on its way.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/** The sending (lib/http-client.ts: ky, its hooks and retry); loaded with the first call, not with the first visit. */
const loadClient = () => import('./http-client');

// A stored session's first call comes right after start-up: the client loads meanwhile.
if (useSession.getState().token) void loadClient().catch(() => undefined);

/** Calls the API at `url` (an href that already starts with /api/v1) and parses `result` with `schema`. */
export async function request<S extends z.ZodType>(
  method: HttpMethod,
  url: string,
  source: SchemaSource<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  // The answer's schema loads while the client does and the request is on its way.
  const schemaReady = typeof source === 'function' ? source() : Promise.resolve(source);
  schemaReady.catch(() => undefined); // awaited by send, unless the call fails first
  let client: Awaited<ReturnType<typeof loadClient>>;
  try {
    client = await loadClient();
  } catch (cause) {
    // Offline, or a stale deployment: no request could leave.
    const error = new ApiError({ status: 0, api_code: null, msg: String(cause), errorMessage: '', method, url });
    handleFailure(error, options, Boolean(useSession.getState().token));
    throw error;
  }
  return client.send(method, url, schemaReady, options);
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
