import type { FastifyInstance } from 'fastify';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import * as admin from './service';

const tags = ['agency-admin'];
const refused = [400, 401, 403, 404, 409] as const;

/**
 * The agency's administration (permission agency_admin): GET /agency/admin is the user's
 * `agencyAdmin` link, and every other route a link of its answers. A client company's entities,
 * checkout rules and travel policy are the travel manager's routes (features/company-admin).
 */
export function agencyAdminRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags };
    const reads = [400, 401, 403] as const;

    relRoute(
      on,
      'agencyAdmin',
      {
        summary: 'The agency as its administrator sees it, and the links to its companies, staff, branding, messages and history',
        session: 'user',
        errors: reads,
      },
      ({ ctx }) => admin.agencyAdmin(ctx),
    );

    relRoute(on, 'agencyCompanies', { summary: 'The agency’s client companies', session: 'user', errors: reads }, ({ ctx }) => admin.listCompanies(ctx));
    relRoute(on, 'createClientCompany', { summary: 'A new client company with its entities', session: 'user', errors: [400, 401, 403] }, ({ ctx, body }) =>
      admin.createCompany(ctx, body),
    );
    relRoute(
      on,
      'updateClientCompany',
      { summary: 'A client company’s name, products (hotel, car rental) and feature flags', session: 'user', errors: refused },
      ({ ctx, params, body }) => admin.updateCompany(ctx, params.companyID, body),
    );
    relRoute(
      on,
      'inviteTravelManager',
      {
        summary: 'Invite a client company’s travel manager by e-mail (they choose their password from the link; an e-mail another account uses: 409, 49)',
        session: 'user',
        errors: refused,
      },
      ({ ctx, params, body }) => admin.inviteTravelManager(ctx, params.companyID, body),
    );
    relRoute(
      on,
      'updateCompanySso',
      {
        summary: 'A client company’s single sign-on (null removes it); the client secret is write-only, kept when not sent, never answered',
        session: 'user',
        errors: refused,
      },
      ({ ctx, params, body }) => admin.updateCompanySso(ctx, params.companyID, body),
    );

    relRoute(on, 'agencyStaff', { summary: 'The agency’s staff accounts', session: 'user', errors: reads }, ({ ctx }) => admin.listStaff(ctx));
    relRoute(
      on,
      'inviteStaff',
      {
        summary: 'Invite a member of staff by e-mail with their roles (travel agent, assistance agent, agency administrator)',
        session: 'user',
        errors: [400, 401, 403, 409],
      },
      ({ ctx, body }) => admin.inviteStaff(ctx, body),
    );
    relRoute(
      on,
      'deactivateStaff',
      { summary: 'Deactivate a member of staff: no sign-in, their sessions end at once (not oneself)', session: 'user', errors: refused },
      ({ ctx, params }) => admin.deactivateStaff(ctx, params.userID),
    );

    relRoute(
      on,
      'updateBranding',
      {
        summary: 'The agency’s colours (refused below WCAG AA with white text, 4.5:1) and logo (SVG, PNG or WebP in base64, 100 KB at most)',
        session: 'user',
        errors: [400, 401, 403],
      },
      ({ ctx, body }) => admin.updateBranding(ctx, body),
    );

    relRoute(on, 'agencyMessages', { summary: 'The agency’s messages to its travellers, per page', session: 'user', errors: reads }, ({ ctx }) =>
      admin.listMessages(ctx),
    );
    relRoute(
      on,
      'createAgencyMessage',
      { summary: 'A new message for a page, optionally for one company; its HTML is cut down to a safe subset', session: 'user', errors: refused },
      ({ ctx, body }) => admin.createMessage(ctx, body),
    );
    relRoute(
      on,
      'updateAgencyMessage',
      { summary: 'A message changed (its HTML cut down to a safe subset)', session: 'user', errors: refused },
      ({ ctx, params, body }) => admin.updateMessage(ctx, params.messageID, body),
    );
    relRoute(on, 'deleteAgencyMessage', { summary: 'A message removed', session: 'user', errors: refused }, ({ ctx, params }) =>
      admin.deleteMessage(ctx, params.messageID),
    );

    relRoute(
      on,
      'agencyHistory',
      { summary: 'The history of the agency’s set-up: who changed what, when (newest first)', session: 'user', errors: reads },
      ({ ctx }) => admin.history(ctx),
    );
  };
}
