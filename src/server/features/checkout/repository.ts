import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** The company's active users with the approval permission, by name. */
export const companyApprovers = (db: Db, companyId: string) =>
  db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), arrayContains(users.perms, ['approval'])))
    .orderBy(asc(users.lastname), asc(users.firstname));
