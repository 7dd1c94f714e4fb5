import { desc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { auditEvents } from './schema';

export type AuditEvent = typeof auditEvents.$inferSelect;

/** Who changed an agency's set-up: a user (their id and username), or the operator tool (`{ id: null, name: 'operator' }`). */
export type AuditActor = { id: string | null; name: string };

/** One line of the agency's history, in the transaction of the change it records (a rolled-back change leaves none). */
export async function recordAudit(
  db: Db,
  event: { agencyId: string; actor: AuditActor; action: string; target: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditEvents).values({
    agencyId: event.agencyId,
    actorId: event.actor.id,
    actor: event.actor.name,
    action: event.action,
    target: event.target,
    detail: event.detail ?? {},
  });
}

/** The agency's history, newest first. */
export const auditOf = (db: Db, agencyId: string, limit = 100): Promise<AuditEvent[]> =>
  db.select().from(auditEvents).where(eq(auditEvents.agencyId, agencyId)).orderBy(desc(auditEvents.at)).limit(limit);
