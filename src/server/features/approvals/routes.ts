import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResultSchema } from '../../../contract/account';
import {
  approvalCountsSchema,
  approvalListSchema,
  approvalQuerySchema,
  approvalSchema,
  approveBodySchema,
  denyBodySchema,
  escalateBodySchema,
  oneClickBodySchema,
  oneClickSchema,
} from '../../../contract/approvals';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { travelSchema } from '../../../contract/travel';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { idempotent, sendOnce } from '../../platform/idempotency';
import { expectedVersion } from '../../platform/if-match';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { approve, deny, escalate } from './answer';
import { cancel, remind } from './cancel-remind';
import { answerOneClick, oneClickUser, readOneClick } from './one-click';
import { counts, list, one } from './read';
import { requestApproval } from './request';

const tags = ['approvals'];
const approvalParams = z.object({ approvalID: z.string().max(64) });
const travelParams = z.object({ travelID: z.string().max(64) });
const tokenParams = z.object({ token: z.string().max(256) });

/** A travel's request for approval, the approvals inbox and its answers (spec 2 §7), the requester's cancel and reminder, and the e-mailed one-click answers. */
export function approvalsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.post(
      routePath('requestApproval'),
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['booking'],
          summary: 'Send the travel to its approver (its products are held meanwhile)',
          operationId: 'requestApproval',
          params: travelParams,
          response: { 200: envelope(travelSchema), ...apiErrors(400, 401, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => requestApproval(ctx(request), request.params.travelID, expectedVersion(request.headers))),
    );

    r.get(
      routePath('approvals'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The approval requests the user answers (main approver, backup once due), one page',
          operationId: 'approvals',
          querystring: approvalQuerySchema,
          response: { 200: envelope(approvalListSchema), ...apiErrors(400, 401, 403) },
        },
      },
      async (request) => ({ result: await list(ctx(request), 'regular', request.query) }),
    );

    r.get(
      routePath('safetyApprovals'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The safety service’s approval requests (trips to high-risk countries), one page',
          operationId: 'safetyApprovals',
          querystring: approvalQuerySchema,
          response: { 200: envelope(approvalListSchema), ...apiErrors(400, 401, 403) },
        },
      },
      async (request) => ({ result: await list(ctx(request), 'safety', request.query) }),
    );

    r.get(
      routePath('approvalCounts'),
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'How many requests await the user’s answer (the menu badge)', operationId: 'approvalCounts', response: { 200: envelope(approvalCountsSchema), ...apiErrors(400, 401, 403) } },
      },
      async (request) => ({ result: await counts(ctx(request)) }),
    );

    r.get(
      routePath('getApproval'),
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'One approval request the user sees', operationId: 'getApproval', params: approvalParams, response: { 200: envelope(approvalSchema), ...apiErrors(400, 401, 404) } },
      },
      async (request) => ({ result: await one(ctx(request), request.params.approvalID) }),
    );

    const answerErrors = apiErrors(400, 401, 403, 404, 409, 422, 503, 504);
    r.post(
      routePath('approve'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Approve the request: once every request of the travel said yes, its held products are booked',
          operationId: 'approve',
          params: approvalParams,
          body: approveBodySchema.optional(),
          response: { 200: envelope(approvalSchema), ...answerErrors },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => approve(ctx(request), request.params.approvalID, request.body?.message ?? null)),
    );

    r.post(
      routePath('deny'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Refuse the request with a reason: the travel is denied and its holds released',
          operationId: 'deny',
          params: approvalParams,
          body: denyBodySchema,
          response: { 200: envelope(approvalSchema), ...answerErrors },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => deny(ctx(request), request.params.approvalID, request.body.reason)),
    );

    r.post(
      routePath('escalate'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Pass the request to another approver of the company’s chain (the next one by default)',
          operationId: 'escalate',
          params: approvalParams,
          body: escalateBodySchema.optional(),
          response: { 200: envelope(approvalSchema), ...answerErrors },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => escalate(ctx(request), request.params.approvalID, request.body ?? {})),
    );

    r.patch(
      routePath('cancelApproval'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Take an approval request back: the travel returns to the cart, re-priced',
          operationId: 'cancelApproval',
          params: approvalParams,
          response: { 200: envelope(travelSchema), ...apiErrors(400, 401, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => cancel(ctx(request), request.params.approvalID)),
    );

    r.patch(
      routePath('remind'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'E-mail the approvers the request again (at most once an hour)',
          operationId: 'remind',
          params: approvalParams,
          response: { 200: envelope(messageResultSchema), ...apiErrors(400, 401, 404, 409, 422, 429) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => remind(ctx(request), request.params.approvalID)),
    );

    r.get(
      routePath('oneClickApproval'),
      {
        schema: {
          tags,
          summary: 'What an e-mailed one-click link grants: the request and its answer link (no session)',
          operationId: 'oneClickApproval',
          params: tokenParams,
          response: { 200: envelope(oneClickSchema), ...apiErrors(400, 401, 410) },
        },
      },
      async (request) => ({ result: await readOneClick(contextOf(request, services), request.params.token) }),
    );

    r.post(
      routePath('answerOneClick'),
      {
        schema: {
          tags,
          summary: 'Answer a request from its e-mailed one-click link (deny needs the reason); the link is then spent',
          operationId: 'answerOneClick',
          params: tokenParams,
          body: oneClickBodySchema.optional(),
          response: { 200: envelope(approvalSchema), ...apiErrors(400, 401, 403, 404, 409, 410, 422, 503, 504) },
        },
      },
      async (request, reply) => {
        const context = contextOf(request, services);
        const userId = await oneClickUser(context, request.params.token);
        const answer = await idempotent(services.db, request, userId, async () => ({ status: 200, body: { result: await answerOneClick(context, request.params.token, request.body ?? {}) } }), services.config.idempotencyLeaseMs);
        return reply.status(answer.status as 200).send(answer.body as never);
      },
    );
  };
}
