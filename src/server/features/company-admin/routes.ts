import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationBodySchema,
  companyAdminSchema,
  companyPeopleQuerySchema,
  companyPeopleSchema,
  companyPersonSchema,
  createGuestBodySchema,
  invitationAcceptedSchema,
  invitationSchema,
  inviteEmployeeBodySchema,
  updateAnalyticsBodySchema,
  updateApproversBodySchema,
  updateEntitiesBodySchema,
  updateTravelPolicyBodySchema,
} from '../../../contract/company-admin';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as admin from './service';

const tags = ['company-admin'];
const company = z.object({ companyID: z.string().max(64) });
const employee = company.extend({ userID: z.string().max(64) });
const guest = company.extend({ guestID: z.string().max(64) });
const token = z.object({ token: z.string().min(1).max(512) });
/**
 * Bodies are checked by the service (field problems with their message keys, the guest's birthdate
 * against today): here their schemas document them. Parameters and queries are checked as usual.
 */
const checkedInService = (route: { httpPart?: string }) =>
  route.httpPart === 'body' ? (value: unknown) => ({ value }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
const refused = apiErrors(400, 401, 403, 404, 409, 422);

/**
 * The travel manager's company (issue 15): GET /companies/{id}/admin (the entry point, for a user
 * with account_creation, of their own company) and the links it carries; the invitee's side,
 * GET and POST /user/invitation/{token}, needs no session (the e-mailed token is the proof).
 */
export function companyAdminRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.get(
      '/companies/:companyID/admin',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The travel manager’s company: entities, analytics fields, approvers, travel policy, and the links to change them (account_creation, own company only)',
          operationId: 'companyAdmin',
          params: company,
          response: { 200: envelope(companyAdminSchema), ...apiErrors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ result: await admin.admin(ctx(request), request.params.companyID) }),
    );

    r.get(
      routePath('companyPeople'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The company’s employees and guests whose name, e-mail or username holds `query` (each kind by name, 50 at most)',
          operationId: 'companyPeople',
          params: company,
          querystring: companyPeopleQuerySchema,
          response: { 200: envelope(companyPeopleSchema), ...apiErrors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ result: await admin.listPeople(ctx(request), request.params.companyID, request.query) }),
    );

    const write = <P extends z.ZodObject, B extends z.ZodType | undefined, O extends z.ZodType>(
      rel: Parameters<typeof routePath>[0],
      method: 'post' | 'put',
      p: { params: P; body?: B; output: O; summary: string },
      run: (request: FastifyRequest<{ Params: z.infer<P> }>) => Promise<z.infer<O>>,
    ) =>
      // The untyped instance: the route's types come from `run`, its schemas still check and document it.
      app[method](
        routePath(rel),
        {
          onRequest: app.requireUser,
          ...(p.body ? { validatorCompiler: checkedInService } : {}),
          schema: { tags, summary: p.summary, operationId: rel, params: p.params, ...(p.body ? { body: p.body } : {}), response: { 200: envelope(p.output), ...refused } },
        },
        (request, reply) => sendOnce(services, request, reply, () => run(request as FastifyRequest<{ Params: z.infer<P> }>)),
      );

    write('inviteEmployee', 'post', { params: company, body: inviteEmployeeBodySchema, output: companyPersonSchema, summary: 'Invite an employee by e-mail (the same e-mail again, still invited: a new link; used by another account: 409, 49)' }, (q) =>
      admin.invite(ctx(q), q.params.companyID, q.body),
    );
    write('resendInvitation', 'post', { params: employee, output: companyPersonSchema, summary: 'E-mail an invited employee a new invitation link (the previous one stops working)' }, (q) =>
      admin.resendInvitation(ctx(q), q.params.companyID, q.params.userID),
    );
    write('deactivateUser', 'post', { params: employee, output: companyPersonSchema, summary: 'Deactivate an employee: no sign-in, their sessions end, in no list (not oneself; not the last approver while travels need approval)' }, (q) =>
      admin.deactivateUser(ctx(q), q.params.companyID, q.params.userID),
    );
    write('reactivateUser', 'post', { params: employee, output: companyPersonSchema, summary: 'Reactivate an employee (invited again if they never accepted)' }, (q) =>
      admin.reactivateUser(ctx(q), q.params.companyID, q.params.userID),
    );
    write('createCompanyGuest', 'post', { params: company, body: createGuestBodySchema('9999-12-31'), output: companyPersonSchema, summary: 'Add a company guest, whom every employee may book for' }, (q) =>
      admin.createCompanyGuest(ctx(q), q.params.companyID, q.body),
    );
    write('deactivateGuest', 'post', { params: guest, output: companyPersonSchema, summary: 'Deactivate a company guest: offered to no one, bookable by no one' }, (q) =>
      admin.setGuestActive(ctx(q), q.params.companyID, q.params.guestID, false),
    );
    write('reactivateGuest', 'post', { params: guest, output: companyPersonSchema, summary: 'Reactivate a company guest' }, (q) => admin.setGuestActive(ctx(q), q.params.companyID, q.params.guestID, true));
    write('updateEntities', 'put', { params: company, body: updateEntitiesBodySchema, output: companyAdminSchema, summary: 'The entities as listed: renamed, added, removed (one used by travels cannot be removed: 409, 160)' }, (q) =>
      admin.updateEntities(ctx(q), q.params.companyID, q.body),
    );
    write('updateAnalytics', 'put', { params: company, body: updateAnalyticsBodySchema, output: companyAdminSchema, summary: 'The analytics fields checkout asks for' }, (q) =>
      admin.updateAnalytics(ctx(q), q.params.companyID, q.body),
    );
    write('updateApprovers', 'put', { params: company, body: updateApproversBodySchema, output: companyAdminSchema, summary: 'When travels need approval, whether the traveller chooses the approver, and the approvers with their backups' }, (q) =>
      admin.updateApprovers(ctx(q), q.params.companyID, q.body),
    );
    write('updateTravelPolicy', 'put', { params: company, body: updateTravelPolicyBodySchema, output: companyAdminSchema, summary: 'The travel policy in figures (rail, flight, hotel caps by city class, car) and as travellers read it' }, (q) =>
      admin.updateTravelPolicy(ctx(q), q.params.companyID, q.body),
    );

    r.get(
      '/user/invitation/:token',
      {
        schema: {
          tags,
          summary: 'An e-mailed invitation: who is invited to which company, and the link to accept it (no session)',
          operationId: 'invitation',
          params: token,
          response: { 200: envelope(invitationSchema), ...apiErrors(400, 401, 403, 410) },
        },
      },
      async (request) => ({ result: await admin.readInvitation(contextOf(request, services), request.params.token) }),
    );

    r.post(
      routePath('acceptInvitation'),
      {
        validatorCompiler: checkedInService,
        schema: {
          tags,
          summary: 'Accept an invitation with a password: the account is active, to sign in with its username (single use)',
          operationId: 'acceptInvitation',
          params: token,
          body: acceptInvitationBodySchema,
          response: { 200: envelope(invitationAcceptedSchema), ...apiErrors(400, 401, 403, 410) },
        },
      },
      async (request) => ({ result: await admin.acceptInvitation(contextOf(request, services), request.params.token, request.body) }),
    );
  };
}
