import type { Product, ProductStatus } from '../../contract/travel';
import type { FareOffer, Journey } from './journey';
import type { Compliance } from './policy';

/**
 * A travel's products as the cart keeps them: the row's figures (status, price, supplier reference)
 * and the product's data, discriminated by product type. Rail and flight are trips (a journey, a
 * fare, the travellers); hotel and car rental will join `ProductData` with their own `type`.
 */

export type ProductType = Product['type'];

/** A traveller as the cart recorded them: who they are, and the traveller form's answers by field name. */
export type TravellerRecord = {
  travelerID: number;
  profileID?: string | null;
  guestID?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  birthdate?: string | null;
  email?: string | null;
  phone?: string | null;
};
export type StoredTraveller = TravellerRecord & { [field: string]: string | number | null | undefined };

/** What booking adds to a trip product's data: ticket numbers and seats per passenger. */
export type BookingData = {
  /** When it was booked (ISO instant): a flight ticket may be voided for 24 h (domain/cancellation.ts). Missing on bookings older than it. */
  bookedAt?: string;
  tickets: { passenger: number; number: string }[];
  seats: { passenger: number; section: number; coachNumber: string; seatNumber: string }[];
};

/**
 * A product's cancellation as it is kept (issue 13): asked for by `requestedBy`, done online at once
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
  travelers: StoredTraveller[];
  placementWishes: Record<string, string>;
  ancillaries: { type: string; quantity: number; offerID: string; price: number }[];
  searchID: string;
  /** The travel policy's verdict, written at add-to-cart (domain/policy.ts). */
  compliance?: Compliance;
  booking?: BookingData;
  /** Its cancellation, once asked for (domain/cancellation.ts). */
  cancellation?: CancellationRecord;
};

/** Every product's data, told apart by `type` (the product's type). */
export type ProductData = TripData;

type Named = { name: string };
/**
 * What the tickets list reads of a trip's data (travel_products.ticket, derived by the database,
 * migration tickets_data): its shape, with only what a ticket shows or decides on.
 */
export type TicketData = Pick<TripData, 'type' | 'cabin' | 'ancillaries' | 'compliance'> & {
  travelers: Pick<StoredTraveller, 'travelerID' | 'profileID' | 'guestID' | 'firstname' | 'lastname'>[];
  /** The ticket numbers, once booked. */
  booking?: Pick<BookingData, 'tickets'>;
  journey: Pick<Journey, 'departure' | 'arrival'> & { from: Named; to: Named; sections: { from: Named; to: Named; transport: { carrier: Named } }[] };
  offer: Pick<FareOffer, 'name' | 'flexibility' | 'exchangeable'>;
};

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

export const complianceOf = (product: { data: Pick<TripData, 'compliance'> }): Compliance => product.data.compliance ?? { compliant: true, reasons: [] };

export const isTravelCompliant = (products: Pick<StoredProduct, 'data'>[]) => products.every((p) => complianceOf(p).compliant);

/** Who a traveller record is: their profile, their guest record, or else their name. */
export const travellerKey = (t: TravellerRecord) =>
  t.profileID ? `p:${t.profileID}` : t.guestID ? `g:${t.guestID}` : `n:${(t.firstname ?? '').toLowerCase()}|${(t.lastname ?? '').toLowerCase()}`;

/** The travel's distinct travellers, numbered from 1 in order of appearance (a person is one traveller across products). */
export function travellersOf(products: { data: Pick<TripData, 'travelers'> }[]): (StoredTraveller & { travelerId: number })[] {
  const seen = new Map<string, StoredTraveller & { travelerId: number }>();
  for (const p of products)
    for (const t of p.data.travelers) {
      const key = travellerKey(t);
      if (!seen.has(key)) seen.set(key, { ...t, travelerId: seen.size + 1 });
    }
  return [...seen.values()];
}

/** Whether a product travels this traveller. */
export const carries = (product: Pick<StoredProduct, 'data'>, traveller: TravellerRecord) =>
  product.data.travelers.some((t) => travellerKey(t) === travellerKey(traveller));
