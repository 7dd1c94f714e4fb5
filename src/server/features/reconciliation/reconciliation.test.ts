import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobServices, startApi, type Api } from '@test/support/api';
import { gusBookedTravel } from '@test/factories/booked-travel';
import { components, instantOf, parseIcs, prop, text } from '@test/support/ics';
import type { Travel } from '@contract/travel';
import { JOB_HANDLERS } from '@server/app';
import { jobs, outbox, travelProducts } from '@server/db/schema';
import { runDueJobs } from '@server/platform/jobs';
import type { Services } from '@server/platform/services';
import { createSandboxSupplier } from '@server/supplier';
import { sandboxChangeOf, sandboxPnrWith } from '@server/supplier/sandbox/booking';
import { RECONCILIATION_JOB, scheduleReconciliation } from './jobs';
import type { TripData } from '@server/domain/product';

/**
 * Daily reconciliation: booked products still ahead compared with the supplier. The
 * sandbox's carriers cancel or move a few PNRs (supplier/sandbox/booking.ts sandboxChangeOf): the
 * test gives its bookings such PNRs, runs the job, and reads what the API, the mailbox and the
 * calendar show — then runs it again: nothing is flagged twice.
 */

let api: Api;
let services: Services;
let gus: string;
beforeAll(async () => {
  api = await startApi();
  services = jobServices(api);
  gus = await api.login('gus');
});
afterAll(() => api.close());

const DAY = 24 * 3_600_000;
const UNCHANGED_PNR = 'ABCDEF';

async function productOf(travelId: string) {
  const [row] = await api.db.select().from(travelProducts).where(eq(travelProducts.travelId, travelId)).orderBy(asc(travelProducts.startsAt));
  return row!;
}
const setPnr = async (travelId: string, pnr: string) => api.db.update(travelProducts).set({ pnr }).where(eq(travelProducts.travelId, travelId));
const read = async (id: string, lang = 'fr') =>
  (await api.call('GET', `/api/v1/v2/travels/${id}`, { token: gus, headers: { 'accept-language': lang } })).body.result as Travel;
const mailsAbout = async (pnr: string) =>
  (await api.db.select().from(outbox).where(eq(outbox.to, 'gus@globex.example')).orderBy(asc(outbox.createdAt))).filter((m) => m.text.includes(pnr));

describe('the daily reconciliation', () => {
  it('cancels what the carrier cancelled, moves what it moved, tells the traveller once, and leaves the rest alone', async () => {
    expect(sandboxChangeOf(UNCHANGED_PNR)).toEqual({ kind: 'none' });
    const cancelledPnr = sandboxPnrWith('cancelled');
    const movedPnr = sandboxPnrWith('schedule');
    const shift = sandboxChangeOf(movedPnr);
    if (shift.kind !== 'schedule') throw new Error('no schedule change');

    const [cancelled, moved, same] = [
      await gusBookedTravel(api, gus),
      await gusBookedTravel(api, gus, '2026-11-24T07:00'),
      await gusBookedTravel(api, gus, '2026-11-25T07:00'),
    ];
    await setPnr(cancelled.id, cancelledPnr);
    await setPnr(moved.id, movedPnr);
    await setPnr(same.id, UNCHANGED_PNR);
    const before = { moved: await productOf(moved.id), same: await read(same.id) };

    await scheduleReconciliation(api.db, api.clock.now());
    await runDueJobs(services, JOB_HANDLERS);

    // Cancelled by the carrier: product and travel cancelled, the warning in the reader's language, one e-mail.
    const nowCancelled = await read(cancelled.id);
    expect(nowCancelled.status).toBe('cancelled');
    expect(nowCancelled.version).toBe(cancelled.version + 1);
    expect(nowCancelled.products[0]!.status).toBe('cancelled');
    expect(nowCancelled.products[0]!.warnings).toEqual([
      'Le transporteur a annulé ce trajet. Contactez votre agence pour un autre billet ou un remboursement.',
    ]);
    expect((await read(cancelled.id, 'en')).products[0]!.warnings).toEqual([
      'The carrier cancelled this trip. Contact your agency for another ticket or a refund.',
    ]);
    const [cancelMail, ...moreCancelMails] = await mailsAbout(cancelledPnr);
    expect(moreCancelMails).toHaveLength(0);
    expect(cancelMail!.subject).toBe('Escale Voyages : trajet annulé par le transporteur – Paris → Lyon, lun. 23/11');
    expect(cancelMail!.text).toContain('Bonjour Gus,');
    expect(cancelMail!.text).toContain('Le transporteur a annulé un trajet de votre voyage.');
    expect(cancelMail!.text).toContain(`Référence (PNR) : ${cancelledPnr}`);
    expect(cancelMail!.text).toContain(`/travel-view?travel=${cancelled.id}`);
    // A cancelled travel has no booked leg left: no calendar link; the feed shows its legs cancelled (calendar tests).
    expect(nowCancelled.links.calendar).toBeUndefined();

    // Moved: the legs' new times, in the station's own clock, the warning old → new, one e-mail, the calendar updated.
    const nowMoved = await read(moved.id);
    const section = (before.moved.data as TripData).journey.sections[0]!;
    const last = (before.moved.data as TripData).journey.sections.at(-1)!;
    const later = (iso: string) => Date.parse(iso) + shift.minutes * 60_000;
    expect(nowMoved.status).toBe('booked');
    expect(nowMoved.version).toBe(moved.version + 1);
    expect(Date.parse(nowMoved.products[0]!.departure)).toBe(later(section.departure));
    expect(nowMoved.products[0]!.departure.slice(19)).toBe(section.departure.slice(19)); // the station's offset kept
    const hhmm = (ms: number, iso: string) => new Date(ms + (Date.parse(iso.slice(0, 19) + 'Z') - Date.parse(iso))).toISOString().slice(11, 16);
    const warning = `Horaires modifiés par le transporteur : départ ${section.departure.slice(11, 16)} → ${hhmm(later(section.departure), section.departure)}, arrivée ${last.arrival.slice(11, 16)} → ${hhmm(later(last.arrival), last.arrival)} (heures locales).`;
    expect(nowMoved.products[0]!.warnings).toEqual([warning]);
    const [moveMail, ...moreMoveMails] = await mailsAbout(movedPnr);
    expect(moreMoveMails).toHaveLength(0);
    expect(moveMail!.subject).toBe('Escale Voyages : horaires modifiés – Paris → Lyon, mar. 24/11');
    expect(moveMail!.text).toContain(`Changement : ${warning}`);
    const ics = parseIcs((await api.call('GET', nowMoved.links.calendar!.href, { token: gus })).body as string);
    const event = components(ics, 'VEVENT')[0]!;
    expect(instantOf(ics, prop(event, 'DTSTART')!).getTime()).toBe(later(section.departure));
    expect(text(event, 'SEQUENCE')).toBe('2'); // booked (1) + one change: calendars that imported the file take the new one

    // Equal: nothing flagged, nothing sent, the travel untouched.
    const nowSame = await read(same.id);
    expect(nowSame.version).toBe(before.same.version);
    expect(nowSame.products[0]!.warnings).toEqual([]);
    expect(await mailsAbout(UNCHANGED_PNR)).toHaveLength(0);

    // Daily: the next run is a day later; then the same differences are not flagged again.
    const [job] = await api.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, RECONCILIATION_JOB)));
    expect(job!.runAt.getTime()).toBe(api.clock.now().getTime() + DAY);
    expect(job!.doneAt).toBeNull();
    api.clock.advance(DAY);
    gus = await api.login('gus');
    expect(await runDueJobs(services, JOB_HANDLERS)).toBeGreaterThanOrEqual(1);
    expect(await mailsAbout(cancelledPnr)).toHaveLength(1);
    expect(await mailsAbout(movedPnr)).toHaveLength(1);
    expect((await productOf(moved.id)).notices).toHaveLength(1);
  });

  it('retries later when the supplier does not answer, without flagging anything', async () => {
    const failing = createSandboxSupplier();
    failing.setFault('unavailable');
    const down = { ...services, supplier: failing };
    await scheduleReconciliation(api.db, api.clock.now());
    await api.db.update(jobs).set({ runAt: api.clock.now() }).where(eq(jobs.key, RECONCILIATION_JOB));
    const mailsBefore = (await api.db.select().from(outbox)).length;
    await runDueJobs(down, JOB_HANDLERS);
    const [job] = await api.db.select().from(jobs).where(eq(jobs.key, RECONCILIATION_JOB));
    expect(job!.lastError).toMatch(/the supplier did not answer/);
    expect(job!.runAt.getTime()).toBeLessThan(api.clock.now().getTime() + DAY);
    expect((await api.db.select().from(outbox)).length).toBe(mailsBefore);
  });
});
