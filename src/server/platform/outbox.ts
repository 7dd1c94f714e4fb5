import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { enqueue, type JobHandlers } from './jobs';
import type { Mail, Mailer } from './mail';

/** A mail SMTP keeps refusing is given up after this many attempts (about two hours with the jobs' backoff); it stays in the outbox. */
const DELIVERY_ATTEMPTS = 8;

export const deliveryKey = (outboxId: string) => `deliver-mail:${outboxId}`;

/**
 * Writes mails in the transaction of the change they tell of, so they exist if and only if that
 * change committed, and a retry that finds the change made writes none. When mails leave the
 * outbox (SMTP), a deliver-mail job per mail, in the same transaction, sends it once committed.
 */
export async function queueMails(tx: Db, mailer: Mailer, mails: Mail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  const rows = await tx.insert(outbox).values(mails).returning({ id: outbox.id });
  if (!mailer.deliver) return;
  for (const row of rows) await enqueue(tx, { kind: 'deliver-mail', key: deliveryKey(row.id), payload: { outboxId: row.id }, runAt: now });
}

export const mailJobs: JobHandlers = {
  /** Sends a mail written by queueMails (a sent one is not sent again); a failure retries with the jobs' backoff. */
  'deliver-mail': async ({ db, mailer }, job) => {
    try {
      await mailer.deliver?.(db, String(job.payload.outboxId));
    } catch (err) {
      if (job.attempts < DELIVERY_ATTEMPTS) throw err;
    }
  },
};
