import { randomUUID } from 'node:crypto';
import type { Travel } from '@contract/travel';
import { approverBackup, companyApprovers } from '@server/db/companies';
import { applyTravelEvent, type ProductRow } from '@server/db/travels';
import { backupApprover, backupTime, involvedIn, paxSearchOf, type StoredChainStep } from '@server/domain/approvals';
import { eligibleApprovers } from '@server/domain/checkout';
import { countriesOf } from '@server/domain/product';
import { fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import { enqueue } from '@server/platform/jobs';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { HIGH_RISK_COUNTRIES } from '@server/reference/places';
import { expiryKey, holdProducts } from '@server/booking/book';
import { answer, travelWithLink } from '@server/booking/present';
import * as repo from './repository';
import type { ApprovalRow, PersonRow } from './repository';
import { chainPerson, mailAsked, tokensFor, viewOf, type Asked } from './views';

/**
 * Asking approval (spec 2 §4): requestApproval holds the travel and asks its approvers and, for a
 * trip to a high-risk country, the safety service.
 */

export const backupKey = (approvalId: string) => `approval-backup:${approvalId}`;

/** A trip with a section arriving in a high-risk country, or a stay or a rental there (reference/data/high-risk-countries.json). */
export const isRiskyTravel = (products: Pick<ProductRow, 'data'>[]) => products.some((p) => countriesOf(p.data).some((c) => HIGH_RISK_COUNTRIES.has(c)));

/**
 * The products are held while the approvers decide (the hold's time limit is the request's), a
 * request is recorded for the chosen approver (or every eligible approver of the company), with the
 * backup asked at half time, and one for the safety service when the trip goes to a high-risk
 * country; each is e-mailed.
 */
export async function requestApproval(ctx: Ctx, travelId: string, expected: number | null): Promise<Travel> {
  const { services, user } = ctx;
  const { db } = services;
  const rec = await travelWithLink(ctx, travelId, expected, 'requestApproval');
  const chosen = rec.travel.approvers;
  const involved = involvedIn(rec.travel, rec.products);
  const mains = chosen
    ? [...(await repo.people(db, [chosen.approverId])).values()]
    : rec.travel.companyId
      ? eligibleApprovers(await companyApprovers(db, rec.travel.companyId), rec.travel, rec.products)
      : [];
  if (mains.length === 0) fail('TICKET_WITHOUT_APPROVER');
  const configured = mains.length === 1 && rec.travel.companyId ? await approverBackup(db, rec.travel.companyId, mains[0]!.id) : null;
  const backup = backupApprover(chosen, mains, configured, involved);
  const risky = isRiskyTravel(rec.products);
  const safety = risky && rec.travel.companyId ? (await repo.safetyApprovers(db, rec.travel.companyId)).filter((s) => !involved.has(s.id)) : [];
  if (risky && safety.length === 0) fail('TICKET_WITHOUT_APPROVER');
  const people = await repo.people(db, [...mains.map((m) => m.id), ...(backup ? [backup] : []), ...safety.map((s) => s.id)]);

  const products = rec.products.filter((p) => p.status === 'cart');
  const held = await holdProducts(services, products);
  const now = services.clock.now();
  const limit = held.limit;
  const backupAt = backup ? backupTime(now, limit) : null;
  const roundId = randomUUID();
  const step = (p: PersonRow, role: StoredChainStep['role'], at: Date): StoredChainStep => ({
    approver: chainPerson(p),
    role,
    askedAt: at.toISOString(),
    status: 'pending',
    by: null,
    answeredAt: null,
    message: null,
  });
  const common = {
    travelId,
    roundId,
    agencyId: ctx.agency.id,
    companyId: rec.travel.companyId,
    requesterId: user.id,
    message: chosen?.message ?? null,
    status: 'pending' as const,
    isRisky: risky,
    requestedAt: now,
    timeLimit: limit,
    paxSearch: paxSearchOf(products),
    startsAt: products.length ? new Date(Math.min(...products.map((p) => p.startsAt.getTime()))) : null,
    totalAmount: rec.products.reduce((sum, p) => sum + p.price, 0),
    origin: ctx.origin,
  };
  let asked: Asked[] = [];
  await services.db.transaction(async (tx) => {
    const moves = products.map((p, i) => ({ id: p.id, status: 'pending_approval' as const, pnr: held.pnrs[i]!, confirmationTimeLimit: held.limits[i]! }));
    await applyTravelEvent(tx, rec, 'requestApproval', moves, now, { confirmationTimeLimit: limit });
    const backupPerson = backup ? people.get(backup) : undefined;
    const rows = await repo.insertApprovals(tx, [
      {
        ...common,
        kind: 'regular',
        approverId: mains[0]!.id,
        backupApproverId: backupPerson?.id ?? null,
        backupAt: backupPerson ? backupAt : null,
        chain: [...mains.map((m) => step(people.get(m.id)!, 'main', now)), ...(backupPerson ? [step(backupPerson, 'backup', backupAt!)] : [])],
      },
      ...(risky ? [{ ...common, kind: 'safety' as const, approverId: null, chain: safety.map((s) => step(people.get(s.id)!, 'safety', now)) }] : []),
    ]);
    const [regular, safe] = rows as [ApprovalRow, ApprovalRow | undefined];
    await repo.putRecipients(tx, [
      ...mains.map((m) => ({ approvalId: regular.id, userId: m.id, role: 'main' as const, visibleFrom: now })),
      ...(backupPerson ? [{ approvalId: regular.id, userId: backupPerson.id, role: 'backup' as const, visibleFrom: backupAt! }] : []),
      ...(safe ? safety.map((s) => ({ approvalId: safe.id, userId: s.id, role: 'safety' as const, visibleFrom: now })) : []),
    ]);
    await enqueue(tx, { kind: 'expire-options', key: expiryKey(travelId), payload: { travelId }, runAt: limit });
    if (backupPerson) await enqueue(tx, { kind: 'approval-backup', key: backupKey(regular.id), payload: { approvalId: regular.id }, runAt: backupAt! });
    for (const row of rows) {
      const view = await viewOf(tx, row);
      const persons = view.recipients.filter((r) => r.visibleFrom <= now).map((r) => people.get(r.userId)!);
      asked = [...asked, ...(await tokensFor(tx, view, persons, now))];
    }
    await recordAnswer(tx, () => answer(ctx, travelId, tx));
  });
  // After the commit: an e-mail must not announce a request that was rolled back.
  await mailAsked(services, asked, { why: 'asked' });
  return answer(ctx, travelId);
}
