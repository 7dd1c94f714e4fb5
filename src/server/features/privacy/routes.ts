import type { FastifyInstance } from 'fastify';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import * as privacy from './service';

const tags = ['privacy'];

/**
 * Privacy and data deletion (spec 3 §7): the privacy policy, DELETE user/optional_data and
 * DELETE user/data, links of the user.
 */
export function privacyRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags };

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
  };
}
