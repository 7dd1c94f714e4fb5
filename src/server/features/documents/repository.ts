import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { travelDocuments, users } from '@server/db/schema';

export type DocumentValues = Omit<typeof travelDocuments.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** Holds the user's row until the transaction ends: two writes of one user's list run one after the other. */
export async function lockUser(tx: Db, userId: string) {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

export async function deleteDocuments(tx: Db, ids: string[]) {
  if (ids.length) await tx.delete(travelDocuments).where(inArray(travelDocuments.id, ids));
}

export async function updateDocument(tx: Db, id: string, values: DocumentValues, now: Date) {
  await tx
    .update(travelDocuments)
    .set({ ...values, updatedAt: now })
    .where(eq(travelDocuments.id, id));
}

export async function insertDocuments(tx: Db, userId: string, rows: DocumentValues[], now: Date) {
  if (rows.length) await tx.insert(travelDocuments).values(rows.map((values) => ({ ...values, userId, createdAt: now, updatedAt: now })));
}
