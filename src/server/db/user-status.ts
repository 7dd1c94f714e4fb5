import { and, eq, isNull } from 'drizzle-orm';
import { retireInvitations } from '@server/invitations/invitations';
import { revokeAllSessions } from '@server/platform/auth';
import type { Clock } from '@server/platform/clock';
import { enqueue } from '@server/platform/jobs';
import type { Db } from './client';
import { approvalTokens, users, type UserStatus } from './schema';
import type { UserRecord } from './users';

/**
 * Closing and reopening an employee's account, whoever does it: the company's travel manager
 * (features/company-admin) or its identity provider through SCIM (features/scim). Both must leave
 * the account in the same state, so both come here.
 */

async function setUserStatus(db: Db, userId: string, status: UserStatus): Promise<UserRecord> {
  const [row] = await db.update(users).set({ status }).where(eq(users.id, userId)).returning();
  return row!;
}

/** The job (features/approvals/reassign.ts) that passes a deactivated approver's open requests on, one per user. */
export const DEACTIVATED_APPROVER_JOB = 'approvals-of-deactivated';
export const deactivatedApproverKey = (userId: string) => `${DEACTIVATED_APPROVER_JOB}:${userId}`;

/**
 * Deactivates an account, in the caller's transaction: no sign-in, every session ends (the next call
 * answers 401), in no list of approvers (they list active employees only) nor as anyone's backup, its
 * invitation link dead, its e-mailed one-click approval links spent. The open approval requests it
 * was asked to answer go to someone else (the backup, or the next approver of the company's chain)
 * by a job enqueued here, right after the commit. The travels and bookings stay: nothing is deleted.
 */
export async function deactivateAccount(tx: Db, clock: Clock, userId: string): Promise<UserRecord> {
  const now = clock.now();
  const row = await setUserStatus(tx, userId, 'inactive');
  // Backups that named them name no one now (a deactivated employee answers nothing).
  await tx.update(users).set({ backupApproverId: null }).where(eq(users.backupApproverId, userId));
  await retireInvitations(tx, userId, now);
  await revokeAllSessions({ db: tx, clock }, userId);
  await tx
    .update(approvalTokens)
    .set({ usedAt: now })
    .where(and(eq(approvalTokens.userId, userId), isNull(approvalTokens.usedAt)));
  await enqueue(tx, { kind: DEACTIVATED_APPROVER_JOB, key: deactivatedApproverKey(userId), payload: { userId }, runAt: now });
  return row;
}

/** Back to active, or to invited when they never accepted their invitation (they need a new link then). */
export const reactivateAccount = (tx: Db, user: Pick<UserRecord, 'id' | 'activatedAt'>): Promise<UserRecord> =>
  setUserStatus(tx, user.id, user.activatedAt ? 'active' : 'invited');
