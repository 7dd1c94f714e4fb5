import { applyTravelEvent, updateProduct, updateTravel, type TravelRow, type TripProductRow } from '@server/db/travels';
import { isTripProduct, type SupplierNotice, type TripData } from '@server/domain/product';
import { differenceOf } from '@server/domain/supplier-notices';
import { CALENDAR_PRODUCT_STATUSES } from '@server/domain/travel';
import type { Services } from '@server/platform/services';
import type { BookedTrip } from '@server/supplier/types';
import { queueNoticeMails } from './mail';
import * as repo from './repository';

/**
 * The daily reconciliation: every booked product whose travel is still ahead is compared
 * with what its supplier says now. A carrier's cancellation cancels the product (and the travel, or
 * makes it partially cancelled); new times replace the legs' times. Either is kept as a notice on the
 * product (its warnings, in the reader's language) and e-mailed to the booker and the travellers, in
 * the transaction that records it: the same difference is never flagged twice.
 */

const PAGE = 200;

/**
 * The trip as it was booked, for the supplier to say what it is now: the legs' times at booking (the
 * schedule changes recorded since are undone, latest first). A supplier keeps its bookings; the
 * sandbox keeps none, and answers from these.
 */
function bookedTripOf(p: TripProductRow): BookedTrip {
  const sections = p.data.journey.sections.map((s) => ({ departure: s.departure, arrival: s.arrival }));
  for (const notice of [...p.notices].reverse())
    if (notice.kind === 'schedule') for (const change of notice.sections) if (sections[change.section]) sections[change.section] = { ...change.before };
  return { kind: p.data.journey.mode, sections };
}

const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);

/** The trip with the supplier's new times: each leg's, and the journey's start, end and duration. */
function withTimes(data: TripData, notice: Extract<SupplierNotice, { kind: 'schedule' }>): TripData {
  const sections = data.journey.sections.map((s, i) => {
    const change = notice.sections.find((c) => c.section === i);
    return change
      ? { ...s, departure: change.after.departure, arrival: change.after.arrival, duration: minutesBetween(change.after.departure, change.after.arrival) }
      : s;
  });
  const departure = sections[0]!.departure;
  const arrival = sections[sections.length - 1]!.arrival;
  return { ...data, journey: { ...data.journey, sections, departure, arrival, duration: minutesBetween(departure, arrival) } };
}

/** Records one difference: product and travel changed, mails written, in one transaction. False when another run recorded it first. */
async function flag(services: Services, productId: string, travelId: string, notice: SupplierNotice): Promise<boolean> {
  const { db, clock } = services;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const locked = await repo.lockTravel(tx, travelId);
    const product = locked?.products.find((p) => p.id === productId);
    if (
      !locked ||
      !product ||
      !isTripProduct(product) ||
      !CALENDAR_PRODUCT_STATUSES.includes(product.status) ||
      product.notices.some((n) => n.key === notice.key)
    )
      return false;
    const notices = [...product.notices, notice];
    let changed: TripProductRow;
    let travel: TravelRow;
    // The travel changed: its version moves on, so a screen that read it before changes nothing (If-Match).
    if (notice.kind === 'cancelled') {
      changed = { ...product, status: 'cancelled', notices };
      travel = await applyTravelEvent(tx, locked, 'supplierCancels', [{ id: product.id, status: 'cancelled', notices }], now);
    } else {
      const data = withTimes(product.data, notice);
      changed = { ...product, data, notices, startsAt: new Date(data.journey.departure), endsAt: new Date(data.journey.arrival) };
      await updateProduct(tx, product.id, { data, notices, startsAt: changed.startsAt, endsAt: changed.endsAt });
      travel = await updateTravel(tx, locked.travel, {}, now);
    }
    await queueNoticeMails(services, tx, notice, travel, changed);
    return true;
  });
}

export type ReconciliationReport = { checked: number; flagged: number; failed: number };

/** Compares every booked product still ahead with its supplier; throws after the pass when the supplier failed for some (the job retries them). */
export async function reconcileBookings(services: Services): Promise<ReconciliationReport> {
  const { db, clock, supplier } = services;
  const now = clock.now();
  const report: ReconciliationReport = { checked: 0, flagged: 0, failed: 0 };
  let after: { startsAt: Date; id: string } | undefined;
  for (;;) {
    const page = await repo.productsToCheck(db, now, PAGE, after);
    for (const product of page) {
      report.checked++;
      let notice: SupplierNotice | null;
      try {
        notice = differenceOf(product, await supplier.booking.status(product.pnr!, bookedTripOf(product), now), now);
      } catch {
        report.failed++;
        continue;
      }
      if (notice && (await flag(services, product.id, product.travelId, notice))) report.flagged++;
    }
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = { startsAt: last.startsAt, id: last.id };
  }
  if (report.failed > 0) throw new Error(`reconciliation: the supplier did not answer for ${report.failed} of ${report.checked} bookings`);
  return report;
}
