import { and, desc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { agencyTasks, users } from './schema';

/**
 * The agency's tasks (agency_tasks), shared by the features that write them — cancellation (offline
 * cancellations), booking (approved travels the supplier would not book) — and the agency work
 * queue that reads and closes them. Always within one agency: another agency's task is absent.
 */

export type TaskRow = typeof agencyTasks.$inferSelect;
export type TaskWithRequester = TaskRow & { requester: { firstname: string; lastname: string; email: string } };

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function insertTask(db: Db, values: typeof agencyTasks.$inferInsert): Promise<TaskRow> {
  const [row] = await db.insert(agencyTasks).values(values).returning();
  return row!;
}

/** The agency's task, locked for the rest of `tx` (another agency's is absent). */
export async function lockTask(tx: Db, agencyId: string, taskId: string): Promise<TaskRow | undefined> {
  if (!isUuid(taskId)) return undefined;
  const [row] = await tx
    .select()
    .from(agencyTasks)
    .where(and(eq(agencyTasks.id, taskId), eq(agencyTasks.agencyId, agencyId)))
    .for('update');
  return row;
}

export const updateTask = (db: Db, id: string, set: Partial<typeof agencyTasks.$inferInsert>) => db.update(agencyTasks).set(set).where(eq(agencyTasks.id, id));

/** The agency's tasks (optionally of one status, or one by id), newest first, with who asked. */
export async function tasksOf(db: Db, agencyId: string, filter: { status?: 'open' | 'done'; id?: string } = {}): Promise<TaskWithRequester[]> {
  if (filter.id !== undefined && !isUuid(filter.id)) return [];
  const rows = await db
    .select({ task: agencyTasks, requester: { firstname: users.firstname, lastname: users.lastname, email: users.email } })
    .from(agencyTasks)
    .innerJoin(users, eq(users.id, agencyTasks.requesterId))
    .where(
      and(
        eq(agencyTasks.agencyId, agencyId),
        filter.status ? eq(agencyTasks.status, filter.status) : undefined,
        filter.id ? eq(agencyTasks.id, filter.id) : undefined,
      ),
    )
    .orderBy(desc(agencyTasks.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...r.task, requester: r.requester }));
}
