import type { FastifyRequest } from 'fastify';
import { API_BASE } from '@contract/api-base';
import { entries } from '@contract/entries';

/**
 * The browser secret of a single sign-on (features/sso): an HttpOnly cookie made when the sign-in
 * starts, whose sha256 keys the attempt (`sso_logins`) and then the one-time sign-in token the
 * callback issues (`user_tokens.browser_hash`): only the browser that started the sign-in may finish
 * it and open the session (no login CSRF with a token someone else obtained).
 *
 * The cookie lives where it is read, nowhere else: first on `/auth` (the provider's callback), then,
 * once the callback succeeded, on the API's start-up sign-in (`GET /api/v1/sso/`, the web app's
 * same-origin call sends it), for as long as the sign-in token lasts; that call removes it.
 */
export const SSO_COOKIE = 'escale_sso';

/** Where the cookie is sent: to the callback during the attempt, to the start-up sign-in afterwards. */
export const SSO_COOKIE_PATH = { attempt: '/auth', signIn: `${API_BASE}${entries.ssoEntry}`.replace(/\/$/, '') } as const;

/** The browser secret the request carries (the one of the path it was sent to), if any. */
export const ssoBrowserSecret = (request: Pick<FastifyRequest, 'headers'>): string | undefined =>
  (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name, value]) => name === SSO_COOKIE && value)?.[1];

/** The Set-Cookie value: HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), Secure on https; Max-Age 0 removes it. */
export const ssoCookie = (origin: string, path: string, value: string, maxAgeSeconds: number) =>
  `${SSO_COOKIE}=${value}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${origin.startsWith('https:') ? '; Secure' : ''}`;
