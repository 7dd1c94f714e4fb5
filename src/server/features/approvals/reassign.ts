import { personName } from '@contract/person-name';
import { companyApprovers } from '@server/db/companies';
import { askedNowChain, involvedIn, isOpen, nextApprovers, passedToChain, withdrawnChain } from '@server/domain/approvals';
import { settleJob } from '@server/platform/jobs';
import type { Services } from '@server/platform/services';
import * as repo from './repository';
import { backupKey } from './request';
import { chainPerson, mailAsked, tokensFor, viewOf, type Asked } from './views';

/**
 * A deactivated approver's open requests go to someone who can answer (issue 25, item 2). The
 * deactivation (db/user-status.ts, whoever does it: the travel manager, SCIM, the operator tool) has
 * spent their one-click links and enqueued this job; for each open request they were asked to answer:
 *
 * - someone else still answers it now (another main approver, a backup already asked, another
 *   member of the safety service): their part simply ends;
 * - else its backup approver, not asked yet, is asked now (instead of at half time);
 * - else the next approver of the company's chain (as an escalation would pick: active, with the
 *   approval permission, not involved in the travel, never one who held it) gets it, the request
 *   `escalated` (transferred);
 * - else nobody is left (the company's last approver or safety member, which only SCIM or the
 *   operator tool can deactivate): the request stays open and expires at its time limit like any
 *   unanswered one, the requester then told and the options released (jobs.ts `expire-options`).
 *
 * The new approver gets the usual request e-mail (their language, plain text, one-click links),
 * saying who it came from. Each request is locked as an answer locks it (travel, then request),
 * so a concurrent answer and this move never both win. Safe to run twice: a request already moved on
 * is left alone, and a user reactivated before it ran keeps their requests.
 */
export async function passOnRequestsOf(services: Services, userId: string): Promise<void> {
  const { db, clock } = services;
  if (await repo.isActiveUser(db, userId)) return;
  const former = (await repo.people(db, [userId])).get(userId);
  for (const open of await repo.openRequestsAsking(db, userId)) {
    const asked = await db.transaction((tx) => passOn(tx, open.id, userId, clock.now()));
    // After the commit: no e-mail announces a move that was rolled back.
    await mailAsked(services, asked, { why: 'reassigned', former: former ? personName(former) : '' });
  }
}

async function passOn(tx: Services['db'], approvalId: string, userId: string, now: Date): Promise<Asked[]> {
  const row = await repo.lockForAnswer(tx, approvalId);
  if (!row || !isOpen(row.status)) return [];
  const view = await viewOf(tx, row);
  const mine = view.recipients.find((r) => r.userId === userId);
  if (!mine || mine.role === 'former') return [];
  const active = await repo.activeOf(
    tx,
    view.recipients.map((r) => r.userId),
  );
  // Their part ends: a backup not asked yet is no recipient at all, anyone else keeps seeing it as a former one.
  if (mine.role === 'backup' && mine.visibleFrom > now) await repo.dropRecipient(tx, row.id, userId);
  else await repo.putRecipients(tx, [{ approvalId: row.id, userId, role: 'former', visibleFrom: mine.visibleFrom }]);
  let chain = withdrawnChain(row.chain, userId, now);
  const noBackup = row.backupApproverId === userId ? { backupApproverId: null, backupAt: null } : {};

  const others = view.recipients.filter((r) => r.userId !== userId && active.has(r.userId));
  const answeringNow = others.filter((r) => r.visibleFrom <= now && (mine.role === 'safety' ? r.role === 'safety' : r.role === 'main' || r.role === 'backup'));
  if (mine.role === 'backup' || answeringNow.length > 0 || row.kind === 'safety') {
    await repo.updateApproval(tx, row, { chain, ...noBackup });
    return [];
  }

  // The backup, not asked yet, is asked now; its half-time job has nothing left to do.
  const backup = others.find((r) => r.role === 'backup' && r.userId === row.backupApproverId);
  if (backup) {
    await repo.putRecipients(tx, [{ approvalId: row.id, userId: backup.userId, role: 'backup', visibleFrom: now }]);
    const saved = await repo.updateApproval(tx, row, { chain: askedNowChain(chain, backup.userId, now), backupAt: now });
    await settleJob(tx, backupKey(row.id), now);
    return tokensFor(tx, await viewOf(tx, saved), [view.people.get(backup.userId)!], now);
  }

  // The next approver of the company's chain, as an escalation would pick them.
  const candidates = row.companyId ? nextApprovers(await companyApprovers(tx, row.companyId), involvedIn(view.travel, view.products), view.recipients) : [];
  const target = candidates.find((c) => c.id !== userId);
  if (!target) {
    await repo.updateApproval(tx, row, { chain, ...noBackup });
    return [];
  }
  const person = (await repo.people(tx, [target.id])).get(target.id)!;
  chain = passedToChain(chain, chainPerson(person), now);
  const saved = await repo.updateApproval(tx, row, { status: 'escalated', approverId: target.id, chain, ...noBackup });
  await repo.putRecipients(tx, [{ approvalId: row.id, userId: target.id, role: 'main', visibleFrom: now }]);
  return tokensFor(tx, await viewOf(tx, saved), [person], now);
}
