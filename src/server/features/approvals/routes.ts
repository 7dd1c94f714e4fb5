import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { approvalQuerySchema } from '@contract/approvals';
import { idempotent } from '@server/platform/idempotency';
import { expectedVersion } from '@server/platform/if-match';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import { approve, deny, escalate } from './answer';
import { cancel, remind } from './cancel-remind';
import { answerOneClick, oneClickUser, readOneClick } from './one-click';
import { counts, list, one } from './read';
import { requestApproval } from './request';

/** An e-mailed one-click token is longer than an id. */
const tokenParams = { token: z.string().max(256) };

/** A travel's request for approval, the approvals inbox and its answers (spec 2 §7), the requester's cancel and reminder, and the e-mailed one-click answers. */
export function approvalsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags: ['approvals'] };
    const read = [400, 401, 403] as const;
    const answered = [400, 401, 403, 404, 409, 422, 503, 504] as const;

    relRoute(
      { app, services, tags: ['booking'] },
      'requestApproval',
      { summary: 'Send the travel to its approver (its products are held meanwhile)', session: 'user', errors: [400, 401, 404, 409, 422, 503, 504] },
      ({ ctx, params, request }) => requestApproval(ctx, params.travelID, expectedVersion(request.headers)),
    );

    relRoute(
      on,
      'approvals',
      {
        summary: 'The approval requests the user answers (main approver, backup once due), one page',
        session: 'user',
        errors: read,
        query: approvalQuerySchema,
      },
      ({ ctx, query }) => list(ctx, 'regular', query),
    );
    relRoute(
      on,
      'safetyApprovals',
      { summary: 'The safety service’s approval requests (trips to high-risk countries), one page', session: 'user', errors: read, query: approvalQuerySchema },
      ({ ctx, query }) => list(ctx, 'safety', query),
    );
    relRoute(on, 'approvalCounts', { summary: 'How many requests await the user’s answer (the menu badge)', session: 'user', errors: read }, ({ ctx }) =>
      counts(ctx),
    );
    relRoute(on, 'getApproval', { summary: 'One approval request the user sees', session: 'user', errors: [400, 401, 404] }, ({ ctx, params }) =>
      one(ctx, params.approvalID),
    );

    relRoute(
      on,
      'approve',
      { summary: 'Approve the request: once every request of the travel said yes, its held products are booked', session: 'user', errors: answered },
      ({ ctx, params, body }) => approve(ctx, params.approvalID, body.message ?? null),
    );
    relRoute(
      on,
      'deny',
      { summary: 'Refuse the request with a reason: the travel is denied and its holds released', session: 'user', errors: answered },
      ({ ctx, params, body }) => deny(ctx, params.approvalID, body.reason),
    );
    relRoute(
      on,
      'escalate',
      { summary: 'Pass the request to another approver of the company’s chain (the next one by default)', session: 'user', errors: answered },
      ({ ctx, params, body }) => escalate(ctx, params.approvalID, body),
    );
    relRoute(
      on,
      'cancelApproval',
      { summary: 'Take an approval request back: the travel returns to the cart, re-priced', session: 'user', errors: [400, 401, 404, 409, 422, 503, 504] },
      ({ ctx, params }) => cancel(ctx, params.approvalID),
    );
    relRoute(
      on,
      'remind',
      { summary: 'E-mail the approvers the request again (at most once an hour)', session: 'user', errors: [400, 401, 404, 409, 422, 429] },
      ({ ctx, params }) => remind(ctx, params.approvalID),
    );

    relRoute(
      on,
      'oneClickApproval',
      {
        summary: 'What an e-mailed one-click link grants: the request and its answer link (no session)',
        session: 'none',
        errors: [400, 401, 410],
        params: tokenParams,
      },
      ({ ctx, params }) => readOneClick(ctx, params.token),
    );
    relRoute(
      on,
      'answerOneClick',
      {
        summary: 'Answer a request from its e-mailed one-click link (deny needs the reason); the link is then spent',
        session: 'none',
        errors: [400, 401, 403, 404, 409, 410, 422, 503, 504],
        params: tokenParams,
        // Once per Idempotency-Key of the approver the token answers as (no session to key it by).
        once: false,
      },
      async ({ ctx, params, body, request, reply }) => {
        const userId = await oneClickUser(ctx, params.token);
        const answer = await idempotent(
          services.db,
          request,
          userId,
          async () => ({ status: 200, body: { result: await answerOneClick(ctx, params.token, body) } }),
          services.config.idempotencyLeaseMs,
        );
        return reply.status(answer.status as 200).send(answer.body as never);
      },
    );
  };
}
