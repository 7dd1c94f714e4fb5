import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@contract/envelope';
import {
  onboardingConfirmBodySchema,
  onboardingConfirmedSchema,
  onboardingDataSchema,
  onboardingDeletedSchema,
  onboardingQuerySchema,
} from '@contract/privacy';
import { apiErrors } from '@server/openapi';
import { bodyCheckedInHandler, relRoute } from '@server/platform/rel-route';
import { contextOf } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { confirmOnboarding, deleteOnboardingData, onboardingData } from './onboarding';
import * as privacy from './service';
import { entries } from '@contract/entries';

const tags = ['privacy'];

/**
 * Privacy, data deletion and the first-login onboarding (spec 3 §7): the privacy policy,
 * DELETE user/optional_data and DELETE user/data (links of the user), and the onboarding calls,
 * which need no session (the e-mailed token is the proof).
 */
export function privacyRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const on = { app, services, tags };
    const ctx = (request: FastifyRequest) => contextOf(request, services);

    relRoute(
      on,
      'privacyPolicy',
      {
        summary: 'The agency’s privacy policy in the reader’s language (its own text, or the default one), as sanitised HTML',
        session: 'none',
        errors: [400, 401],
      },
      ({ ctx }) => privacy.privacyPolicy(ctx),
    );
    relRoute(
      on,
      'deleteOptionalData',
      {
        summary: 'Delete the optional data: phone, birthdate, address, subsidy number, birth place, accessibility needs, cards and identity documents',
        session: 'user',
        errors: [400, 401, 409],
      },
      ({ ctx }) => privacy.deleteOptionalData(ctx),
    );
    relRoute(
      on,
      'deleteAccount',
      {
        summary:
          'Delete the account, confirmed by its password: personal data erased, booked travels kept anonymised for the law, every session ended, an e-mail sent. Refused while travels are in progress (409, 190)',
        session: 'user',
        errors: [400, 401, 403, 409],
      },
      ({ ctx, body }) => privacy.deleteAccount(ctx, body),
    );

    r.get(
      entries.onboardingData,
      {
        schema: {
          tags,
          summary: 'What the onboarding’s second step is prefilled with (birthdate, phone, gender), for its e-mailed token and username',
          operationId: 'onboardingData',
          querystring: onboardingQuerySchema,
          response: { 200: envelope(onboardingDataSchema), ...apiErrors(400, 401, 410) },
        },
      },
      async (request) => ({ result: await onboardingData(ctx(request), request.query) }),
    );

    r.delete(
      entries.onboardingData,
      {
        schema: {
          tags,
          summary: 'Refuse the account: the data it holds is deleted (an account never used is erased whole); the token is used up',
          operationId: 'deleteOnboardingData',
          querystring: onboardingQuerySchema,
          response: { 200: envelope(onboardingDeletedSchema), ...apiErrors(400, 401, 409, 410) },
        },
      },
      async (request, reply) => {
        const answer = await deleteOnboardingData(ctx(request), request, request.query);
        return reply.status(answer.status as 200).send(answer.body as never);
      },
    );

    r.post(
      entries.onboardingConfirm,
      {
        // Checked by the service, against today's date and the company's sign-in (whether a password is asked).
        validatorCompiler: bodyCheckedInHandler,
        schema: {
          tags,
          summary:
            'Complete the onboarding: identity, password (unless the company signs its people in), details when they may be stored; answers a session token',
          operationId: 'confirmOnboarding',
          body: onboardingConfirmBodySchema('9999-12-31', false),
          response: { 200: envelope(onboardingConfirmedSchema), ...apiErrors(400, 401, 409, 410) },
        },
      },
      async (request, reply) => {
        const answer = await confirmOnboarding(ctx(request), request, request.body);
        return reply.status(answer.status as 200).send(answer.body as never);
      },
    );
  };
}
