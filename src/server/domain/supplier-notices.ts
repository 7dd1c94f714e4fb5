import type { Lang } from '@contract/account';
import type { SupplierNotice } from './product';

/**
 * What the daily reconciliation found the supplier changed on a booked product (domain/product.ts
 * SupplierNotice), as the product's warnings in the reader's language. Times are the stations' own
 * wall clocks, as written in the journey (HH:mm of the local ISO time).
 */

const hhmm = (iso: string) => iso.slice(11, 16);
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
/** "07:39", or "24/11 00:09" when the day changed too. */
const moved = (before: string, after: string) => (before.slice(0, 10) === after.slice(0, 10) ? hhmm(after) : `${ddmm(after)} ${hhmm(after)}`);

const T = {
  fr: {
    cancelled: 'Le transporteur a annulé ce trajet. Contactez votre agence pour un autre billet ou un remboursement.',
    schedule: (dep: string, arr: string) => `Horaires modifiés par le transporteur : départ ${dep}, arrivée ${arr} (heures locales).`,
  },
  en: {
    cancelled: 'The carrier cancelled this trip. Contact your agency for another ticket or a refund.',
    schedule: (dep: string, arr: string) => `Times changed by the carrier: departure ${dep}, arrival ${arr} (local times).`,
  },
};

/** The first departure and last arrival of the legs a schedule change moved, before → after. */
export function scheduleSpan(notice: Extract<SupplierNotice, { kind: 'schedule' }>) {
  const first = notice.sections[0]!;
  const last = notice.sections[notice.sections.length - 1]!;
  return {
    departure: `${hhmm(first.before.departure)} → ${moved(first.before.departure, first.after.departure)}`,
    arrival: `${hhmm(last.before.arrival)} → ${moved(last.before.arrival, last.after.arrival)}`,
  };
}

export function noticeText(notice: SupplierNotice, lang: Lang): string {
  if (notice.kind === 'cancelled') return T[lang].cancelled;
  const span = scheduleSpan(notice);
  return T[lang].schedule(span.departure, span.arrival);
}

/** A product's warnings: the latest schedule change (earlier ones are superseded) and a cancellation. */
export function noticeWarnings(notices: SupplierNotice[] | undefined, lang: Lang): string[] {
  if (!notices?.length) return [];
  const latestSchedule = notices.filter((n) => n.kind === 'schedule').at(-1);
  const cancelled = notices.find((n) => n.kind === 'cancelled');
  return [...(cancelled ? [cancelled] : []), ...(latestSchedule && !cancelled ? [latestSchedule] : [])].map((n) => noticeText(n, lang));
}

/** The supplier's word on a booking (supplier/types.ts BookingState), as the comparison needs it. */
export type SupplierState = { status: 'booked' | 'cancelled'; sections: { departure: string; arrival: string }[] };
type Checked = { data: { journey: { sections: { departure: string; arrival: string }[] } }; notices?: SupplierNotice[] };

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * The difference between a booked product and what its supplier says now, or null when they agree or
 * when this very difference was flagged already (a notice with its key): nothing is flagged twice.
 */
export function differenceOf(product: Checked, state: SupplierState, detectedAt: Date): SupplierNotice | null {
  const known = new Set((product.notices ?? []).map((n) => n.key));
  if (state.status === 'cancelled') return known.has('cancelled') ? null : { kind: 'cancelled', key: 'cancelled', detectedAt: detectedAt.toISOString() };
  const ours = product.data.journey.sections;
  if (state.sections.length !== ours.length) return null; // another shape of trip: not a schedule change this check can tell
  const changed = ours.flatMap((s, section) => {
    const after = state.sections[section]!;
    return sameInstant(s.departure, after.departure) && sameInstant(s.arrival, after.arrival)
      ? []
      : [{ section, before: { departure: s.departure, arrival: s.arrival }, after: { departure: after.departure, arrival: after.arrival } }];
  });
  if (changed.length === 0) return null;
  const key = `schedule:${state.sections.map((s) => `${Date.parse(s.departure)}-${Date.parse(s.arrival)}`).join(',')}`;
  if (known.has(key)) return null;
  const minutes = Math.round((Date.parse(state.sections[0]!.departure) - Date.parse(ours[0]!.departure)) / 60_000);
  return { kind: 'schedule', key, detectedAt: detectedAt.toISOString(), minutes, sections: changed };
}
