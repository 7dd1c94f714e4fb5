import type { Approval, OneClick } from '@contract/approvals';
import { linkTo } from '@contract/rels';
import { presentApproval } from '@server/domain/approvals';
import { fail } from '@server/platform/errors';
import type { RequestContext } from '@server/platform/request-context';
import { sha256 } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { answerRequest } from './answer';
import * as repo from './repository';
import { viewOf } from './views';

/** One-click answers from the e-mail: a single-use token grants one answer to one request, without a session. */

/** The token's grant: one answer to one request of this agency, by the approver it was sent to. */
async function grantOf(services: Services, agencyId: string, token: string) {
  const { db, clock } = services;
  const row = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? await repo.tokenByHash(db, sha256(token)) : undefined;
  const request = row ? await repo.approvalById(db, row.approvalId) : undefined;
  if (!row || !request || request.agencyId !== agencyId) return fail('TOKEN_INVALID');
  // A deactivated approver's links answer nothing (their deactivation spent them too).
  if (!(await repo.isActiveUser(db, row.userId))) return fail('TOKEN_INVALID');
  if (row.usedAt) return fail('TOKEN_USED');
  if (row.expiresAt <= clock.now()) return fail('TOKEN_EXPIRED');
  const actor = (await repo.people(db, [row.userId])).get(row.userId);
  if (!actor) return fail('TOKEN_INVALID');
  return { token: row, request, actor };
}

/** What an e-mailed link grants (`GET /approval/one-click/{token}`): the request as its approver sees it, and the answer link while it is open. */
export async function readOneClick(ctx: RequestContext, token: string): Promise<OneClick> {
  const { services } = ctx;
  const { token: grant, request, actor } = await grantOf(services, ctx.agency.id, token);
  const now = services.clock.now();
  const approval = presentApproval(await viewOf(services.db, request), actor, ctx.lang, now);
  const answerable = grant.action === 'approve' ? approval.links.approve : approval.links.deny;
  return {
    action: grant.action,
    // Only the answer the link grants: the inbox's links need a session.
    approval: { ...approval, links: {} },
    links: answerable ? { answerOneClick: linkTo('answerOneClick', { token }) } : {},
  };
}

/** Who a one-click token answers as (for its Idempotency-Key). */
export async function oneClickUser(ctx: RequestContext, token: string): Promise<string> {
  return (await grantOf(ctx.services, ctx.agency.id, token)).actor.id;
}

/** The one-click answer (`POST /approval/one-click/{token}`): deny needs the reason; the token is spent with the answer. */
export async function answerOneClick(ctx: RequestContext, token: string, body: { message?: string | null; reason?: string | null }): Promise<Approval> {
  const { services } = ctx;
  const { token: grant, actor } = await grantOf(services, ctx.agency.id, token);
  const reason = body.reason?.trim() ?? '';
  if (grant.action === 'deny' && !reason) fail('REQUEST_FORMAT_INVALID', { reason: 'FIELD_REQUIRED' });
  return answerRequest(services, actor, ctx.lang, grant.approvalId, grant.action, grant.action === 'deny' ? { reason } : { message: body.message ?? null }, {
    beforeWrite: async (tx) => {
      // Spending the token waits for a deactivation under way (it spends the user's tokens): one of the two wins.
      if (!(await repo.spendToken(tx, grant, services.clock.now()))) fail('TOKEN_USED');
      if (!(await repo.isActiveUser(tx, grant.userId))) fail('TOKEN_INVALID');
    },
    shown: (approval) => ({ ...approval, links: {} }),
  });
}
