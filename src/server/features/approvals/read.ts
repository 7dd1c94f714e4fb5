import type { Approval, ApprovalCounts, ApprovalQuery } from '@contract/approvals';
import { approvalAccess, presentApproval, type ApprovalKind } from '@server/domain/approvals';
import { fail } from '@server/platform/errors';
import type { UserContext as Ctx } from '@server/platform/request-context';
import * as repo from './repository';
import { viewerOf, viewOf, viewsOf } from './views';

/** The approvers' inbox (spec 2 §7): the lists, one request, the menu badge. */

/** `GET /approvals/` (regular) and `/approvals/safety`: 403 without the permission. */
export async function list(ctx: Ctx, kind: ApprovalKind, query: ApprovalQuery): Promise<Approval[]> {
  const { db, clock } = ctx.services;
  const access = approvalAccess(viewerOf(ctx.user));
  if (!ctx.user.companyId) fail('USER_HAS_NO_COMPANY');
  if (!(kind === 'regular' ? access.regular : access.safety)) fail('NO_PERMISSION');
  const now = clock.now();
  const rows = await repo.listFor(db, ctx.user.id, kind, query, now);
  const views = await viewsOf(db, rows);
  return rows.flatMap((row) => {
    const view = views.get(row.id);
    return view ? [presentApproval(view, viewerOf(ctx.user), ctx.lang, now)] : [];
  });
}

/** One request the caller sees (the e-mail's deep link): someone else's, or unknown, is not found. */
export async function one(ctx: Ctx, approvalId: string): Promise<Approval> {
  const { db, clock } = ctx.services;
  const row = await repo.approvalById(db, approvalId);
  const view = row ? await viewOf(db, row) : undefined;
  const now = clock.now();
  const mine = view?.recipients.find((r) => r.userId === ctx.user.id);
  if (!view || !mine || mine.visibleFrom > now) return fail('NOT_FOUND');
  return presentApproval(view, viewerOf(ctx.user), ctx.lang, now);
}

/** The menu badge: requests awaiting the caller's answer now. */
export async function counts(ctx: Ctx): Promise<ApprovalCounts> {
  const access = approvalAccess(viewerOf(ctx.user));
  if (!ctx.user.companyId) fail('USER_HAS_NO_COMPANY');
  if (!access.regular && !access.safety) fail('NO_PERMISSION');
  const n = await repo.countsFor(ctx.services.db, ctx.user.id, ctx.services.clock.now());
  return { pending: access.regular ? n.regular : 0, safetyPending: access.safety ? n.safety : 0 };
}
