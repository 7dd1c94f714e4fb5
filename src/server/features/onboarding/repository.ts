import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { users } from '@server/db/schema';
import type { UserRecord } from '@server/db/users';

/** Onboarding: the identity and, with the traveller's consent, the details; the account is active from then on. */
export async function completeOnboarding(
  tx: Db,
  userId: string,
  values: Pick<UserRecord, 'firstname' | 'lastname' | 'username' | 'email' | 'gender' | 'phone' | 'birthdate'> & { passwordHash?: string; refuse: boolean },
  now: Date,
) {
  const { passwordHash, refuse, ...identity } = values;
  const [row] = await tx
    .update(users)
    .set({
      ...identity,
      ...(passwordHash ? { passwordHash } : {}),
      ...(refuse ? { address: null, subsidyNumber: null, cityOfBirth: null, birthCountry: null, accessibility: null } : {}),
      status: 'active',
      gdprConsentAt: now,
      activatedAt: sql`coalesce(${users.activatedAt}, ${now.toISOString()}::timestamptz)`,
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Whether another account of the agency has this username or e-mail, whatever its case. */
export async function nameTaken(db: Db, agencyId: string, userId: string, field: 'username' | 'email', value: string): Promise<boolean> {
  const column = field === 'username' ? users.username : users.email;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), sql`lower(${column}) = lower(${value})`, sql`${users.id} <> ${userId}`))
    .limit(1);
  return Boolean(row);
}
