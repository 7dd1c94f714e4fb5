import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenBodySchema } from '@contract/account';
import { entries } from '@contract/entries';
import { envelope } from '@contract/envelope';
import { emailChangedSchema, profileBodySchema } from '@contract/profile';
import { apiErrors } from '@server/openapi';
import { bearerToken } from '@server/platform/auth';
import { isoDate } from '@server/platform/clock';
import { fail } from '@server/platform/errors';
import { idempotent } from '@server/platform/idempotency';
import { expectedVersion } from '@server/platform/if-match';
import { relRoute } from '@server/platform/rel-route';
import { contextOf } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import * as profile from './service';

/**
 * The editable profile: PUT /user/ (rel updateProfile, If-Match: the user's version,
 * Idempotency-Key) and the accessibility reference data. `userView` is the user as GET /user/ shows
 * it, handed over by the app (features/account owns it).
 */
export function profileRoutes(services: Services, userView: profile.UserViewOf) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags: ['profile'] };

    relRoute(
      on,
      'updateProfile',
      {
        summary:
          'Save the profile form (identity, contact, accessibility needs, language) on the version the user read (If-Match); answers the caller’s session token and the user. A stale version: 409 (api_code 185) with the user as it is now in `current`',
        session: 'user',
        errors: [400, 401, 403, 409, 422, 429],
        // The birthdate is bounded by the server's today.
        checkBody: (_body, { clock }) => profileBodySchema(isoDate(clock.now())),
        once: false, // runs `idempotent` itself: its stored answer holds no token
      },
      async ({ ctx, body, request, reply }) => {
        const session = request.session ?? fail('AUTHENTICATION_ERROR');
        const version = expectedVersion(request.headers);
        const answer = await idempotent(
          services.db,
          request,
          ctx.user.id,
          async () => ({ status: 200, body: { result: { token: '', ...(await profile.updateProfile({ ...ctx, session, userView }, body, version)) } } }),
          services.config.idempotencyLeaseMs,
        );
        const sent = answer.body as { result?: { token: string } };
        // The caller's own token: a replay answers the token of whoever replays it, none is ever stored.
        if (sent.result) sent.result.token = bearerToken(request) ?? '';
        // The answer is the envelope the schemas describe (a replay too): sent as such.
        return reply.status(answer.status).send(sent);
      },
    );
    // The link of an e-mail change, sent to the new address: an entry point (no session, like activation).
    app.withTypeProvider<ZodTypeProvider>().post(
      entries.confirmEmailChange,
      {
        schema: {
          tags: ['profile'],
          summary:
            'Confirm an e-mail change with the token e-mailed to the new address: the account’s address becomes it and the former address is told. Used: 410 (103), expired: 410 (102), unknown: 400 (101), the address taken meanwhile: 409 (186)',
          operationId: 'confirmEmailChange',
          body: tokenBodySchema,
          response: { 200: envelope(emailChangedSchema), ...apiErrors(400, 401, 409, 410) },
        },
      },
      async (request) => ({ result: await profile.confirmEmailChange(contextOf(request, services), request.body.token) }),
    );
    relRoute(
      on,
      'handicapTypes',
      { summary: 'The kinds of disability the profile offers (name and label in the caller’s language)', session: 'none', errors: [400, 401] },
      ({ ctx }) => profile.referenceTypes(ctx),
    );
    relRoute(
      on,
      'wheelchairs',
      {
        summary:
          'Wheelchair kinds with their typical measures (dimensions width × length × height in cm, weight in kg, wheel thickness in cm), which fill the profile’s measures',
        session: 'none',
        errors: [400, 401],
      },
      ({ ctx }) => profile.referenceWheelchairs(ctx),
    );
  };
}
