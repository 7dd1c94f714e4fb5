/**
 * Sandbox booking: PNRs, ticket numbers and seats (random: a booking is not a search; but derived
 * from the item's reference when it has one, so a retried booking answers the same PNR), option
 * holds with their time limits, and refund quotes computed from the fare conditions and the time
 * left. It is stateless: cancelling twice returns the same quote for the same instant.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  SupplierError,
  type BookItem,
  type Booked,
  type BookedTrip,
  type BookingState,
  type BookingSupplier,
  type CancelOptions,
  type ExchangeQuote,
  type Held,
  type RefundQuote,
  type Seat,
} from '../types';
import { parseRoomOfferId } from './hotel';
import { hotelById } from './hotel-population';
import { dateOfDay, dayNumber, frDate, money } from './locality';
import { rng } from './random';

/** An integer in [0, n). */
type Draw = (n: number) => number;
/** Same reference, same draws: a supplier recognises a booking it already made. */
const drawFor = (item: BookItem): Draw => {
  if (!item.reference) return randomInt;
  const r = rng(`booking:${item.reference}`);
  return (n) => r.int(0, n - 1);
};

/** No 0/O nor 1/I: a PNR is read over the phone. */
const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PNR_PATTERN = /^[A-HJ-NP-Z2-9]{6}$/;

const HOUR = 3_600_000;
/** How long an option is held, by product, before it must be confirmed. */
export const HOLD_HOURS: Record<BookItem['kind'], number> = { rail: 24, flight: 72, hotel: 48, car: 48 };
/** An option expires at the latest this long before the start. */
const HOLD_MARGIN_MS = 2 * HOUR;
/** No option is taken this close to the start. */
const HOLD_MIN_LEAD_MS = 3 * HOUR;
/** Semi-flexible fares: refund fee before the deadline (3 days before, noon). */
export const SEMI_FLEX_FEE = 1900;
/** A flight ticket may be voided (refunded in full, no fee) this long after it was issued, until departure. */
export const VOID_HOURS = 24;
/**
 * Carriers whose tickets the sandbox does not cancel online (as some real carriers do not): their
 * quotes say `online: false`: their cancellation goes to the agency. Eurostar stands for them (Paris ↔ London, Brussels, Amsterdam).
 */
export const OFFLINE_CARRIERS = ['EUROSTAR'];

/** IATA ticketing prefixes (airline accounting codes) of the carriers the sandbox knows. */
const TICKET_PREFIX: Record<string, string> = {
  AF: '057',
  A5: '057',
  KL: '074',
  LH: '220',
  BA: '125',
  IB: '075',
  AZ: '055',
  TP: '047',
  SN: '082',
  LX: '724',
  OS: '257',
  DL: '006',
  UA: '016',
  AA: '001',
  EK: '176',
  QR: '157',
  SK: '117',
  AY: '105',
  EI: '053',
  TK: '235',
  LO: '080',
  A3: '390',
  UX: '996',
};
/** Prefix used when the offer names no carrier. */
const GENERIC_TICKET_PREFIX = '999';

const invalid = (message: string) => new SupplierError('invalid-request', message);

export function newPnr(draw: Draw = randomInt): string {
  let pnr = '';
  for (let i = 0; i < 6; i++) pnr += PNR_ALPHABET[draw(PNR_ALPHABET.length)];
  return pnr;
}

const digits = (n: number, draw: Draw) => {
  let s = String(1 + draw(9));
  while (s.length < n) s += String(draw(10));
  return s;
};

/** The marketing carrier of a flight offer reference, when it carries one ("AF7712", "…-KL1234-…", "LH"). */
export function carrierOf(offerRef: string): string | null {
  const tokens = offerRef
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  for (const t of tokens) {
    const m = /^([A-Z][A-Z0-9]|[0-9][A-Z])(\d{1,4})?$/.exec(t);
    if (m && (m[2] || TICKET_PREFIX[m[1]!])) return m[1]!;
  }
  return null;
}

function ticketNumber(item: BookItem, draw: Draw): string {
  switch (item.kind) {
    case 'rail':
      return digits(13, draw);
    case 'flight': {
      const carrier = carrierOf(item.offerRef);
      const prefix = carrier
        ? (TICKET_PREFIX[carrier] ?? String(100 + ([...carrier].reduce((h, c) => h * 31 + c.charCodeAt(0), 7) % 900)))
        : GENERIC_TICKET_PREFIX;
      return `${prefix}-${digits(10, draw)}`;
    }
    case 'hotel': {
      const ref = parseRoomOfferId(item.offerRef);
      const chain = ref ? hotelById(ref.hotelId)?.chain?.code : undefined;
      return `${chain ?? 'HT'}${digits(8, draw)}`;
    }
    case 'car': {
      const renter = /^([A-Z]{2})-/.exec(item.offerRef)?.[1];
      return `${renter ?? 'RC'}${digits(9, draw)}`;
    }
  }
}

/** The start instant and the UTC offset it was written with (deadlines are shown in that local time). */
function startOf(item: BookItem): { ms: number; suffix: string; offsetMin: number } {
  const m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(item.startsAt);
  const ms = m ? Date.parse(item.startsAt) : NaN;
  if (!m || Number.isNaN(ms)) throw invalid('Date de début invalide (ISO avec fuseau attendu).');
  const offsetMin = m[1] === 'Z' ? 0 : (m[2] === '-' ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]));
  return { ms, suffix: m[1] === 'Z' ? 'Z' : m[1]!, offsetMin };
}

const localIso = (ms: number, start: { suffix: string; offsetMin: number }) =>
  `${new Date(ms + start.offsetMin * 60_000).toISOString().slice(0, 19)}${start.suffix}`;
/** "20/11/2026 12:00" from a local ISO string. */
const shown = (iso: string) => `${frDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`;
/** A local wall-clock time on the start's local calendar, `daysBefore` days earlier. */
const localDeadline = (start: { suffix: string }, date: string, daysBefore: number, time: string) =>
  `${dateOfDay(dayNumber(date) - daysBefore)}T${time}:00${start.suffix}`;

function validate(item: BookItem) {
  if (!['rail', 'flight', 'hotel', 'car'].includes(item.kind)) throw invalid('Type de prestation inconnu.');
  if (!Number.isInteger(item.price) || item.price < 0) throw invalid('Prix invalide.');
  if (!item.offerRef) throw invalid('Référence d’offre manquante.');
  if (item.passengers.length < 1) throw invalid('Au moins un voyageur est requis.');
  return startOf(item);
}

const quote = (refund: number, price: number, conditions: string, deadline: string | null, fixedFees = 0): RefundQuote => ({
  refundable: refund > 0,
  refund,
  fees: price - refund,
  fixedFees: Math.min(fixedFees, price - refund),
  conditions,
  deadline,
  online: true,
  void: false,
});

/** Whether the supplier takes this ticket's cancellation online (OFFLINE_CARRIERS do not). */
export const cancelsOnline = (item: BookItem) => !(item.sections ?? []).some((s) => s.carrier && OFFLINE_CARRIERS.includes(s.carrier));

/**
 * What cancelling at `now` refunds. `fees` is what the supplier keeps (refund + fees = price).
 * `deadline` is the instant until which this quote holds (local ISO), null when nothing changes.
 * With `void` (and `issuedAt`), a flight ticket issued less than VOID_HOURS ago is voided: refunded
 * in full, until VOID_HOURS after its issue or its departure, whichever comes first.
 */
export function quoteRefund(item: BookItem, now: Date, options: CancelOptions = {}): RefundQuote {
  const ordinary = fareRefund(item, now);
  const online = cancelsOnline(item);
  const start = startOf(item);
  const issued = options.issuedAt ? Date.parse(options.issuedAt) : NaN;
  const voidUntil = Math.min(issued + VOID_HOURS * HOUR, start.ms);
  if (options.void && item.kind === 'flight' && online && now.getTime() >= issued && now.getTime() < voidUntil) {
    const until = localIso(voidUntil, start);
    return {
      ...quote(
        item.price,
        item.price,
        `Billet annulé dans les ${VOID_HOURS} h suivant son émission (void) : remboursé en totalité jusqu'au ${shown(until)}.`,
        until,
      ),
      void: true,
    };
  }
  return { ...ordinary, online };
}

function fareRefund(item: BookItem, now: Date): RefundQuote {
  const start = validate(item);
  const price = item.price;
  const t = now.getTime();
  const startIso = localIso(start.ms, start);
  if (t >= start.ms) {
    const what = item.kind === 'hotel' ? 'Séjour commencé' : item.kind === 'car' ? 'Location commencée' : 'Voyage commencé';
    return quote(0, price, `${what} : aucun remboursement possible.`, null);
  }
  if (item.kind === 'car') {
    return quote(price, price, `Annulation gratuite jusqu'à la prise en charge du véhicule (${shown(startIso)}).`, startIso);
  }
  if (item.kind === 'hotel') {
    const ref = parseRoomOfferId(item.offerRef);
    const cancellable = ref ? ref.cancellable : item.flexibility !== 1;
    if (!cancellable) return quote(0, price, 'Tarif non remboursable : la totalité du séjour est due en cas d’annulation.', null);
    const nights = ref ? Math.max(1, dayNumber(ref.checkout) - dayNumber(ref.checkin)) : 1;
    const deadline = ref ? localDeadline(start, ref.checkin, 1, '18:00') : localIso(start.ms - 24 * HOUR, start);
    const oneNight = Math.round(price / nights);
    if (t < Date.parse(deadline)) {
      return quote(price, price, `Annulation gratuite jusqu'au ${shown(deadline)}, puis 1 nuit facturée (${money(oneNight, 'fr')}).`, deadline);
    }
    return quote(price - oneNight, price, `Délai d'annulation gratuite dépassé (${shown(deadline)}) : 1 nuit facturée (${money(oneNight, 'fr')}).`, startIso);
  }
  // Rail and flight: the fare's flexibility decides.
  const flex = item.flexibility ?? 1;
  if (flex === 3) return quote(price, price, `Billet remboursable sans frais jusqu'au départ (${shown(startIso)}).`, startIso);
  if (flex === 1) return quote(0, price, 'Tarif non remboursable : aucun remboursement en cas d’annulation.', null);
  const deadline = localDeadline(start, startIso.slice(0, 10), 3, '12:00');
  const fee = money(SEMI_FLEX_FEE, 'fr');
  const then = item.kind === 'rail' ? 'puis remboursé à 50 % jusqu’au départ' : 'puis non remboursable';
  if (t < Date.parse(deadline)) {
    return quote(
      Math.max(0, price - SEMI_FLEX_FEE),
      price,
      `Billet remboursable avec ${fee} de frais jusqu'au ${shown(deadline)}, ${then}.`,
      deadline,
      SEMI_FLEX_FEE,
    );
  }
  if (item.kind === 'rail') {
    return quote(
      Math.round(price / 2),
      price,
      `Remboursement à 50 % jusqu'au départ : le délai de remboursement avec ${fee} de frais a expiré le ${shown(deadline)}.`,
      startIso,
    );
  }
  return quote(0, price, `Billet non remboursable depuis le ${shown(deadline)}.`, null);
}

/** Semi-flexible rail fares: exchange fee per passenger after the free period (3 days before, noon), as their conditions say. */
export const SEMI_FLEX_EXCHANGE_FEE = 1900;

/**
 * What exchanging a booked rail ticket at `now` costs: free on flexible fares until departure;
 * semi-flexible ones free until 3 days before departure (noon), then a fee per passenger;
 * non-flexible fares, other products and departed trains cannot be exchanged.
 */
export function quoteExchange(item: BookItem, now: Date): ExchangeQuote {
  const start = validate(item);
  const flex = item.flexibility ?? 1;
  if (item.kind !== 'rail') return { exchangeable: false, fees: 0, conditions: 'Seuls les billets de train sont échangeables.' };
  if (now.getTime() >= start.ms) return { exchangeable: false, fees: 0, conditions: 'Voyage commencé : échange impossible.' };
  if (flex === 1) return { exchangeable: false, fees: 0, conditions: 'Tarif non échangeable.' };
  const startIso = localIso(start.ms, start);
  if (flex === 3) return { exchangeable: true, fees: 0, conditions: `Billet échangeable sans frais jusqu'au départ (${shown(startIso)}).` };
  const deadline = localDeadline(start, startIso.slice(0, 10), 3, '12:00');
  const fee = SEMI_FLEX_EXCHANGE_FEE * item.passengers.length;
  if (now.getTime() < Date.parse(deadline))
    return {
      exchangeable: true,
      fees: 0,
      conditions: `Échange sans frais jusqu'au ${shown(deadline)}, puis ${money(SEMI_FLEX_EXCHANGE_FEE, 'fr')} par voyageur.`,
    };
  return {
    exchangeable: true,
    fees: fee,
    conditions: `Échange avec ${money(SEMI_FLEX_EXCHANGE_FEE, 'fr')} de frais par voyageur depuis le ${shown(deadline)}.`,
  };
}

/** Seat letters of a flight row from the window (A) or from the aisle (C) inwards: passengers sit together. */
const FLIGHT_LETTERS: Record<string, string[]> = { window: ['A', 'B', 'C'], aisle: ['C', 'B', 'A'], any: ['B', 'C', 'A'] };
/** Rail seats per row (two pairs): window seats end in 1 or 4, aisle seats in 2 or 3. */
const RAIL_COLUMNS: Record<string, number[]> = { window: [1, 4], aisle: [2, 3], any: [1, 2] };

/** One seat per passenger and section, side by side, by the wishes when the carriage allows them. */
function assignSeats(item: BookItem, draw: Draw): Seat[] {
  const wishes = item.placementWishes ?? {};
  return (item.sections ?? []).flatMap((section, index) => {
    if (section.mode === 'flight') {
      const letters = FLIGHT_LETTERS[wishes.seat ?? 'any'] ?? FLIGHT_LETTERS.any!;
      const row = 8 + draw(25);
      return item.passengers.map((_, passenger) => ({
        passenger,
        section: index,
        coachNumber: '',
        seatNumber: `${row + Math.floor(passenger / 3)}${letters[passenger % 3]}`,
      }));
    }
    const columns = RAIL_COLUMNS[wishes.position ?? 'any'] ?? RAIL_COLUMNS.any!;
    // Duplex trains number their upper deck from 100.
    const deck = section.duplex ? (wishes.deck === 'upper' ? 100 : wishes.deck === 'lower' ? 0 : 100 * draw(2)) : 0;
    const coach = String(1 + draw(18));
    const row = 1 + draw(8);
    return item.passengers.map((_, passenger) => ({
      passenger,
      section: index,
      coachNumber: coach,
      seatNumber: String(deck + (row + Math.floor(passenger / 2)) * 10 + columns[passenger % 2]!),
    }));
  });
}

function book(item: BookItem, now: Date): Booked {
  const start = validate(item);
  // A hotel can still be booked on the evening of the check-in day.
  const latest = item.kind === 'hotel' ? start.ms + 12 * HOUR : start.ms;
  if (now.getTime() >= latest) throw invalid('La prestation a déjà commencé.');
  const draw = drawFor(item);
  const pnr = newPnr(draw);
  const tickets = item.passengers.map((_, passenger) => ({ passenger, number: ticketNumber(item, draw) }));
  return { pnr, tickets, seats: assignSeats(item, draw), status: 'booked' };
}

/** The option keeps its PNR when it is booked: both come first from the same reference. */
function hold(item: BookItem, now: Date): Held {
  const start = validate(item);
  if (start.ms - now.getTime() < HOLD_MIN_LEAD_MS) throw invalid('Pose d’option impossible moins de 3 heures avant le début de la prestation.');
  const limit = Math.min(now.getTime() + HOLD_HOURS[item.kind] * HOUR, start.ms - HOLD_MARGIN_MS);
  return { pnr: newPnr(drawFor(item)), confirmationTimeLimit: new Date(limit).toISOString(), status: 'held' };
}

const checkPnr = (pnr: string) => {
  if (!PNR_PATTERN.test(pnr)) throw invalid('Référence de dossier (PNR) invalide.');
};

/**
 * The sandbox's carriers change a few bookings after the fact, deterministically by PNR, so that the
 * daily reconciliation has something to find: one PNR in a thousand is cancelled by the carrier, another
 * one in a thousand has every leg moved later by 5 to 120 minutes. Rare enough to leave other tests
 * alone; `sandboxPnrWith` finds a PNR of each case for tests and demos.
 */
export type SandboxChange = { kind: 'none' } | { kind: 'cancelled' } | { kind: 'schedule'; minutes: number };
export function sandboxChangeOf(pnr: string): SandboxChange {
  const h = createHash('sha256').update(`carrier:${pnr}`).digest().readUInt32BE(0);
  if (h % 1000 === 0) return { kind: 'cancelled' };
  if (h % 1000 === 1) return { kind: 'schedule', minutes: 5 * (1 + (Math.floor(h / 1000) % 24)) };
  return { kind: 'none' };
}

/** The first PNR (in a fixed sequence) the sandbox's carriers change in this way. */
export function sandboxPnrWith(kind: 'cancelled' | 'schedule'): string {
  const r = rng('sandbox-carrier-changes');
  for (;;) {
    const pnr = newPnr((n) => r.int(0, n - 1));
    if (sandboxChangeOf(pnr).kind === kind) return pnr;
  }
}

/** A local ISO time (with its offset) moved by some minutes, written with the same offset. */
export function shiftLocalTime(iso: string, minutes: number): string {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  const offsetMin = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const wall = new Date(Date.parse(iso) + (minutes + offsetMin) * 60_000).toISOString().slice(0, 19);
  return `${wall}${m ? m[0] : 'Z'}`;
}

function bookingState(pnr: string, booked: BookedTrip): BookingState {
  checkPnr(pnr);
  const change = sandboxChangeOf(pnr);
  const sections = booked.sections.map((s) =>
    change.kind === 'schedule' ? { departure: shiftLocalTime(s.departure, change.minutes), arrival: shiftLocalTime(s.arrival, change.minutes) } : { ...s },
  );
  return { status: change.kind === 'cancelled' ? 'cancelled' : 'booked', sections };
}

export function sandboxBooking(): BookingSupplier {
  return {
    book: async (item, now) => book(item, now),
    hold: async (item, now) => hold(item, now),
    quoteRefund,
    quoteExchange,
    /** Stateless and idempotent: the quote for `now`, whatever happened before. */
    cancel: async (pnr, item, now, options) => {
      checkPnr(pnr);
      return quoteRefund(item, now, options);
    },
    exchange: async (pnr, item, now) => {
      checkPnr(pnr);
      if (item.kind !== 'rail') throw invalid('Seuls les billets de train sont échangeables.');
      let booked = book(item, now);
      while (booked.pnr === pnr) booked = { ...booked, pnr: newPnr(drawFor({ ...item, reference: booked.pnr })) };
      return booked;
    },
    status: async (pnr, booked) => bookingState(pnr, booked),
  };
}
