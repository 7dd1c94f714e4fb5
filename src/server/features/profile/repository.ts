import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { sessions, users } from '@server/db/schema';

export type UserRow = typeof users.$inferSelect;

/** The user, locked until the transaction ends: two saves of one profile run one after the other. */
export async function lockUser(tx: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

/** Whether another of the agency's accounts has this e-mail (or username), case aside. */
export async function takenBy(tx: Db, agencyId: string, userId: string, column: 'email' | 'username', value: string): Promise<boolean> {
  const col = column === 'email' ? users.email : users.username;
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), ne(users.id, userId), sql`lower(${col}) = lower(${value})`))
    .limit(1);
  return rows.length > 0;
}

export async function saveProfile(tx: Db, userId: string, version: number, values: Partial<typeof users.$inferInsert>): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ ...values, version: version + 1 })
    .where(and(eq(users.id, userId), eq(users.version, version)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** A new password ends every other session of the user; the one that changed it stays. */
export const revokeOtherSessions = (tx: Db, userId: string, keep: string, at: Date) =>
  tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)));
