import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyAdminSchema, companyPeopleQuerySchema, createGuestBodySchema, invitationSchema } from '@contract/company-admin';
import { envelope } from '@contract/envelope';
import { apiErrors } from '@server/openapi';
import { isoDate } from '@server/platform/clock';
import { relRoute } from '@server/platform/rel-route';
import { contextOf, userContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import * as admin from './service';
import * as invitee from './invitation';
import { entries } from '@contract/entries';

const tags = ['company-admin'];
const company = z.object({ companyID: z.string().max(64) });
const token = z.string().min(1).max(512);
const refused = [400, 401, 403, 404, 409, 422] as const;

/**
 * The travel manager's company: GET /companies/{id}/admin (the entry point, for a user
 * with account_creation, of their own company) and the links it carries; the invitee's side,
 * GET and POST /user/invitation/{token}, needs no session (the e-mailed token is the proof).
 */
export function companyAdminRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const on = { app, services, tags };

    r.get(
      entries.companyAdmin,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary:
            'The travel manager’s company: entities, analytics fields, approvers, travel policy, and the links to change them (account_creation, own company only; agency_admin, any company of the agency: its rules only)',
          operationId: 'companyAdmin',
          params: company,
          response: { 200: envelope(companyAdminSchema), ...apiErrors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ result: await admin.admin(userContext(request, services), request.params.companyID) }),
    );

    relRoute(
      on,
      'companyPeople',
      {
        summary: 'The company’s employees and guests whose name, e-mail or username holds `query` (each kind by name, 50 at most)',
        session: 'user',
        query: companyPeopleQuerySchema,
        errors: [400, 401, 403, 404],
      },
      ({ ctx, params, query }) => admin.listPeople(ctx, params.companyID, query),
    );

    relRoute(
      on,
      'inviteEmployee',
      {
        summary:
          'Invite an employee by e-mail (the same e-mail again, still invited: a new link; a colleague’s e-mail or username: 409, 49 or 52; an account outside the company: answered as a new address, nothing made)',
        session: 'user',
        errors: refused,
      },
      ({ ctx, params, body }) => admin.invite(ctx, params.companyID, body),
    );
    relRoute(
      on,
      'resendInvitation',
      { summary: 'E-mail an invited employee a new invitation link (the previous one stops working)', session: 'user', errors: refused },
      ({ ctx, params }) => admin.resendInvitation(ctx, params.companyID, params.userID),
    );
    relRoute(
      on,
      'deactivateUser',
      {
        summary: 'Deactivate an employee: no sign-in, their sessions end, in no list (not oneself; not the last approver while travels need approval)',
        session: 'user',
        errors: refused,
      },
      ({ ctx, params }) => admin.deactivateUser(ctx, params.companyID, params.userID),
    );
    relRoute(
      on,
      'reactivateUser',
      { summary: 'Reactivate an employee (invited again if they never accepted)', session: 'user', errors: refused },
      ({ ctx, params }) => admin.reactivateUser(ctx, params.companyID, params.userID),
    );
    relRoute(
      on,
      'createCompanyGuest',
      {
        summary: 'Add a company guest, whom every employee may book for',
        session: 'user',
        errors: refused,
        // The birthdate is bounded by the server's today.
        checkBody: (_body, { clock }) => createGuestBodySchema(isoDate(clock.now())),
      },
      ({ ctx, params, body }) => admin.createCompanyGuest(ctx, params.companyID, body),
    );
    relRoute(
      on,
      'deactivateGuest',
      { summary: 'Deactivate a company guest: offered to no one, bookable by no one', session: 'user', errors: refused },
      ({ ctx, params }) => admin.setGuestActive(ctx, params.companyID, params.guestID, false),
    );
    relRoute(on, 'reactivateGuest', { summary: 'Reactivate a company guest', session: 'user', errors: refused }, ({ ctx, params }) =>
      admin.setGuestActive(ctx, params.companyID, params.guestID, true),
    );
    relRoute(
      on,
      'updateEntities',
      { summary: 'The entities as listed: renamed, added, removed (one used by travels cannot be removed: 409, 160)', session: 'user', errors: refused },
      ({ ctx, params, body }) => admin.updateEntities(ctx, params.companyID, body),
    );
    relRoute(on, 'updateAnalytics', { summary: 'The analytics fields checkout asks for', session: 'user', errors: refused }, ({ ctx, params, body }) =>
      admin.updateAnalytics(ctx, params.companyID, body),
    );
    relRoute(
      on,
      'updateApprovers',
      {
        summary: 'When travels need approval, whether the traveller chooses the approver, and the approvers with their backups',
        session: 'user',
        errors: refused,
      },
      ({ ctx, params, body }) => admin.updateApprovers(ctx, params.companyID, body),
    );
    relRoute(
      on,
      'updateTravelPolicy',
      { summary: 'The travel policy in figures (rail, flight, hotel caps by city class, car) and as travellers read it', session: 'user', errors: refused },
      ({ ctx, params, body }) => admin.updateTravelPolicy(ctx, params.companyID, body),
    );

    r.get(
      entries.invitation,
      {
        schema: {
          tags,
          summary: 'An e-mailed invitation: who is invited to which company, and the link to accept it (no session)',
          operationId: 'invitation',
          params: z.object({ token }),
          response: { 200: envelope(invitationSchema), ...apiErrors(400, 401, 403, 410) },
        },
      },
      async (request) => ({ result: await invitee.readInvitation(contextOf(request, services), request.params.token) }),
    );

    relRoute(
      on,
      'acceptInvitation',
      {
        summary: 'Accept an invitation with a password: the account is active, to sign in with its username (single use)',
        session: 'none',
        params: { token },
        errors: [400, 401, 403, 410],
        once: false, // no session: the e-mailed token is used once
      },
      ({ ctx, params, body }) => invitee.acceptInvitation(ctx, params.token, body),
    );
  };
}
