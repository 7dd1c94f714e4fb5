import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { TRAVEL_STATUSES } from '../../../contract/travel';
import type { Db } from '../../db/client';
import { agencyTasks, companies, travelProducts, travels, users, type CompanyConfig } from '../../db/schema';
import { loadTravels, type TravelRecord } from '../../db/travels';

/** SQL only cancellation uses: whose products these are, the company's cancellation rules, the agency's tasks. */

export type TaskRow = typeof agencyTasks.$inferSelect;

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** product id → travel id, for the products of `ids` in the user's own travels (others', and unknown ids, are absent). */
export async function ownProducts(db: Db, userId: string, ids: string[]): Promise<Map<string, string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: travelProducts.id, travelId: travelProducts.travelId })
    .from(travelProducts)
    .innerJoin(travels, eq(travels.id, travelProducts.travelId))
    .where(and(inArray(travelProducts.id, valid), eq(travels.userId, userId)));
  return new Map(rows.map((r) => [r.id, r.travelId]));
}

/** Travels by id, whoever owns them (every status), each with its products. */
export async function travelsById(db: Db, ids: string[]): Promise<TravelRecord[]> {
  if (ids.length === 0) return [];
  const owners = await db.select({ id: travels.id, userId: travels.userId }).from(travels).where(inArray(travels.id, ids)).orderBy(asc(travels.id));
  const recs = await Promise.all(owners.map((o) => loadTravels(db, o.userId, { id: o.id, statuses: [...TRAVEL_STATUSES] })));
  return recs.flatMap((r) => r);
}

/** Locks the travels (in id order, so two cancellations never wait on each other crosswise) for the rest of `tx`. */
export async function lockTravels(tx: Db, ids: string[]): Promise<void> {
  for (const id of [...ids].sort()) await tx.select({ id: travels.id }).from(travels).where(eq(travels.id, id)).for('update');
}

export async function companyConfig(db: Db, companyId: string | null): Promise<CompanyConfig | null> {
  if (!companyId) return null;
  const [row] = await db.select({ config: companies.config }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.config ?? null;
}

export const updateProduct = (db: Db, id: string, set: Partial<typeof travelProducts.$inferInsert>) => db.update(travelProducts).set(set).where(eq(travelProducts.id, id));

export async function insertTask(db: Db, values: typeof agencyTasks.$inferInsert): Promise<TaskRow> {
  const [row] = await db.insert(agencyTasks).values(values).returning();
  return row!;
}

/** The agency's task, locked for the rest of `tx` (another agency's is absent). */
export async function lockTask(tx: Db, agencyId: string, taskId: string): Promise<TaskRow | undefined> {
  if (!isUuid(taskId)) return undefined;
  const [row] = await tx.select().from(agencyTasks).where(and(eq(agencyTasks.id, taskId), eq(agencyTasks.agencyId, agencyId))).for('update');
  return row;
}

export const updateTask = (db: Db, id: string, set: Partial<typeof agencyTasks.$inferInsert>) => db.update(agencyTasks).set(set).where(eq(agencyTasks.id, id));

export type TaskWithRequester = TaskRow & { requester: { firstname: string; lastname: string; email: string } };

/** The agency's tasks (optionally of one status), newest first, with who asked. */
export async function tasksOf(db: Db, agencyId: string, filter: { status?: 'open' | 'done'; id?: string } = {}): Promise<TaskWithRequester[]> {
  if (filter.id !== undefined && !isUuid(filter.id)) return [];
  const rows = await db
    .select({ task: agencyTasks, requester: { firstname: users.firstname, lastname: users.lastname, email: users.email } })
    .from(agencyTasks)
    .innerJoin(users, eq(users.id, agencyTasks.requesterId))
    .where(and(eq(agencyTasks.agencyId, agencyId), filter.status ? eq(agencyTasks.status, filter.status) : undefined, filter.id ? eq(agencyTasks.id, filter.id) : undefined))
    .orderBy(desc(agencyTasks.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...r.task, requester: r.requester }));
}

/** Who asked: their name and address, for the agency's e-mail. */
export async function person(db: Db, userId: string) {
  const [row] = await db.select({ firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row!;
}
