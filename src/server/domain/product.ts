import type { Product, ProductStatus } from '@contract/travel';
import type { FareOffer, Journey } from './journey';
import type { Compliance } from './policy';

/**
 * A travel's products as the cart keeps them: the row's figures (status, price, supplier reference)
 * and the product's data, discriminated by product type. Rail and flight are trips (a journey, a
 * fare, the travellers); a hotel stay and a car rental have their own (HotelData, CarData). Every
 * type keeps its `travelers`: the people of the travel, whatever they travel by.
 */

export type ProductType = Product['type'];

/** A traveller as the cart recorded them: who they are, and the traveller form's answers by field name. */
export type TravelerRecord = {
  travelerID: number;
  profileID?: string | null;
  guestID?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  birthdate?: string | null;
  email?: string | null;
  phone?: string | null;
};
export type StoredTraveler = TravelerRecord & { [field: string]: string | number | null | undefined };

/** What booking adds to a trip product's data: ticket numbers and seats per passenger. */
export type BookingData = {
  /** When it was booked (ISO instant): a flight ticket may be voided for 24 h (domain/cancellation.ts). Missing on bookings older than it. */
  bookedAt?: string;
  tickets: { passenger: number; number: string }[];
  seats: { passenger: number; section: number; coachNumber: string; seatNumber: string }[];
};

/**
 * A product's cancellation as it is kept: asked for by `requestedBy`, done online at once
 * or by the agency (`offline`, its task `taskId`); amounts in cents once known; `previousStatus` is
 * what the product goes back to when the agency refuses (`refusal`).
 */
export type CancellationRecord = {
  offline: boolean;
  void: boolean;
  requestedAt: string;
  requestedBy: string;
  cancelledAt: string | null;
  refund: number | null;
  fixedFees: number | null;
  variableFees: number | null;
  taskId: string | null;
  previousStatus: ProductStatus;
  refusal: string | null;
};

/** A rail or flight product's data, as add-to-cart writes it and booking completes it. */
export type TripData = {
  type: 'rail' | 'flight';
  journey: Journey;
  offer: FareOffer;
  cabin: string;
  travelers: StoredTraveler[];
  placementWishes: Record<string, string>;
  ancillaries: { type: string; quantity: number; offerID: string; price: number }[];
  searchID: string;
  /** The travel policy's verdict, written at add-to-cart (domain/policy.ts). */
  compliance?: Compliance;
  booking?: BookingData;
  /** Its cancellation, once asked for (domain/cancellation.ts). */
  cancellation?: CancellationRecord;
};

export type Board = 'room-only' | 'breakfast' | 'half-board' | 'full-board';

/** A room offer as it was added (the supplier's RoomOffer, kept as sold). Cents. */
export type RoomOfferData = {
  id: string;
  name: string;
  maxOccupancy: number;
  board: Board;
  pricePerNight: number;
  /** The whole stay of this room, taxes included. */
  total: number;
  taxes: number;
  taxIncluded: boolean;
  cancellable: boolean;
  cancelConditions: string;
  negotiated: boolean;
};

/** The hotel as it was when its rooms were added. */
export type HotelSnapshot = {
  id: string;
  name: string;
  chain: { code: string; name: string } | null;
  stars: number;
  address: string;
  zip: string;
  city: string;
  /** The reference city it belongs to (`paris`): the policy's nightly cap is per city. */
  cityId: string;
  country: string;
  lat: number;
  lon: number;
  /** The hotel's time zone (check-in, deadlines). */
  tz: string;
  phone: string;
  email: string;
  image: string | null;
  services: { restaurant: boolean; pool: boolean; parking: boolean; prm: boolean; wifi: boolean; evCharging: boolean; ecoFriendly: boolean };
};

/**
 * A hotel stay's data: the hotel, the rooms chosen with who sleeps in each (`travelerIDs`:
 * the `travelers`' travelerID), the local check-in and check-out (12:00, the search's convention, with
 * the hotel's offset), the free cancellation deadline (null when a room is non-refundable).
 */
export type HotelData = {
  type: 'hotel';
  hotel: HotelSnapshot;
  checkin: string;
  checkout: string;
  nights: number;
  startsAt: string;
  endsAt: string;
  rooms: { offer: RoomOfferData; travelerIDs: number[] }[];
  travelers: StoredTraveler[];
  cancelDeadline: string | null;
  /** Grams CO2e of the stay (domain/co2.ts). */
  co2: number;
  compliance?: Compliance;
  booking?: BookingData;
  cancellation?: CancellationRecord;
};

/** A rental agency as it was when the car was added. */
export type AgencySnapshot = {
  id: string;
  name: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  lat: number;
  lon: number;
  phone: string;
  email: string;
  tz: string;
  openingPeriods: { day: number; start: string; end: string }[];
};

/** The driver as add-to-cart checked them (spec 1 §3 "Driver"); the licence when the rental requires it. */
export type DriverRecord = {
  profileID: string | null;
  guestID: string | null;
  gender: 'MR' | 'MS';
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  birthdate: string;
  birthCountry: string | null;
  cityOfBirth: string | null;
  address: string | null;
  license: { countryOfIssue: string; number: string; effectiveDate: string } | null;
};

/** A car rental's data: the car as sold, its agencies and local times, its driver. */
export type CarData = {
  type: 'car_rental';
  car: {
    /** The supplier's offer id (agency, ACRISS, return agency, period). */
    id: string;
    model: string;
    category: string;
    acriss: string;
    engine: 'combustion' | 'hybrid' | 'electric';
    gearbox: 'MANUAL' | 'AUTOMATIC';
    seats: number;
    doors: number;
    image: string;
    unlimitedDistance: boolean;
    includedKmPerDay: number | null;
    extraKmPrice: number | null;
    pricePerDay: number;
    days: number;
    total: number;
    negotiated: boolean;
    co2PerKm: number;
    includedServices: string[];
    excludedServices: string[];
  };
  renter: { code: string; name: string };
  pickup: AgencySnapshot;
  dropoff: AgencySnapshot;
  /** Local times with the agencies' offsets. */
  pickupAt: string;
  returnAt: string;
  driver: DriverRecord;
  /** The driver as the travel's traveller (the lists, the e-mails, the approvals name them). */
  travelers: StoredTraveler[];
  licenseRequired: boolean;
  /** The distance the CO2 figure assumes, and the figure (grams), domain/co2.ts. */
  estimatedKm: number;
  co2: number;
  compliance?: Compliance;
  booking?: BookingData;
  cancellation?: CancellationRecord;
};

/** Every product's data, told apart by `type` (the product's type). */
export type ProductData = TripData | HotelData | CarData;

export const isTrip = (data: ProductData): data is TripData => data.type === 'rail' || data.type === 'flight';

type Named = { name: string };
type TicketTravelers = {
  travelers: Pick<StoredTraveler, 'travelerID' | 'profileID' | 'guestID' | 'firstname' | 'lastname'>[];
  booking?: Pick<BookingData, 'tickets'>;
};
/**
 * What the tickets list reads of a trip's data (travel_products.ticket, derived by the database,
 * migrations tickets_data and stay_tickets): its shape, with only what a ticket shows or decides on.
 */
export type TripTicketData = Pick<TripData, 'type' | 'cabin' | 'ancillaries' | 'compliance'> &
  TicketTravelers & {
    journey: Pick<Journey, 'departure' | 'arrival'> & { from: Named; to: Named; sections: { from: Named; to: Named; transport: { carrier: Named } }[] };
    offer: Pick<FareOffer, 'name' | 'flexibility' | 'exchangeable'>;
  };
export type HotelTicketData = Pick<HotelData, 'type' | 'startsAt' | 'endsAt' | 'nights' | 'cancelDeadline' | 'compliance'> &
  TicketTravelers & { hotel: Pick<HotelSnapshot, 'name' | 'city' | 'chain'>; rooms: { offer: Pick<RoomOfferData, 'name' | 'board' | 'cancellable'> }[] };
export type CarTicketData = Pick<CarData, 'type' | 'pickupAt' | 'returnAt' | 'renter' | 'compliance'> &
  TicketTravelers & {
    car: Pick<CarData['car'], 'model' | 'category'>;
    pickup: Pick<AgencySnapshot, 'name' | 'city'>;
    dropoff: Pick<AgencySnapshot, 'name' | 'city'>;
  };
export type TicketData = TripTicketData | HotelTicketData | CarTicketData;

/**
 * A difference the daily reconciliation found between the booking and the supplier, kept on the product
 * (its `warnings`, in the reader's language): the carrier cancelled it, or moved its legs' times.
 * `key` tells one difference from another: the same difference is never flagged twice.
 */
export type SupplierNotice =
  | { kind: 'cancelled'; key: string; detectedAt: string }
  | {
      kind: 'schedule';
      key: string;
      detectedAt: string;
      /** Minutes the first departure moved (positive: later). */
      minutes: number;
      /** Each leg's times before and after (local ISO with offset), by section index. */
      sections: { section: number; before: { departure: string; arrival: string }; after: { departure: string; arrival: string } }[];
    };

/** What the rules need of a stored product (the db row has more). */
export type StoredProduct = {
  id: string;
  type: ProductType;
  status: ProductStatus;
  /** Cents, every traveller and option included. */
  price: number;
  startsAt: Date;
  pnr: string | null;
  confirmationTimeLimit: Date | null;
  data: ProductData;
  /** Differences the reconciliation flagged (absent: none). */
  notices?: SupplierNotice[];
};

/** A product as the tickets list reads it: its row, its data as TicketData (a StoredProduct is one too). */
export type TicketProduct = Omit<StoredProduct, 'data'> & { data: TicketData };

export const complianceOf = (product: { data: { compliance?: Compliance } }): Compliance => product.data.compliance ?? { compliant: true, reasons: [] };

export const isTravelCompliant = (products: Pick<StoredProduct, 'data'>[]) => products.every((p) => complianceOf(p).compliant);

/** Who a traveller record is: their profile, their guest record, or else their name. */
export const travelerKey = (t: TravelerRecord) =>
  t.profileID ? `p:${t.profileID}` : t.guestID ? `g:${t.guestID}` : `n:${(t.firstname ?? '').toLowerCase()}|${(t.lastname ?? '').toLowerCase()}`;

/** The travel's distinct travellers, numbered from 1 in order of appearance (a person is one traveller across products). */
export function travelersOf(products: { data: { travelers: TravelerRecord[] } }[]): (StoredTraveler & { travelerId: number })[] {
  const seen = new Map<string, StoredTraveler & { travelerId: number }>();
  for (const p of products)
    for (const t of p.data.travelers) {
      const key = travelerKey(t);
      if (!seen.has(key)) seen.set(key, { ...t, travelerId: seen.size + 1 });
    }
  return [...seen.values()];
}

/** Whether a product travels this traveller. */
export const carries = (product: Pick<StoredProduct, 'data'>, traveller: TravelerRecord) =>
  product.data.travelers.some((t) => travelerKey(t) === travelerKey(traveller));

/** A product whose data is a trip's (rail or flight): what exchange, reconciliation and calendars work on. */
export const isTripProduct = <P extends { data: ProductData }>(p: P): p is P & { data: TripData } => isTrip(p.data);

/** Product types a supplier tickets (rail, flight); a hotel stay and a car rental are booked, not ticketed. */
export const TICKETED_TYPES: ProductType[] = ['rail', 'flight'];

/**
 * When a product has started, for "it has left" rules (checkout refuses it, cancellation no longer
 * offered): a trip at its departure, a car at its pick-up, a hotel stay at the end of its check-in
 * day (its startsAt is noon; a room can still be booked that evening, as the supplier accepts).
 */
export const startedBy = (product: Pick<StoredProduct, 'type' | 'startsAt'>) =>
  new Date(product.startsAt.getTime() + (product.type === 'hotel' ? 12 * 3_600_000 : 0));

/** Where and when a product starts and ends (local ISO with offset), for a travel's dates and place. */
export function spanOf(data: ProductData): { from: string; departure: string; arrival: string } {
  switch (data.type) {
    case 'hotel':
      return { from: data.hotel.city, departure: data.startsAt, arrival: data.endsAt };
    case 'car_rental':
      return { from: data.pickup.city, departure: data.pickupAt, arrival: data.returnAt };
    default:
      return { from: data.journey.from.city, departure: data.journey.departure, arrival: data.journey.arrival };
  }
}

/** A product in a few words, for lists, e-mails and approvers: "Paris → Lyon", "ibis Lyon Part-Dieu, Lyon", "Europcar, Lyon". */
export function labelOf(data: ProductData): string {
  switch (data.type) {
    case 'hotel':
      return `${data.hotel.name}, ${data.hotel.city}`;
    case 'car_rental':
      return data.pickup.city === data.dropoff.city
        ? `${data.renter.name}, ${data.pickup.city}`
        : `${data.renter.name}, ${data.pickup.city} → ${data.dropoff.city}`;
    default:
      return `${data.journey.from.city} → ${data.journey.to.city}`;
  }
}

/** The countries a product takes its travellers to (ISO 3166 alpha-2): the safety approval's concern. */
export function countriesOf(data: ProductData): string[] {
  switch (data.type) {
    case 'hotel':
      return [data.hotel.country];
    case 'car_rental':
      return [data.pickup.country, data.dropoff.country];
    default:
      return data.journey.sections.map((s) => s.to.country);
  }
}

/** A product's start and its place's time zone: e-mails show it on the place's own clock. */
export function startOf(data: ProductData): { at: string; tz: string } {
  switch (data.type) {
    case 'hotel':
      return { at: data.startsAt, tz: data.hotel.tz };
    case 'car_rental':
      return { at: data.pickupAt, tz: data.pickup.tz };
    default:
      return { at: data.journey.departure, tz: data.journey.from.tz };
  }
}
