import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authStrategySchema,
  forgotBodySchema,
  loginBodySchema,
  messageResultSchema,
  newPasswordBodySchema,
  sessionSchema,
  signupBodySchema,
  signupResultSchema,
  ssoEntryQuerySchema,
  ssoEntrySchema,
  tokenBodySchema,
} from '@contract/account';
import { envelope } from '@contract/envelope';
import { activationResultSchema } from '@contract/privacy';
import { mailingLimit } from '@server/platform/rate-limit';
import { relRoute } from '@server/platform/rel-route';
import { contextOf } from '@server/platform/request-context';
import { SSO_COOKIE_PATH, ssoBrowserSecret, ssoCookie } from '@server/platform/sso-browser';
import type { Services } from '@server/platform/services';
import { apiErrors } from '@server/openapi';
import * as account from './service';
import { entries } from '@contract/entries';

const tags = ['account'];

export function accountRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const on = { app, services, tags };
    const ctx = (request: Parameters<typeof contextOf>[0]) => contextOf(request, services);
    // Calls that create accounts or send e-mail are limited per address (sign-in failures have their own limits).
    const limited = mailingLimit(services.config);

    r.get(
      entries.authStrategy,
      {
        schema: {
          tags,
          summary:
            'How a user signs in: single sign-on (redirectURL: its company’s entry) for a user of a company with a provider, else the password (the same answer for unknown names)',
          operationId: 'getAuthStrategy',
          params: z.object({ username: z.string().min(1).max(254) }),
          response: { 200: envelope(authStrategySchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({ result: await account.authStrategy(ctx(request), request.params.username) }),
    );

    r.post(
      entries.login,
      {
        schema: {
          tags,
          summary:
            'Sign in (password, or a one-time sign-in token); repeated failures from one client wait, then are locked (429, Retry-After); a password is refused (403, api_code 32, redirectURL: its entry) for a user of a company that enforces its single sign-on',
          operationId: 'login',
          body: loginBodySchema,
          response: { 200: envelope(sessionSchema), ...apiErrors(400, 401, 403, 410, 429) },
        },
      },
      async (request) => ({ result: await account.login(ctx(request), request.body) }),
    );

    relRoute(
      on,
      'logout',
      { summary: 'Sign out', session: 'user', errors: [400, 401], once: false /* signing out again changes nothing */ },
      ({ ctx, request }) => account.logout(ctx, request.session!.id),
    );
    relRoute(on, 'self', { summary: 'The signed-in user', session: 'user', errors: [400, 401] }, ({ ctx, request }) =>
      account.userView(services, ctx.user.id, request.session!),
    );

    r.get(
      entries.ssoEntry,
      {
        schema: {
          tags,
          summary:
            'Start-up sign-in of the /sso/<segment> and /sandbox/<segment> entries with their one-time token: the user with a new session token, and the features in force (the sandbox entry hides tabs and the account area). A single sign-on’s token is redeemed only with the HttpOnly cookie of the browser that signed in (sent by the browser itself; without it, or with another, the answer is that of an unknown token)',
          operationId: 'ssoEntry',
          querystring: ssoEntryQuerySchema,
          response: { 200: envelope(ssoEntrySchema), ...apiErrors(400, 401, 403, 404, 410) },
        },
      },
      async (request, reply) => {
        const context = ctx(request);
        const result = await account.startupSignIn(context, request.query.type, request.query.token, ssoBrowserSecret(request));
        // Signed in: the browser's single sign-on secret has served (a refusal leaves it, for its own token).
        reply.header('set-cookie', ssoCookie(context.origin, SSO_COOKIE_PATH.signIn, '', 0));
        return { result };
      },
    );

    r.post(
      entries.signUp,
      // The body is checked in the service, against today's date (birthdate bound) and with the
      // missing-field codes 46–48; here the schema only documents it.
      {
        ...limited,
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags,
          summary:
            'Sign up: e-mails the activation link of a new pending account, or what to do when the e-mail or username is taken (same answer); refused (403, api_code 32, redirectURL) for a user of a company that enforces its single sign-on',
          operationId: 'signUp',
          body: signupBodySchema('9999-12-31'),
          response: { 201: envelope(signupResultSchema), ...apiErrors(400, 401, 403, 429) },
        },
      },
      async (request, reply) => reply.status(201).send({ result: await account.signup(ctx(request), request.body) }),
    );

    r.post(
      entries.activateAccount,
      {
        schema: {
          tags,
          summary: 'Activate an account with its e-mailed token; the answer starts its first-login onboarding',
          operationId: 'activateAccount',
          body: tokenBodySchema,
          response: { 200: envelope(activationResultSchema), ...apiErrors(400, 401, 404, 409, 410) },
        },
      },
      async (request) => ({ result: await account.confirm(ctx(request), request.body.token) }),
    );

    r.post(
      entries.regenerateActivation,
      {
        ...limited,
        schema: {
          tags,
          summary: 'E-mail a new activation link for an unusable one (or a new onboarding link for an expired or used onboarding token)',
          operationId: 'regenerateActivation',
          body: tokenBodySchema,
          response: { 200: envelope(messageResultSchema), ...apiErrors(400, 401, 409, 429) },
        },
      },
      async (request) => ({ result: await account.regenerate(ctx(request), request.body.token) }),
    );

    r.post(
      entries.forgotPassword,
      {
        ...limited,
        schema: {
          tags,
          summary:
            'E-mail a password reset link if the account exists (same answer either way); refused (403, api_code 32, redirectURL: its entry) for a user of a company that enforces its single sign-on',
          operationId: 'forgotPassword',
          body: forgotBodySchema,
          response: { 200: envelope(messageResultSchema), ...apiErrors(400, 401, 403, 429) },
        },
      },
      async (request) => ({ result: await account.forgot(ctx(request), request.body.username) }),
    );

    r.put(
      entries.resetPassword,
      {
        schema: {
          tags,
          summary: 'Set a new password with an e-mailed reset token (refused, 403 api_code 32, once the user’s company enforces its single sign-on)',
          operationId: 'resetPassword',
          body: newPasswordBodySchema,
          response: { 200: envelope(messageResultSchema), ...apiErrors(400, 401, 403, 404, 410) },
        },
      },
      async (request) => ({ result: await account.resetPassword(ctx(request), request.body.token_pwd, request.body.password) }),
    );
  };
}
