import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/envelope';
import {
  accountDeletedSchema,
  deleteAccountBodySchema,
  onboardingConfirmBodySchema,
  onboardingConfirmedSchema,
  onboardingDataSchema,
  onboardingDeletedSchema,
  onboardingQuerySchema,
  optionalDataDeletedSchema,
  privacyPolicySchema,
} from '../../../contract/privacy';
import { routePath } from '../../../contract/rels';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { confirmOnboarding, deleteOnboardingData, onboardingData } from './onboarding';
import * as privacy from './service';

const tags = ['privacy'];
/** Bodies are checked by the service (against today's date, and the company's sign-in for the password): here their schemas document them. */
const checkedInService = (route: { httpPart?: string }) =>
  route.httpPart === 'body' ? (value: unknown) => ({ value }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/**
 * Privacy, data deletion and the first-login onboarding (issue 16, spec 3 §7): the privacy policy,
 * DELETE user/optional_data and DELETE user/data (links of the user), and the onboarding calls,
 * which need no session (the e-mailed token is the proof).
 */
export function privacyRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => contextOf(request, services);
    const userCtx = (request: FastifyRequest) => ({ ...ctx(request), user: currentUser(request) });

    r.get(
      routePath('privacyPolicy'),
      {
        schema: {
          tags,
          summary: 'The agency’s privacy policy in the reader’s language (its own text, or the default one), as sanitised HTML',
          operationId: 'privacyPolicy',
          response: { 200: envelope(privacyPolicySchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({ result: await privacy.privacyPolicy(ctx(request)) }),
    );

    r.delete(
      routePath('deleteOptionalData'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Delete the optional data: phone, birthdate, address, subsidy number, birth place, accessibility needs, cards and identity documents',
          operationId: 'deleteOptionalData',
          response: { 200: envelope(optionalDataDeletedSchema), ...apiErrors(400, 401, 409) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => privacy.deleteOptionalData(userCtx(request))),
    );

    r.delete(
      routePath('deleteAccount'),
      {
        onRequest: app.requireUser,
        validatorCompiler: checkedInService,
        schema: {
          tags,
          summary:
            'Delete the account, confirmed by its password: personal data erased, booked travels kept anonymised for the law, every session ended, an e-mail sent. Refused while travels are in progress (409, 190)',
          operationId: 'deleteAccount',
          body: deleteAccountBodySchema,
          response: { 200: envelope(accountDeletedSchema), ...apiErrors(400, 401, 403, 409) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => privacy.deleteAccount(userCtx(request), request.body)),
    );

    r.get(
      '/user/onboarding/data',
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
      '/user/onboarding/data',
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
      '/user/onboarding/confirm',
      {
        validatorCompiler: checkedInService,
        schema: {
          tags,
          summary: 'Complete the onboarding: identity, password (unless the company signs its people in), details when they may be stored; answers a session token',
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
