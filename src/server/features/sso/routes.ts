import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLang } from '@server/platform/errors';
import { agencyOrigin, publicOrigin } from '@server/platform/request-context';
import { hostDirectory, requestHost } from '@server/platform/tenancy';
import type { Services } from '@server/platform/services';
import { SSO_COOKIE_PATH, ssoBrowserSecret, ssoCookie } from '@server/platform/sso-browser';
import { demoProviderRoutes } from './demo-provider';
import { failurePage } from './pages';
import { relyingParty } from './relying-party';
import { finish, start, SsoFailure, type Entry } from './service';

/**
 * The HttpOnly cookie that ties an attempt to the browser that started it (platform/sso-browser.ts):
 * on /auth during the attempt; after a successful callback on the API's start-up sign-in only, where
 * it must come with the one-time token.
 */
const cookie = (origin: string, value: string, maxAgeSeconds: number) => ssoCookie(origin, SSO_COOKIE_PATH.attempt, value, maxAgeSeconds);

/**
 * Single sign-on, outside the API: the browser comes here by redirects, without the
 * Api-Key header; the company comes from the entry's segment and the attempt, never from the Host.
 * - GET /auth/sso/<segment>[?login_hint=…] and GET /auth/sandbox/<segment>: to the company's provider.
 * - GET /auth/callback: the provider's answer; on success to the app's /sso/<segment>?token=… (or
 *   /sandbox/…), where a one-time token opens the session in this browser only (the cookie moves to
 *   GET /api/v1/sso/); on any failure an error page, no session.
 * - /oidc: the demo provider (demo mode only).
 */
export function ssoRoutes(services: Services) {
  const rp = relyingParty();
  const fail = (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (!(err instanceof SsoFailure)) throw err;
    request.log.warn({ reason: err.reason, err: err.cause }, 'single sign-on failed');
    const page = failurePage(requestLang(request.headers['accept-language']), err.reason);
    return reply
      .status(page.status)
      .header('content-security-policy', page.csp)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page.html);
  };

  // On an agency's own address the attempt starts and ends there (its cookie, its web app); elsewhere at PUBLIC_URL.
  // The Host header is the client's, but only a host the operator registered is ever answered with.
  const registered = hostDirectory(services.db);
  const originOf = async (request: FastifyRequest) => {
    const host = requestHost(request);
    return agencyOrigin(publicOrigin(request, services), (await registered(host)) ? host : null);
  };

  return async (app: FastifyInstance) => {
    type Start = { Params: { segment: string }; Querystring: { login_hint?: unknown } };
    const entry = (kind: Entry) => async (request: FastifyRequest<Start>, reply: FastifyReply) => {
      const origin = await originOf(request);
      const hint = request.query.login_hint;
      try {
        const started = await start(services, rp, origin, {
          segment: request.params.segment,
          entry: kind,
          loginHint: typeof hint === 'string' && hint.length <= 254 ? hint : undefined,
          lang: requestLang(request.headers['accept-language']),
        });
        return reply
          .header('set-cookie', cookie(origin, started.browserSecret, started.maxAgeSeconds))
          .header('cache-control', 'no-store')
          .redirect(started.location, 302);
      } catch (err) {
        return fail(request, reply, err);
      }
    };
    // Each start stores an attempt: 30 a minute per address is plenty for people.
    const limit = { config: { rateLimit: { max: 30, timeWindow: '1 minute', groupId: 'sso-start' } } };
    app.get<Start>('/auth/sso/:segment', { schema: { hide: true }, ...limit }, entry('sso'));
    app.get<Start>('/auth/sandbox/:segment', { schema: { hide: true }, ...limit }, entry('sandbox'));

    app.get('/auth/callback', { schema: { hide: true } }, async (request, reply) => {
      const origin = await originOf(request);
      // Whatever happens, the attempt is over: the cookie leaves /auth.
      reply.header('set-cookie', cookie(origin, '', 0)).header('cache-control', 'no-store');
      const browserSecret = ssoBrowserSecret(request);
      try {
        const location = await finish(services, rp, origin, {
          browserSecret,
          query: request.url.split('?')[1] ?? '',
          lang: requestLang(request.headers['accept-language']),
        });
        // The sign-in token is this browser's: the same secret goes with the web app's start-up sign-in, as long as the token lasts.
        const signIn = ssoCookie(origin, SSO_COOKIE_PATH.signIn, browserSecret!, services.config.tokens.loginMinutes * 60);
        return reply.header('set-cookie', [cookie(origin, '', 0), signIn]).redirect(location, 302);
      } catch (err) {
        return fail(request, reply, err);
      }
    });

    if (!services.config.production) await app.register(demoProviderRoutes(services));
  };
}
