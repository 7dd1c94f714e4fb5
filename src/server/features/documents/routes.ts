import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentsSchema, updateDocumentsBodySchema } from '../../../contract/documents';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as documents from './service';

const tags = ['documents'];
/** The body is checked by the service (its dates against the server's today, field problems with their message keys): here its schema documents it. */
const checkedInService = (route: { httpPart?: string }) =>
  route.httpPart === 'body' ? (value: unknown) => ({ value }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** The signed-in user's identity documents (issue 16, spec 3 §7 `GET|PUT user/documents`): the user's `documents` link. */
export function documentsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.get(
      routePath('documents'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The user’s identity documents (passport, ID card, driving licence) and the link to change them',
          operationId: 'documents',
          response: { 200: envelope(documentsSchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({ result: await documents.list(ctx(request)) }),
    );

    app.put(
      routePath('updateDocuments'),
      {
        onRequest: app.requireUser,
        validatorCompiler: checkedInService,
        schema: {
          tags,
          summary: 'The user’s identity documents as listed: kept or edited (with a uid), added (without), removed (missing); another user’s uid: 404, 175',
          operationId: 'updateDocuments',
          body: updateDocumentsBodySchema(null),
          response: { 200: envelope(documentsSchema), ...apiErrors(400, 401, 404, 409, 422) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => documents.update(ctx(request), request.body)),
    );
  };
}
