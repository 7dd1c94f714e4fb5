import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema';

/** The users' rows as sign-in, sign-up, single sign-on and the travel manager's invitations find and make them. */
export type UserRecord = typeof users.$inferSelect;

export const userById = async (db: Db, id: string): Promise<UserRecord | undefined> => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/** A user of the agency by username, whatever its case. */
export const userByUsername = async (db: Db, agencyId: string, username: string): Promise<UserRecord | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.agencyId, agencyId), sql`lower(${users.username}) = lower(${username})`))
      .limit(1)
  )[0];

/** A user of the agency by e-mail, whatever its case. */
export const userByEmail = async (db: Db, agencyId: string, email: string): Promise<UserRecord | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.agencyId, agencyId), sql`lower(${users.email}) = lower(${email})`))
      .limit(1)
  )[0];

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRecord> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export const activateUser = (db: Db, id: string, at: Date) => db.update(users).set({ status: 'active', activatedAt: at }).where(eq(users.id, id));
