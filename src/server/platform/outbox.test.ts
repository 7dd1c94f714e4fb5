import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@test/support/databases';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { jobs, outbox } from '../db/schema';
import { createSandboxSupplier } from '../supplier';
import { fixedClock } from './clock';
import { backoffMs, runDueJobs } from './jobs';
import { transportMailer, type Mail } from './mail';
import { deliveryKey, mailJobs, queueMails } from './outbox';
import type { Services } from './services';

/**
 * Mails written in a transaction (the booking's) reach SMTP once that transaction committed, with
 * their attachments, once; a rolled-back change sends nothing; a refused send is tried again.
 */

let database: Database;
let services: Services;
const clock = fixedClock('2026-11-22T09:00:00Z');
/** The raw messages the SMTP transport was given; `refuse` makes the next sends fail. */
const sent: string[] = [];
let refuse = 0;
beforeAll(async () => {
  database = await freshDatabase();
  const stream = createTransport({ streamTransport: true, buffer: true });
  const transport = {
    sendMail: async (message: Parameters<typeof stream.sendMail>[0]) => {
      if (refuse > 0) {
        refuse--;
        throw new Error('421 try again later');
      }
      const info = await stream.sendMail(message);
      sent.push(info.message.toString());
      return info;
    },
  };
  const mailer = transportMailer(transport, 'Escale <no-reply@escale.example>', () => undefined);
  services = { db: database.db, clock, config: loadConfig({ NODE_ENV: 'test' }), mailer, supplier: createSandboxSupplier() };
});
afterAll(() => database.close());

const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const mail = (to: string): Mail => ({
  agencyId: null,
  to,
  subject: 'Réservation confirmée',
  text: 'Votre voyage est réservé.',
  html: '<p>Votre voyage est réservé.</p>',
  attachments: [{ filename: 'voyage.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
});
const rowsTo = (to: string) => database.db.select().from(outbox).where(eq(outbox.to, to));
const deliver = () => runDueJobs(services, mailJobs);

/** The decoded body of the (possibly nested) MIME part whose headers match. */
function part(raw: string, header: RegExp): string {
  const boundaries = [...raw.matchAll(/boundary="([^"]+)"/g)].map((m) => m[1]!);
  const parts = boundaries.reduce((chunks, b) => chunks.flatMap((c) => c.split(`--${b}`)), [raw]);
  const found = parts.find((p) => header.test(p.split('\r\n\r\n')[0]!));
  expect(found, `no part matching ${header}`).toBeDefined();
  const [headers, ...body] = found!.replace(/^\r\n/, '').split('\r\n\r\n');
  const content = body.join('\r\n\r\n').replace(/\r\n$/, '');
  if (/Content-Transfer-Encoding: base64/i.test(headers!)) return Buffer.from(content.replace(/\s/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers!))
    return Buffer.from(
      content.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return content;
}

describe('mails written in a transaction', () => {
  it('writes nothing when the transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueMails(tx, services.mailer, [mail('rolled@back.example')], clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsTo('rolled@back.example')).toHaveLength(0);
    expect(await deliver()).toBe(0);
    expect(sent).toHaveLength(0);
  });

  it('delivers a committed mail once, with its text part and its .ics attached', async () => {
    await database.db.transaction((tx) => queueMails(tx, services.mailer, [mail('gus@globex.example')], clock.now()));
    const [row] = await rowsTo('gus@globex.example');
    expect(row!.sentAt).toBeNull();
    expect(await deliver()).toBe(1);
    expect(sent).toHaveLength(1);
    const raw = sent[0]!;
    expect(raw).toMatch(/^To: gus@globex\.example$/m);
    expect(part(raw, /Content-Type: text\/plain/)).toContain('Votre voyage est réservé.');
    expect(part(raw, /Content-Type: text\/calendar; charset=utf-8; method=PUBLISH; name=voyage\.ics/)).toBe(ics);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=voyage\.ics/);
    expect((await rowsTo('gus@globex.example'))[0]!.sentAt).not.toBeNull();

    // Again (a twin runner, a retry): a sent mail is not sent twice.
    await services.mailer.deliver!(database.db, row!.id);
    expect(await deliver()).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('tries a refused send again later, and then sends it once', async () => {
    refuse = 1;
    await database.db.transaction((tx) => queueMails(tx, services.mailer, [mail('alice@acme.example')], clock.now()));
    const [row] = await rowsTo('alice@acme.example');
    expect(await deliver()).toBe(1);
    expect(sent).toHaveLength(1);
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, deliveryKey(row!.id)));
    expect(job).toMatchObject({ doneAt: null, lastError: expect.stringContaining('421 try again later') });
    expect((await rowsTo('alice@acme.example'))[0]).toMatchObject({ sentAt: null, attempts: 1 });
    clock.advance(backoffMs(1));
    expect(await deliver()).toBe(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/^To: alice@acme\.example$/m);
    expect((await rowsTo('alice@acme.example'))[0]).toMatchObject({ sentAt: expect.any(Date), attempts: 2 });
  });
});
