import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ApprovalFilter, ApprovalQuery } from '@contract/approvals';
import { insertTask } from '@server/db/agency-tasks';
import type { Db } from '@server/db/client';
import { agencies, approvalRecipients, approvalRequests, approvalTokens, travelProducts, travels, users } from '@server/db/schema';
import { foldName, OPEN_STATUSES, type ApprovalKind, type Person, type Recipient, type RecipientRole, type Viewer } from '@server/domain/approvals';
import type { ProductData } from '@server/domain/product';
import { fail } from '@server/platform/errors';

/** SQL of the approval requests: the inbox lists and counts, locks and version-guarded answers, one-click tokens. */

export type ApprovalRow = typeof approvalRequests.$inferSelect;
export type RecipientRow = typeof approvalRecipients.$inferSelect;
export type PersonRow = Person & Viewer & { lang: 'fr' | 'en' };

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function approvalById(db: Db, id: string): Promise<ApprovalRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).limit(1);
  return row;
}

/** Locks the travel, then the request (always in this order): answers to one travel's requests run one after another. */
export async function lockForAnswer(tx: Db, approvalId: string): Promise<ApprovalRow | undefined> {
  const head = await approvalById(tx, approvalId);
  if (!head) return undefined;
  await tx.select({ id: travels.id }).from(travels).where(eq(travels.id, head.travelId)).for('update');
  const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, approvalId)).for('update');
  return row;
}

/** An approved travel the supplier would not book goes to its agency's work queue (features/agency-queue), for its staff to follow up. */
export async function queueFailedBooking(tx: Db, values: { agencyId: string; travelId: string; productIds: string[]; requesterId: string; createdAt: Date }) {
  await insertTask(tx, { ...values, kind: 'failed_booking' });
}

export const roundOf = (db: Db, roundId: string) =>
  db.select().from(approvalRequests).where(eq(approvalRequests.roundId, roundId)).orderBy(asc(approvalRequests.kind));

/** The travel's latest round of requests (regular first). */
export async function latestRound(db: Db, travelId: string): Promise<ApprovalRow[]> {
  const [last] = await db
    .select({ roundId: approvalRequests.roundId })
    .from(approvalRequests)
    .where(eq(approvalRequests.travelId, travelId))
    .orderBy(desc(approvalRequests.requestedAt))
    .limit(1);
  return last ? roundOf(db, last.roundId) : [];
}

/**
 * Writes an answer only on the version it was read at: a concurrent answer that came first leaves
 * nothing to update, and this one is refused (the caller answers 409 with the current state).
 */
export async function updateApproval(
  db: Db,
  row: Pick<ApprovalRow, 'id' | 'version'>,
  set: Partial<typeof approvalRequests.$inferInsert>,
): Promise<ApprovalRow> {
  const [updated] = await db
    .update(approvalRequests)
    .set({ ...set, version: row.version + 1 })
    .where(and(eq(approvalRequests.id, row.id), eq(approvalRequests.version, row.version)))
    .returning();
  return updated ?? fail('TICKETS_NOT_AWAITING_APPROVAL');
}

export const insertApprovals = (db: Db, rows: (typeof approvalRequests.$inferInsert)[]) => db.insert(approvalRequests).values(rows).returning();

export async function recipientsOf(db: Db, approvalIds: string[]): Promise<RecipientRow[]> {
  if (approvalIds.length === 0) return [];
  return db.select().from(approvalRecipients).where(inArray(approvalRecipients.approvalId, approvalIds));
}

export async function putRecipients(db: Db, rows: { approvalId: string; userId: string; role: RecipientRole; visibleFrom: Date }[]) {
  if (rows.length === 0) return;
  await db
    .insert(approvalRecipients)
    .values(rows)
    .onConflictDoUpdate({
      target: [approvalRecipients.approvalId, approvalRecipients.userId],
      set: { role: sql`excluded.role`, visibleFrom: sql`excluded.visible_from` },
    });
}

export async function people(db: Db, ids: string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      username: users.username,
      lang: users.lang,
      companyId: users.companyId,
      perms: users.perms,
      flags: users.flags,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The company's users flagged as the safety service. */
export const safetyApprovers = (db: Db, companyId: string) =>
  db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), sql`(${users.flags} ->> 'canApproveSafetyApproval')::boolean is true`))
    .orderBy(asc(users.lastname), asc(users.firstname));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A status filter of the list, on the request's status and the caller's part in it. */
function filterOf(filter: ApprovalFilter): SQL {
  switch (filter) {
    case 'pending':
      return and(inArray(approvalRequests.status, OPEN_STATUSES), inArray(approvalRecipients.role, ['main', 'backup', 'safety']))!;
    case 'answered':
      return or(inArray(approvalRequests.status, ['accepted', 'denied']), eq(approvalRecipients.role, 'former'))!;
    default:
      return eq(approvalRequests.status, filter);
  }
}

const SORT_COLUMNS = {
  requestedAt: approvalRequests.requestedAt,
  start: approvalRequests.startsAt,
  totalAmount: approvalRequests.totalAmount,
  timeLimit: approvalRequests.timeLimit,
};

/** One page of the requests a user sees in an inbox (theirs from `visible_from`), filtered and sorted. */
export async function listFor(db: Db, userId: string, kind: ApprovalKind, query: ApprovalQuery, now: Date): Promise<ApprovalRow[]> {
  const statuses = query.status === undefined ? [] : [query.status].flat();
  const pax = query.paxName ? foldName(query.paxName) : '';
  const column = SORT_COLUMNS[query.sortBy];
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ request: approvalRequests })
    .from(approvalRecipients)
    .innerJoin(approvalRequests, eq(approvalRequests.id, approvalRecipients.approvalId))
    .where(
      and(
        eq(approvalRecipients.userId, userId),
        lte(approvalRecipients.visibleFrom, now),
        eq(approvalRequests.kind, kind),
        statuses.length ? or(...statuses.map(filterOf)) : undefined,
        pax ? sql`${approvalRequests.paxSearch} like ${`%${escapeLike(pax)}%`}` : undefined,
      ),
    )
    .orderBy(direction(column), direction(approvalRequests.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows.map((r) => r.request);
}

/** Requests awaiting the user's answer now, regular and safety. */
export async function countsFor(db: Db, userId: string, now: Date): Promise<{ regular: number; safety: number }> {
  const rows = await db
    .select({ kind: approvalRequests.kind, n: sql<number>`count(*)::int` })
    .from(approvalRecipients)
    .innerJoin(approvalRequests, eq(approvalRequests.id, approvalRecipients.approvalId))
    .where(
      and(
        eq(approvalRecipients.userId, userId),
        lte(approvalRecipients.visibleFrom, now),
        inArray(approvalRecipients.role, ['main', 'backup', 'safety']),
        inArray(approvalRequests.status, OPEN_STATUSES),
      ),
    )
    .groupBy(approvalRequests.kind);
  return { regular: rows.find((r) => r.kind === 'regular')?.n ?? 0, safety: rows.find((r) => r.kind === 'safety')?.n ?? 0 };
}

export const insertTokens = (db: Db, rows: (typeof approvalTokens.$inferInsert)[]) =>
  rows.length ? db.insert(approvalTokens).values(rows) : Promise.resolve();

export async function tokenByHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(approvalTokens).where(eq(approvalTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Spends a token once: the user's other tokens for the request (the other answer) go with it. False when it was already spent. */
export async function spendToken(db: Db, token: { tokenHash: string; approvalId: string; userId: string }, now: Date): Promise<boolean> {
  const spent = await db
    .update(approvalTokens)
    .set({ usedAt: now })
    .where(and(eq(approvalTokens.tokenHash, token.tokenHash), isNull(approvalTokens.usedAt), gt(approvalTokens.expiresAt, now)))
    .returning({ hash: approvalTokens.tokenHash });
  if (spent.length === 0) return false;
  await db
    .update(approvalTokens)
    .set({ usedAt: now })
    .where(and(eq(approvalTokens.approvalId, token.approvalId), eq(approvalTokens.userId, token.userId), isNull(approvalTokens.usedAt)));
  return true;
}

export type { Recipient };

/** Travels and their products by id, whoever owns them (an approver reads the requester's). */
export async function travelsByIds(db: Db, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { travel: typeof travels.$inferSelect; products: (typeof travelProducts.$inferSelect)[] }>();
  const [rows, products] = await Promise.all([
    db.select().from(travels).where(inArray(travels.id, unique)),
    // Without the journey's cabins (every fare of every class of the train): the request shows the chosen one.
    db
      .select({ ...getTableColumns(travelProducts), data: sql<ProductData>`${travelProducts.data} #- '{journey,cabins}'` })
      .from(travelProducts)
      .where(inArray(travelProducts.travelId, unique))
      .orderBy(asc(travelProducts.startsAt), asc(travelProducts.createdAt)),
  ]);
  return new Map(rows.map((travel) => [travel.id, { travel, products: products.filter((p) => p.travelId === travel.id) }]));
}

export async function agencyName(db: Db, id: string | null): Promise<string> {
  if (!id) return '';
  const [row] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, id)).limit(1);
  return row?.name ?? '';
}

/** Whether the user may still answer requests (a deactivated account's links and inbox answer nothing). */
export async function isActiveUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.status === 'active';
}

/** The open requests a user is asked (or will be asked, as backup) to answer. */
export async function openRequestsAsking(db: Db, userId: string): Promise<ApprovalRow[]> {
  const rows = await db
    .select({ request: approvalRequests })
    .from(approvalRecipients)
    .innerJoin(approvalRequests, eq(approvalRequests.id, approvalRecipients.approvalId))
    .where(
      and(
        eq(approvalRecipients.userId, userId),
        inArray(approvalRecipients.role, ['main', 'backup', 'safety']),
        inArray(approvalRequests.status, OPEN_STATUSES),
      ),
    )
    .orderBy(asc(approvalRequests.requestedAt));
  return rows.map((r) => r.request);
}

/** Of these users, the active ones. */
export async function activeOf(db: Db, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.status, 'active')));
  return new Set(rows.map((r) => r.id));
}

/** A recipient's row removed (a backup not asked yet who can no longer be). */
export const dropRecipient = (db: Db, approvalId: string, userId: string) =>
  db.delete(approvalRecipients).where(and(eq(approvalRecipients.approvalId, approvalId), eq(approvalRecipients.userId, userId)));
