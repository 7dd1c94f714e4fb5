import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { escapeHtml } from '@contract/html';
import { outbox } from '@server/db/schema';
import { loopbackOnly } from '@server/platform/loopback';
import type { Services } from '@server/platform/services';

/**
 * Developer mailbox (never in production mode): the outbox, newest first, so a newcomer without
 * SMTP can follow activation and reset links. `/dev/mailbox.json?to=` serves the same to tests.
 * It answers the machine itself only: the e-mails carry sign-in and one-click links.
 */
export function mailboxRoutes({ db }: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', loopbackOnly);
    const latest = (to?: string) =>
      db
        .select()
        .from(outbox)
        .where(to ? eq(outbox.to, to) : undefined)
        .orderBy(desc(outbox.createdAt))
        .limit(50);

    r.get('/dev/mailbox.json', { schema: { hide: true, querystring: z.object({ to: z.string().max(254).optional() }) } }, async (request) => ({
      result: (await latest(request.query.to)).map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
        createdAt: m.createdAt.toISOString(),
      })),
    }));

    r.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const mails = await latest();
      const items = mails
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">À : ${escapeHtml(m.to)} — ${m.createdAt.toISOString()}</p>${m.html.replace(/<!doctype html><html><body[^>]*>|<\/body><\/html>/gi, '')}${
              m.attachments.length ? `<p class="meta">Pièces jointes : ${m.attachments.map((a) => escapeHtml(a.filename)).join(', ')}</p>` : ''
            }</article>`,
        )
        .join('\n');
      const page = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte de réception de développement</title></head>
<body><main><h1>Boîte de réception de développement</h1><p>Les e-mails envoyés par Escale sans serveur SMTP (les 50 derniers).</p>
${items || '<p>Aucun e-mail pour le moment.</p>'}</main></body></html>`;
      return reply.type('text/html; charset=utf-8').send(page);
    });
  };
}
