import { generateKeyPair, randomBytes, randomUUID, type JsonWebKey } from 'node:crypto';
import { userById, userByUsername } from '@server/db/users';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import { requestLang } from '@server/platform/errors';
import { publicOrigin } from '@server/platform/request-context';
import { decoyHash, verifyPassword } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { memoryAdapter } from './memory-adapter';
import { failurePage, providerLoginPage, type Page } from './pages';
import * as repo from './repository';

/**
 * Escale's demo OpenID Connect provider (oidc-provider), mounted at /oidc of this server for the
 * demo and the tests: the provider of the companies whose SSO issuer is the path `/oidc` (the demo's
 * Globex Consulting). It signs in that company's own users with their Escale username and password,
 * checked against the users table, and nobody else.
 *
 * Built on its first request, when the server's public origin (PUBLIC_URL, else the listen address)
 * is known: start-up loads neither oidc-provider (and Koa) nor makes its RSA key. Its signing key and
 * cookie keys are new at each start and its state lives in this process (memory-adapter.ts).
 */
export const DEMO_ISSUER_PATH = '/oidc';

const generateRsa = promisify(generateKeyPair);

type Built = {
  provider: Provider;
  callback: ReturnType<Provider['callback']>;
  issuer: URL;
  companyByClient: Map<string, repo.SsoCompany>;
  isSessionNotFound: (err: unknown) => boolean;
};

async function build({ db }: Services, origin: string): Promise<Built> {
  const { default: Provider, errors } = await import('oidc-provider');
  const issuer = new URL(`${origin}${DEMO_ISSUER_PATH}`);
  const companies = await repo.companiesWithIssuer(db, DEMO_ISSUER_PATH);
  const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  const signingKey = { ...(privateKey.export({ format: 'jwk' }) as JsonWebKey), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: companies.map(({ sso }) => ({
      client_id: sso.clientId,
      client_secret: sso.clientSecret,
      redirect_uris: [`${origin}/auth/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    async findAccount(_ctx, id) {
      const user = await userById(db, id);
      if (!user || user.status !== 'active') return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: user.email,
          // What Escale knows: an address proven by its activation or invitation link (or vouched for by the
          // operator's or the company's directory) has an activation date; no other is claimed verified.
          email_verified: user.activatedAt !== null,
          given_name: user.firstname,
          family_name: user.lastname,
          name: `${user.firstname} ${user.lastname}`,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // The ID token carries the claims of its scopes: the relying party needs no userinfo call.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEMO_ISSUER_PATH}/interaction/${interaction.uid}` },
    // The company's own app: no consent screen, it is granted the scopes it asks for.
    async loadExistingGrant(ctx) {
      const { client, session, params } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client!.clientId, accountId: session!.accountId });
      grant.addOIDCScope(String(params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
    // The relying party is this server, which calls from no browser.
    clientBasedCORS: () => false,
    async renderError(ctx: KoaContextWithOIDC) {
      sendPage(ctx, failurePage(requestLang(ctx.get('accept-language')), 'refused'));
    },
  };
  const provider = new Provider(issuer.href, configuration);
  // Its protocol and host come from us (issuerRequest), never from the client.
  provider.proxy = true;
  return {
    provider,
    callback: provider.callback(),
    issuer,
    companyByClient: new Map(companies.map((c) => [c.sso.clientId, c])),
    isSessionNotFound: (err) => err instanceof errors.SessionNotFound,
  };
}

const sendPage = (ctx: KoaContextWithOIDC, page: Page) => {
  ctx.status = page.status;
  ctx.type = 'html';
  ctx.set('content-security-policy', page.csp);
  ctx.body = page.html;
};

/**
 * What the provider reads of the request, set from the issuer: the Host and protocol it builds its
 * addresses with are the configured origin's, not what the client wrote (ARCHITECTURE.md: what a
 * request says about itself is not trusted); the client address is Fastify's (TRUST_PROXY).
 */
function issuerRequest(request: FastifyRequest, issuer: URL): IncomingMessage {
  const raw = request.raw;
  raw.headers.host = issuer.host;
  raw.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
  raw.headers['x-forwarded-for'] = request.ip;
  delete raw.headers['x-forwarded-host'];
  return raw;
}

/** A hijacked reply answers on the raw response: the security headers set so far go with it. */
function hijack(reply: FastifyReply) {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  return reply.raw;
}

const html = (reply: FastifyReply, page: Page) =>
  reply.status(page.status).header('content-security-policy', page.csp).type('text/html; charset=utf-8').send(page.html);

export function demoProviderRoutes(services: Services) {
  let built: Promise<Built> | undefined;
  const provider = (request: FastifyRequest) => {
    built ??= build(services, publicOrigin(request, services)).catch((err: unknown) => {
      built = undefined;
      throw err;
    });
    return built;
  };

  /** The interaction of the browser's cookie; none (expired, another browser) → the failure page. */
  async function interaction(request: FastifyRequest, reply: FastifyReply, { provider, issuer, isSessionNotFound }: Built) {
    try {
      return await provider.interactionDetails(issuerRequest(request, issuer), reply.raw);
    } catch (err) {
      if (isSessionNotFound(err)) return null;
      throw err;
    }
  }

  const lang = (request: FastifyRequest, params: Record<string, unknown>) =>
    String(params.ui_locales ?? '').startsWith('en')
      ? 'en'
      : String(params.ui_locales ?? '').startsWith('fr')
        ? 'fr'
        : requestLang(request.headers['accept-language']);

  return async (app: FastifyInstance) => {
    // The provider's own endpoints (discovery, keys, authorization, token, userinfo) read their own bodies.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        const demo = await provider(request);
        const raw = issuerRequest(request, demo.issuer);
        const res = hijack(reply);
        // Mounted under /oidc: the provider sees its own paths and finds the prefix in originalUrl.
        (raw as IncomingMessage & { originalUrl?: string }).originalUrl = raw.url;
        raw.url = raw.url!.slice(DEMO_ISSUER_PATH.length) || '/';
        demo.callback(raw, res);
      };
      const methods = ['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT', 'PATCH'];
      scope.route({ method: methods, url: DEMO_ISSUER_PATH, schema: { hide: true }, handler });
      scope.route({ method: methods, url: `${DEMO_ISSUER_PATH}/*`, schema: { hide: true }, handler });
    });

    // The sign-in page of an interaction, and its two answers.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      type Uid = { Params: { uid: string } };
      type Form = Uid & { Body: Record<string, string> | undefined };
      const path = `${DEMO_ISSUER_PATH}/interaction/:uid`;

      scope.get<Uid>(path, { schema: { hide: true } }, async (request, reply) => {
        const demo = await provider(request);
        const details = await interaction(request, reply, demo);
        if (!details || details.uid !== request.params.uid) return html(reply, failurePage(requestLang(request.headers['accept-language']), 'expired'));
        const company = demo.companyByClient.get(String(details.params.client_id));
        // Only the login prompt is asked of a person here: the company's app needs no consent (loadExistingGrant).
        if (!company || details.prompt.name !== 'login') return html(reply, failurePage(lang(request, details.params), 'refused'));
        const username = typeof details.params.login_hint === 'string' ? details.params.login_hint.slice(0, 254) : '';
        return html(reply, providerLoginPage(lang(request, details.params), { company: company.name, uid: details.uid, username, failed: false }));
      });

      // A password guesser gets 30 tries a minute per address here, on top of the argon2 cost of each.
      scope.post<Form>(`${path}/login`, { schema: { hide: true }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
        const demo = await provider(request);
        const details = await interaction(request, reply, demo);
        if (!details || details.uid !== request.params.uid) return html(reply, failurePage(requestLang(request.headers['accept-language']), 'expired'));
        const company = demo.companyByClient.get(String(details.params.client_id));
        if (!company) return html(reply, failurePage(lang(request, details.params), 'refused'));
        const username = String(request.body?.username ?? '')
          .trim()
          .slice(0, 254);
        const password = String(request.body?.password ?? '').slice(0, 256);
        const user = username ? await userByUsername(services.db, company.agencyId, username) : undefined;
        // A hash is checked whoever is named, so that the time does not tell which names exist.
        const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await decoyHash(), password).then(() => false);
        if (!ok || !user || user.companyId !== company.id || user.status !== 'active')
          return html(reply, providerLoginPage(lang(request, details.params), { company: company.name, uid: details.uid, username, failed: true }));
        await demo.provider.interactionFinished(request.raw, hijack(reply), { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
      });

      scope.post<Form>(`${path}/abort`, { schema: { hide: true } }, async (request, reply) => {
        const demo = await provider(request);
        const details = await interaction(request, reply, demo);
        if (!details || details.uid !== request.params.uid) return html(reply, failurePage(requestLang(request.headers['accept-language']), 'expired'));
        const result = { error: 'access_denied', error_description: 'The person cancelled the sign-in.' };
        await demo.provider.interactionFinished(request.raw, hijack(reply), result, { mergeWithLastSubmission: false });
      });
    });
  };
}
