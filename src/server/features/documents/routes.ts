import type { FastifyInstance } from 'fastify';
import { COUNTRIES } from '@contract/countries';
import { updateDocumentsBodySchema } from '@contract/documents';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import * as documents from './service';

/** The countries are checked against the known codes, which the rel table leaves out to stay small; the dates by the service, where they changed. */
const documentsBody = updateDocumentsBodySchema(null, COUNTRIES);

/** The signed-in user's identity documents (spec 3 §7 `GET|PUT user/documents`): the user's `documents` link. */
export function documentsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags: ['documents'] };

    relRoute(
      on,
      'documents',
      { summary: 'The user’s identity documents (passport, ID card, driving licence) and the link to change them', session: 'user', errors: [400, 401] },
      ({ ctx }) => documents.list(ctx),
    );
    relRoute(
      on,
      'updateDocuments',
      {
        summary: 'The user’s identity documents as listed: kept or edited (with a uid), added (without), removed (missing); another user’s uid: 404, 175',
        session: 'user',
        errors: [400, 401, 404, 409, 422],
        checkBody: () => documentsBody,
      },
      ({ ctx, body }) => documents.update(ctx, body),
    );
  };
}
