import { companyApprovers } from '@server/db/companies';
import { answerRefusal, involvedIn, isOpen, nextApprovers, presentApproval, type ApprovalView, type ChainPerson, type Viewer } from '@server/domain/approvals';
import type { UserRow } from '@server/platform/auth';
import { fail } from '@server/platform/errors';
import { newToken, sha256 } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { mailApprover, type AskReason, type MailCtx } from './mail';
import * as repo from './repository';
import type { ApprovalRow, PersonRow } from './repository';

/** What every approvals verb reads of a request (its travel, recipients, people), and how people are asked to answer one. */

export const viewerOf = (user: Pick<UserRow, 'id' | 'companyId' | 'perms' | 'flags'>): Viewer => ({
  id: user.id,
  companyId: user.companyId,
  perms: user.perms,
  flags: user.flags,
});
export const chainPerson = (p: { id: string; firstname: string; lastname: string; email: string }): ChainPerson => ({
  id: p.id,
  firstname: p.firstname,
  lastname: p.lastname,
  email: p.email,
});

/** Everything the presenter needs of some requests, in a few queries. */
export type View = Omit<ApprovalView, 'people'> & { people: Map<string, PersonRow> };

/** `withNext: false` skips the company's chain (whether escalation is still possible) when nothing reads it. */
export async function viewsOf(db: Services['db'], rows: ApprovalRow[], withNext = true): Promise<Map<string, View>> {
  const travels = await repo.travelsByIds(
    db,
    rows.map((r) => r.travelId),
  );
  const recipients = await repo.recipientsOf(
    db,
    rows.map((r) => r.id),
  );
  const people = await repo.people(db, [...rows.map((r) => r.requesterId), ...recipients.map((r) => r.userId)]);
  const approversByCompany = new Map<string, Awaited<ReturnType<typeof companyApprovers>>>();
  for (const companyId of new Set(rows.filter((r) => withNext && r.kind === 'regular' && isOpen(r.status) && r.companyId).map((r) => r.companyId!)))
    approversByCompany.set(companyId, await companyApprovers(db, companyId));
  const views = new Map<string, View>();
  for (const request of rows) {
    const rec = travels.get(request.travelId);
    if (!rec) continue;
    const mine = recipients.filter((r) => r.approvalId === request.id);
    const chain = request.companyId ? (approversByCompany.get(request.companyId) ?? []) : [];
    const next = nextApprovers(chain, involvedIn(rec.travel, rec.products), mine);
    views.set(request.id, { request, travel: rec.travel, products: rec.products, recipients: mine, people, next });
  }
  return views;
}

export async function viewOf(db: Services['db'], row: ApprovalRow, withNext = true): Promise<View> {
  return (await viewsOf(db, [row], withNext)).get(row.id) ?? fail('NOT_FOUND');
}

export type Asked = { approvalId: string; person: PersonRow; approve: string | null; deny: string };

/**
 * One-click tokens (approve, deny) for people asked to answer a request now; the approve one only
 * when they may approve. Stored hashed, single-use, valid until the request's time limit.
 */
export async function tokensFor(tx: Services['db'], view: ApprovalView, persons: PersonRow[], now: Date): Promise<Asked[]> {
  const involved = involvedIn(view.travel, view.products);
  const asked = persons.map((person) => {
    const recipient = view.recipients.find((r) => r.userId === person.id);
    const approve =
      answerRefusal(
        'approve',
        { request: view.request, recipient: recipient && { ...recipient, visibleFrom: now }, viewer: person, involved, hasNext: view.next.length > 0 },
        now,
      ) === null;
    return { approvalId: view.request.id, person, approve: approve ? newToken() : null, deny: newToken() };
  });
  await repo.insertTokens(
    tx,
    asked.flatMap((a) =>
      [['approve', a.approve] as const, ['deny', a.deny] as const].flatMap(([action, token]) =>
        token ? [{ tokenHash: sha256(token), approvalId: a.approvalId, userId: a.person.id, action, expiresAt: view.request.timeLimit }] : [],
      ),
    ),
  );
  return asked;
}

export async function mailCtx(services: Services, row: Pick<ApprovalRow, 'agencyId' | 'origin'>, origin?: string): Promise<MailCtx> {
  return {
    services,
    agencyId: row.agencyId,
    agencyName: await repo.agencyName(services.db, row.agencyId),
    origin: row.origin ?? origin ?? `http://localhost:${services.config.port}`,
  };
}

/** E-mails each asked person the request, as they see it, in their language. */
export async function mailAsked(services: Services, asked: Asked[], reason: AskReason) {
  const now = services.clock.now();
  for (const a of asked) {
    const row = await repo.approvalById(services.db, a.approvalId);
    if (!row) continue;
    const view = await viewOf(services.db, row);
    await mailApprover(
      await mailCtx(services, row),
      a.person,
      presentApproval(view, a.person, a.person.lang, now),
      { approve: a.approve, deny: a.deny },
      reason,
    );
  }
}
