import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { entries } from '@contract/entries';
import { envelope } from '@contract/envelope';
import {
  onboardingConfirmBodySchema,
  onboardingConfirmedSchema,
  onboardingDataSchema,
  onboardingDeletedSchema,
  onboardingQuerySchema,
} from '@contract/privacy';
import { apiErrors } from '@server/openapi';
import { bodyCheckedInHandler } from '@server/platform/rel-route';
import { contextOf } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { confirmOnboarding, deleteOnboardingData, onboardingData } from './service';

// The onboarding asks for the consent the privacy policy describes: its calls stay under that tag of the API's description.
const tags = ['privacy'];

/**
 * The first-login onboarding (spec 3 §2 "Onboarding routes", §7): step 2's prefill, the refusal
 * and the confirmation. Entry points without a session: the e-mailed token is the proof.
 */
export function onboardingRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => contextOf(request, services);

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
