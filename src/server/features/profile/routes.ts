import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionSchema } from '../../../contract/account';
import { envelope } from '../../../contract/envelope';
import { handicapTypesSchema, profileBodySchema, wheelchairsSchema } from '../../../contract/profile';
import { routePath } from '../../../contract/rels';
import { apiErrors } from '../../openapi';
import { bearerToken, currentUser } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { idempotent } from '../../platform/idempotency';
import { expectedVersion } from '../../platform/if-match';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as profile from './service';

const tags = ['profile'];

/**
 * The editable profile (issue 16): PUT /user/ (rel updateProfile, If-Match: the user's version,
 * Idempotency-Key) and the accessibility reference data. `userView` is the user as GET /user/ shows
 * it, handed over by the app (features/account owns it).
 */
export function profileRoutes(services: Services, userView: profile.UserViewOf) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.put(
      routePath('updateProfile'),
      {
        onRequest: app.requireUser,
        // The body is checked in the service, against today's date (birthdate bound); here its schema documents it.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags,
          summary: 'Save the profile form (identity, contact, accessibility needs, language) on the version the user read (If-Match); answers the caller’s session token and the user. A stale version: 409 (api_code 185) with the user as it is now in `current`',
          operationId: 'updateProfile',
          body: profileBodySchema('9999-12-31'),
          response: { 200: envelope(sessionSchema), ...apiErrors(400, 401, 409, 422) },
        },
      },
      async (request, reply) => {
        const session = request.session ?? fail('AUTHENTICATION_ERROR');
        const version = expectedVersion(request.headers);
        const ctx = { ...contextOf(request, services), session, userView };
        const answer = await idempotent(
          services.db,
          request,
          currentUser(request).id,
          async () => ({ status: 200, body: { result: { token: '', ...(await profile.updateProfile(ctx, request.body, version)) } } }),
          services.config.idempotencyLeaseMs,
        );
        const body = answer.body as { result?: { token: string } };
        // The caller's own token: a replay answers the token of whoever replays it, none is ever stored.
        if (body.result) body.result.token = bearerToken(request) ?? '';
        // The answer is the envelope the schemas above describe (a replay too): sent as such.
        return reply.status(answer.status as 200).send(body as never);
      },
    );

    r.get(
      routePath('handicapTypes'),
      { schema: { tags, summary: 'The kinds of disability the profile offers (name and label in the caller’s language)', operationId: 'handicapTypes', response: { 200: envelope(handicapTypesSchema), ...apiErrors(400, 401) } } },
      async (request) => ({ result: profile.referenceTypes(contextOf(request, services)) }),
    );

    r.get(
      routePath('wheelchairs'),
      {
        schema: {
          tags,
          summary: 'Wheelchair kinds with their typical measures (dimensions width × length × height in cm, weight in kg, wheel thickness in cm), which fill the profile’s measures',
          operationId: 'wheelchairs',
          response: { 200: envelope(wheelchairsSchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({ result: profile.referenceWheelchairs(contextOf(request, services)) }),
    );
  };
}
