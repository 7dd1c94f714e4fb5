import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox, type MailAttachment } from '../db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import { escapeHtml } from '@contract/html';

export type { MailAttachment };
export type Mail = { agencyId: string | null; to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };
export type Mailer = {
  /** Writes the mail to the outbox and delivers it now (outside a transaction: delivery may wait on SMTP). */
  send: (db: Db, mail: Mail) => Promise<void>;
  /**
   * Present when mails leave the outbox (SMTP): delivers one written mail unless it was sent already
   * (the deliver-mail job of mails written in a transaction, platform/outbox.ts). Throws when it failed.
   */
  deliver?: (db: Db, outboxId: string) => Promise<void>;
};

/** Every mail is written to the outbox table first, so a failed SMTP send loses nothing. */
export const outboxMailer: Mailer = {
  async send(db, mail) {
    await db.insert(outbox).values(mail);
  },
};

/** Outbox plus an SMTP send (nodemailer) when SMTP_URL is configured. */
export async function smtpMailer(url: string, from: string, onError: (err: unknown, to: string) => void): Promise<Mailer> {
  const { createTransport } = await import('nodemailer');
  return transportMailer(createTransport(url), from, onError);
}

/** Outbox plus a send through a nodemailer transport; the attachments go as files of the message. */
export function transportMailer(transport: Pick<Transporter, 'sendMail'>, from: string, onError: (err: unknown, to: string) => void): Mailer {
  const deliverRow = async (db: Db, row: typeof outbox.$inferSelect) => {
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      await db
        .update(outbox)
        .set({ sentAt: new Date(), attempts: row.attempts + 1 })
        .where(eq(outbox.id, row.id));
    } catch (err) {
      onError(err, row.to);
      await db
        .update(outbox)
        .set({ attempts: row.attempts + 1 })
        .where(eq(outbox.id, row.id));
      throw err;
    }
  };
  return {
    async send(db, mail) {
      const [row] = await db.insert(outbox).values(mail).returning();
      // Reported by onError and kept in the outbox: the action that sent it still succeeds.
      await deliverRow(db, row!).catch(() => undefined);
    },
    async deliver(db, outboxId) {
      const [row] = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.id, outboxId), isNull(outbox.sentAt)))
        .limit(1);
      if (row) await deliverRow(db, row);
    },
  };
}

/** A plain transactional e-mail: greeting, one paragraph, one button-link. */
export function linkMail(p: { greeting: string; body: string; action: string; url: string; footer: string }) {
  const text = `${p.greeting}\n\n${p.body}\n\n${p.action} : ${p.url}\n\n${p.footer}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(p.greeting)}</p><p>${escapeHtml(p.body)}</p>
<p><a href="${escapeHtml(p.url)}">${escapeHtml(p.action)}</a></p>
<p style="color:#555">${escapeHtml(p.footer)}</p></body></html>`;
  return { text, html };
}

/**
 * A transactional e-mail with details and several links: greeting, paragraphs, `label: value`
 * lines, one line per action (the first is the main one), footer. The plain-text part says all of it.
 */
export function detailedMail(p: {
  greeting: string;
  paragraphs: string[];
  details: [string, string][];
  actions: { label: string; url: string }[];
  footer: string;
}) {
  const text = [
    p.greeting,
    p.paragraphs.join('\n\n'),
    p.details.map(([label, value]) => `${label} : ${value}`).join('\n'),
    p.actions.map((a) => `${a.label} : ${a.url}`).join('\n'),
    p.footer,
  ]
    .filter((block) => block.length > 0)
    .join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(p.greeting)}</p>${p.paragraphs.map((para) => `<p>${escapeHtml(para)}</p>`).join('')}
${p.details.length ? `<table style="border-collapse:collapse">${p.details.map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td style="white-space:pre-line">${escapeHtml(value)}</td></tr>`).join('')}</table>` : ''}
${p.actions.map((a) => `<p><a href="${escapeHtml(a.url)}">${escapeHtml(a.label)}</a></p>`).join('')}
<p style="color:#555">${escapeHtml(p.footer)}</p></body></html>`;
  return { text, html };
}
