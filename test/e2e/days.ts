import { dayFromToday } from './support';

/*
 * The days the journeys book, each spec file its own. A journey books as a traveller of its own
 * (users.ts), so its cart and bookings hold its travels only; the days still keep apart what the
 * journeys do share: the sandbox supplier's trains (seats sold, fares), the approvers' inboxes and the
 * agency's queue (bob, carol, sam, tina are the demo users every journey answers with), and the
 * developer mailbox, where a journey finds its e-mail by its day ("Voyage du dd/MM/yyyy"). Offsets
 * from today; a spec that needs a weekday takes its block's first one. The blocks never overlap
 * (checked on load).
 */
const JOURNEY_DAYS = {
  dashboard: [2, 3],
  'calendar-offline': [5],
  'car-rental': [7, 8, 9],
  checkout: [10, 11, 12, 13],
  exchange: [16],
  'white-label': [17],
  documents: [18],
  'agency-staff': [19, 20],
  cancellation: [21, 22, 24],
  bookings: [23],
  'agency-queue': [26],
  payment: [27],
  'bookings-beta': [28, 29, 30],
  approvals: [31, 32, 33, 34, 36],
  'accessibility-needs': [37],
  'company-admin': [38],
  cards: [39],
  'time-zones': [40, 41, 42],
  'lyon-trip': [45, 46, 47, 48, 49, 50, 51],
  expert: [55, 57, 59],
  hotel: [60, 62],
} as const satisfies Record<string, readonly number[]>;

type Spec = keyof typeof JOURNEY_DAYS;

const owners = new Map<number, Spec>();
for (const [spec, offsets] of Object.entries(JOURNEY_DAYS) as [Spec, readonly number[]][])
  for (const offset of offsets) {
    const other = owners.get(offset);
    if (other) throw new Error(`day +${offset} belongs to both ${other} and ${spec}`);
    owners.set(offset, spec);
  }

/** The day `offset` days from today, which must be one of `spec`'s own. */
export function journeyDay<S extends Spec>(spec: S, offset: (typeof JOURNEY_DAYS)[S][number]): Date {
  if (!(JOURNEY_DAYS[spec] as readonly number[]).includes(offset)) throw new Error(`day +${offset} is not ${spec}'s`);
  return dayFromToday(offset);
}

/** The first day of `spec`'s block that `wanted` accepts (a weekday, a Tuesday…). */
export function journeyDayWhere(spec: Spec, wanted: (day: Date) => boolean): Date {
  for (const offset of JOURNEY_DAYS[spec]) {
    const day = dayFromToday(offset);
    if (wanted(day)) return day;
  }
  throw new Error(`no day of ${spec}'s block suits it`);
}
