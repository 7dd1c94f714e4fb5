import type { Supplier } from './types';
import { SupplierError } from './types';
import { sandboxPlaces } from './sandbox/places';
import { sandboxRail } from './sandbox/rail';
import { sandboxFlights } from './sandbox/flight';
import { sandboxHotels } from './sandbox/hotel';
import { sandboxCars } from './sandbox/car';
import { sandboxBooking } from './sandbox/booking';

export type SupplierFault = 'timeout' | 'unavailable' | null;

/**
 * The sandbox supplier. `latencyMs` simulates a remote supplier (SUPPLIER_LATENCY_MS) so the app
 * shows its loading states; `setFault` lets tests make every call time out or fail.
 */
export function createSandboxSupplier(options: { latencyMs?: number } = {}): Supplier & { setFault: (fault: SupplierFault) => void } {
  const latency = options.latencyMs ?? 0;
  let fault: SupplierFault = null;
  const places = sandboxPlaces();
  const directory = places.byId;
  const remote =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      if (fault === 'timeout') throw new SupplierError('timeout', 'the supplier did not answer in time');
      if (fault === 'unavailable') throw new SupplierError('unavailable', 'the supplier is unavailable');
      return call(...args);
    };
  const rail = sandboxRail(directory);
  const flight = sandboxFlights(directory);
  const hotel = sandboxHotels();
  const car = sandboxCars();
  const booking = sandboxBooking();
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
