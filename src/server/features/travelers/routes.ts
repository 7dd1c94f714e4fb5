import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@contract/envelope';
import {
  customerCompaniesQuerySchema,
  customerCompanySchema,
  newGuestSchema,
  travelerSchema,
  travelerSearchQuerySchema,
  type Traveler,
} from '@contract/travelers';
import { isAgencyStaff } from '@contract/permissions';
import { currentUser } from '@server/platform/auth';
import { fail, parseWith } from '@server/platform/errors';
import { isoDate } from '@server/platform/clock';
import type { Services } from '@server/platform/services';
import { apiErrors } from '@server/openapi';
import { isAgencyCompany } from '@server/db/companies';
import * as repo from './repository';
import { entries } from '@contract/entries';

const tags = ['travelers'];
const list = { 200: envelope(z.array(travelerSchema)) };

const employee = (u: { id: string; gender: 'MR' | 'MS' | null; firstname: string; lastname: string; email: string; birthdate: string | null }): Traveler => ({
  uid: u.id,
  type: 'employee',
  gender: u.gender,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  birthdate: u.birthdate,
});

export function travelersRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const me = (request: FastifyRequest) => currentUser(request);

    /** The customer company agency staff name, one of their agency's (404 otherwise); anyone else: their own. */
    const companyOf = async (request: FastifyRequest<{ Querystring: { company_id?: string } }>) => {
      const user = me(request);
      const named = isAgencyStaff(user.perms) ? request.query.company_id : undefined;
      if (named !== undefined && !(/^[0-9a-f-]{36}$/.test(named) && (await isAgencyCompany(services.db, user.agencyId, named)))) fail('COMPANY_NOT_FOUND');
      return named ?? null;
    };

    // Agency staff's customers: the companies of their agency, by name (spec 1 §7, limit 1000).
    r.get(
      entries.customerCompanies,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The agency’s customer companies agency staff book for (travel agents, assistance agents)',
          operationId: 'listCustomerCompanies',
          querystring: customerCompaniesQuerySchema,
          response: { 200: envelope(z.array(customerCompanySchema)), ...apiErrors(400, 401, 403) },
        },
      },
      async (request) => {
        const user = me(request);
        if (!isAgencyStaff(user.perms)) fail('NO_PERMISSION');
        return { result: await repo.customerCompanies(services.db, user.agencyId, request.query.query.trim(), request.query.limit) };
      },
    );

    // Colleagues: the caller's company; agency staff name a customer company, one of their agency's.
    r.get(
      entries.colleagues,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Colleagues to book for (a travel agent names the company)',
          operationId: 'searchColleagues',
          querystring: travelerSearchQuerySchema,
          response: { ...list, ...apiErrors(400, 401, 404) },
        },
      },
      async (request) => {
        const user = me(request);
        const companyId = (await companyOf(request)) ?? user.companyId;
        if (!companyId) return { result: [] };
        const rows = await repo.colleagues(services.db, { agencyId: user.agencyId, companyId }, user.id, request.query.query.trim(), request.query.limit);
        return { result: rows.map(employee) };
      },
    );

    r.get(
      entries.guests,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The user’s guests and their company’s (agency staff: the guests of the customer company they name)',
          operationId: 'searchGuests',
          querystring: travelerSearchQuerySchema,
          response: { ...list, ...apiErrors(400, 401, 404) },
        },
      },
      async (request) => {
        const user = me(request);
        const customer = await companyOf(request);
        const query = request.query.query.trim();
        const rows = customer
          ? await repo.companyGuests(services.db, user.agencyId, customer, query, request.query.limit)
          : isAgencyStaff(user.perms)
            ? []
            : await repo.guestsOf(services.db, user, query, request.query.limit);
        return {
          result: rows.map((g) => ({
            uid: g.id,
            type: 'guest' as const,
            gender: g.gender,
            firstname: g.firstname,
            lastname: g.lastname,
            email: g.email,
            birthdate: g.birthdate,
          })),
        };
      },
    );

    r.post(
      entries.guests,
      {
        onRequest: app.requireUser,
        // Checked against today's date in the handler (birthdate bound); the schema documents it.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags,
          summary: 'Add a guest to book for',
          operationId: 'createGuest',
          body: newGuestSchema('9999-12-31'),
          response: { 201: envelope(travelerSchema), ...apiErrors(400, 401) },
        },
      },
      async (request, reply) => {
        const input = parseWith(newGuestSchema(isoDate(services.clock.now())), request.body);
        const g = await repo.insertGuest(services.db, { ownerId: me(request).id, ...input, email: input.email ?? null, birthdate: input.birthdate ?? null });
        return reply.status(201).send({
          result: { uid: g.id, type: 'guest', gender: g.gender, firstname: g.firstname, lastname: g.lastname, email: g.email, birthdate: g.birthdate },
        });
      },
    );
  };
}
