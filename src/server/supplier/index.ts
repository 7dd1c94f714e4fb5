import fs from 'node:fs';
import type { Config } from '../config';
import type { Supplier } from './types';
import { SupplierError, type BookItem } from './types';
import { sandboxPlaces } from './sandbox/places';
import { sandboxRail } from './sandbox/rail';
import { sandboxFlights } from './sandbox/flight';
import { sandboxHotels } from './sandbox/hotel';
import { sandboxCars } from './sandbox/car';
import { sandboxBooking } from './sandbox/booking';

export type SupplierFault = 'timeout' | 'unavailable' | null;

/** What the sandbox's booking desk did, for a soak to compare with the database (SUPPLIER_LEDGER). */
export type LedgerEntry = { op: 'book' | 'hold' | 'cancel' | 'exchange'; pnr: string; reference: string | null; kind: string; refund?: number; at: string };

export type SandboxOptions = {
  latencyMs?: number;
  /**
   * The share (0–1) of remote calls that fail at random (SUPPLIER_FAULT_RATE, demo mode only): half
   * time out — half of those after the supplier did the work, as when an answer is lost on the way —
   * and half find the supplier unavailable.
   */
  faultRate?: number;
  /** How long a random timeout makes its caller wait. */
  faultDelayMs?: number;
  random?: () => number;
  /** Told of every booking, option, cancellation and exchange the sandbox made (a soak's record of the supplier's side). */
  ledger?: (entry: LedgerEntry) => void;
};

/**
 * The sandbox supplier. `latencyMs` simulates a remote supplier (SUPPLIER_LATENCY_MS) so the app
 * shows its loading states; `setFault` lets tests make every call time out or fail; `faultRate` makes
 * a share of them fail at random.
 */
export function createSandboxSupplier(options: SandboxOptions = {}): Supplier & { setFault: (fault: SupplierFault) => void } {
  const latency = options.latencyMs ?? 0;
  const faultRate = options.faultRate ?? 0;
  const random = options.random ?? Math.random;
  const faultDelay = options.faultDelayMs ?? 300;
  let fault: SupplierFault = null;
  const places = sandboxPlaces();
  const directory = places.byId;
  const remote =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      if (fault === 'timeout') throw new SupplierError('timeout', 'the supplier did not answer in time');
      if (fault === 'unavailable') throw new SupplierError('unavailable', 'the supplier is unavailable');
      if (faultRate > 0 && random() < faultRate) {
        const draw = random();
        if (draw < 0.5) throw new SupplierError('unavailable', 'the supplier is unavailable (injected fault)');
        // A timeout: the caller waits, and half the time the supplier did the work but its answer was lost.
        if (draw < 0.75) await call(...args).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, faultDelay));
        throw new SupplierError('timeout', 'the supplier did not answer in time (injected fault)');
      }
      return call(...args);
    };
  const ledger = options.ledger;
  const note = (op: LedgerEntry['op'], item: BookItem, pnr: string, refund?: number) =>
    ledger?.({ op, pnr, reference: item.reference ?? null, kind: item.kind, ...(refund === undefined ? {} : { refund }), at: new Date().toISOString() });
  const rail = sandboxRail(directory);
  const flight = sandboxFlights(directory);
  const hotel = sandboxHotels();
  const car = sandboxCars();
  const desk = sandboxBooking();
  // The booking desk's acts, noted when a ledger listens (before the answer leaves: a lost answer is still a booking).
  const booking: typeof desk = ledger
    ? {
        ...desk,
        book: async (item, now) => {
          const booked = await desk.book(item, now);
          note('book', item, booked.pnr);
          return booked;
        },
        hold: async (item, now) => {
          const held = await desk.hold(item, now);
          note('hold', item, held.pnr);
          return held;
        },
        cancel: async (pnr, item, now, cancelOptions) => {
          const refund = await desk.cancel(pnr, item, now, cancelOptions);
          note('cancel', item, pnr, refund.refund);
          return refund;
        },
        exchange: async (pnr, item, now) => {
          const booked = await desk.exchange(pnr, item, now);
          note('exchange', item, booked.pnr);
          return booked;
        },
      }
    : desk;
  return {
    places,
    rail: { journeys: remote(rail.journeys), timings: remote(rail.timings) },
    flight: { itineraries: remote(flight.itineraries) },
    hotel: { hotels: remote(hotel.hotels.bind(hotel)), hotel: remote(hotel.hotel.bind(hotel)), offerStay: hotel.offerStay.bind(hotel) },
    car: { cars: remote(car.cars.bind(car)), car: remote(car.car.bind(car)) },
    booking: {
      book: remote(booking.book.bind(booking)),
      hold: remote(booking.hold.bind(booking)),
      quoteRefund: booking.quoteRefund.bind(booking),
      quoteExchange: booking.quoteExchange.bind(booking),
      cancel: remote(booking.cancel.bind(booking)),
      exchange: remote(booking.exchange.bind(booking)),
      status: remote(booking.status.bind(booking)),
    },
    setFault: (next) => (fault = next),
  };
}

export type { Supplier };

/** The server's sandbox supplier from its configuration (the soak's faults and ledger are demo mode's: config.ts refuses them in production). */
export function sandboxSupplier(config: Pick<Config, 'supplierLatencyMs' | 'supplierFaultRate' | 'supplierLedger' | 'production'>) {
  const file = config.production ? null : config.supplierLedger;
  return createSandboxSupplier({
    latencyMs: config.supplierLatencyMs,
    faultRate: config.production ? 0 : config.supplierFaultRate,
    ledger: file ? (entry) => fs.appendFileSync(file, `${JSON.stringify(entry)}\n`) : undefined,
  });
}
