import type { Lang } from '@contract/account';
import { euros, money } from '@contract/money';
import { personName } from '@contract/person-name';
import { linkTo, type Rel } from '@contract/rels';
import type { OnBehalf, Pax, Product, Travel, TravelContext } from '@contract/travel';
import { approvalNeeded, checkoutContext } from './checkout';
import { CANCELLATION_STATUSES, mayCancel, presentCancellation, refundOf } from './cancellation';
import { rulesOf, type CompanyRules } from './company';
import { FLEX_NAMES, type Section } from './journey';
import { exchangeable } from './exchange';
import {
  complianceOf,
  isTravelCompliant,
  spanOf,
  startedBy,
  travelersOf,
  type CarData,
  type HotelData,
  type StoredProduct,
  type StoredTraveler,
  type TicketProduct,
  type TripData,
} from './product';
import { kg } from './co2';
import { noticeWarnings } from './supplier-notices';
import { BOOKED, OPEN, type TravelState } from './travel-state';
import { allows } from './travel-lifecycle';
import { cardPaymentAllowed, presentPayment, type StoredPayment } from './payment';

/**
 * The travel resource (spec 2 §3): a travel with its products and its company's rules, presented
 * with the links of the actions allowed now. Cart, checkout and booking all answer with it, and
 * refuse an action exactly when its link is missing (`offers`). An action's link is offered only when
 * its lifecycle event may happen to the travel now (domain/travel-lifecycle.ts `LINK_EVENTS`).
 */

/** `approval`: a travel pending approval's request, and whether it still awaits an answer (the requester may remind or cancel it then). */
export type TravelView = {
  travel: TravelState;
  products: StoredProduct[];
  company: CompanyRules | null;
  approval?: { id: string; open: boolean } | null;
  onBehalf?: OnBehalf | null;
  /**
   * Its card payments: the one it was paid with (`paid`), and an attempt waiting for the
   * bank's authentication (`awaitingAuthentication`, its id). Absent: none.
   */
  cardPayment?: { paid: StoredPayment | null; awaitingAuthentication: string | null };
};

const T = {
  fr: { departed: 'Un trajet de ce voyage est déjà parti : retirez-le pour continuer.' },
  en: { departed: 'A trip of this travel has already left: remove it to continue.' },
};

const hasDeparted = (products: StoredProduct[], now: Date) => products.some((p) => startedBy(p) <= now);

/** Product statuses whose legs are booked with the supplier: they go in the traveller's calendar. */
export const CALENDAR_PRODUCT_STATUSES: Product['status'][] = ['booked', 'pending_ticketing', 'issued'];

/** A travel with booked legs offers them as a calendar file (`calendar`). */
export const hasBookedLegs = (products: Pick<StoredProduct, 'status'>[]) => products.some((p) => CALENDAR_PRODUCT_STATUSES.includes(p.status));

/** The links of spec 2 §3 that the travel's state allows now. */
function travelLinks(rec: TravelView, now: Date, context: TravelContext, compliant: boolean): Travel['links'] {
  const { travel, products } = rec;
  const p = { travelID: travel.id };
  // A removed travel (its last option released) can no longer be read: it links to nothing.
  if (travel.status === 'removed') return {};
  const links: Travel['links'] = { getTravel: linkTo('getTravel', p) };
  if (allows('remove', travel.status)) links.delete = linkTo('delete', p);
  const departed = hasDeparted(products, now);
  if (travel.status === 'cart') {
    links.addTrip = linkTo('addTrip');
    if (rec.company?.hotelEnabled) links.addHotelToCart = linkTo('addHotelToCart');
    if (rec.company?.carrentalEnabled) links.addCarToCart = linkTo('addCarToCart');
    if (products.length === 0 || departed) return links;
    if (context.needAllAnalytics && !context.hasAllAnalyticsFilled) {
      links.getAllAnalytics = linkTo('getAllAnalytics', p);
      links.fillAnalytics = linkTo('fillAnalytics', p);
    } else if (context.needMissionOrders && !context.hasMissionOrderFilled) {
      links.getMissionOrders = linkTo('getMissionOrders', p);
      links.patchMissionOrders = linkTo('patchMissionOrders', p);
    } else if (context.needSelectedApprover && !context.hasSelectedApprover) {
      links.getAvailableApprovers = linkTo('getAvailableApprovers', p);
      links.fillApprovers = linkTo('fillApprovers', p);
    } else if (approvalNeeded(rulesOf(rec.company), compliant)) {
      if (allows('requestApproval', travel.status)) links.requestApproval = linkTo('requestApproval', p);
    } else if (allows('book', travel.status)) links.confirm = linkTo('confirm', p);
  }
  // Options held: confirm books them.
  if (travel.status === 'pending_confirmation' && allows('book', travel.status) && !departed && products.some((p) => p.status === 'prebooked'))
    links.confirm = linkTo('confirm', p);
  // Paying by card is the final step's other way to book, where the company allows it: never for a travel going to approval.
  if (links.confirm && cardPaymentAllowed(rulesOf(rec.company))) {
    links.payByCard = linkTo('payByCard', p);
    const waiting = rec.cardPayment?.awaitingAuthentication;
    if (waiting) links.confirmCardPayment = linkTo('confirmCardPayment', { travelID: travel.id, paymentID: waiting });
  }
  if (hasBookedLegs(products)) links.calendar = linkTo('calendar', p);
  // A request still open: the requester may remind its approvers (who may approve the round) or take it back to the cart.
  if (allows('approveRound', travel.status) && allows('returnToCart', travel.status) && rec.approval?.open) {
    links.remind = linkTo('remind', { approvalID: rec.approval.id });
    links.cancelApproval = linkTo('cancelApproval', { approvalID: rec.approval.id });
  }
  return links;
}

/** The travel's links at `now`, worked out as the presentation works them out. */
const linksAt = (rec: TravelView, now: Date) => {
  const compliant = isTravelCompliant(rec.products);
  return travelLinks(rec, now, checkoutContext(rulesOf(rec.company), rec.travel, rec.products), compliant);
};

/** Whether the travel carries the link `rel` now: steps and actions are allowed exactly when it does. */
export const offers = (rec: TravelView, rel: Rel, now: Date): boolean => rel in linksAt(rec, now);

/** The links of a product its state allows now (the travel presenter's, and the booking lists' tickets). */
export function productLinks(travel: Pick<TravelState, 'id' | 'status'>, product: TicketProduct, now: Date): Product['links'] {
  if (allows('release', travel.status) && product.status === 'prebooked')
    return { releasePrebooking: linkTo('releasePrebooking', { travelID: travel.id, productID: product.id }) };
  const links: Product['links'] = {};
  if (allows('cancelProducts', travel.status) && mayCancel(travel, product, now))
    Object.assign(links, { previewRefund: linkTo('previewRefund', { productID: product.id }), cancelProduct: linkTo('cancelProduct') });
  if (allows('exchange', travel.status) && exchangeable(product, now))
    links.getExchangeableSections = linkTo('getExchangeableSections', { productID: product.id });
  return links;
}

const paxOf = (t: StoredTraveler): Pax => ({
  firstname: t.firstname ?? '',
  lastname: t.lastname ?? '',
  birthdate: t.birthdate ?? null,
  phone: t.phone ?? null,
  email: t.email ?? null,
  username: null,
  cards: [],
});

export const carrierLogo = (code: string) => `/media/sandbox/carrier/${code}.svg`;

/** A journey's legs as the API shows them (spec 2 §3 "Flight or rail product": routes). */
export const presentRoutes = (sections: Section[], cabin: string): Product['routes'] =>
  sections.map((s, i) => ({
    from: s.from.name,
    to: s.to.name,
    departure: s.departure,
    arrival: s.arrival,
    duration: s.duration,
    connectionDuration: i === 0 ? 0 : (sections[i - 1]!.connectionMinutes ?? 0),
    transportation: { equipment: s.transport.model, number: s.transport.number, cabinClass: cabin, logo: carrierLogo(s.transport.carrier.code) },
    operatingCarrier: s.transport.operatingCarrier.name,
    marketingCarrier: { name: s.transport.carrier.name, logo: carrierLogo(s.transport.carrier.code) },
  }));

/** A rail or flight product as the API shows it. */
function presentTrip(travel: TravelState, product: StoredProduct, data: TripData, lang: Lang, now: Date): Product {
  const { journey, offer } = data;
  const compliance = complianceOf(product);
  const flexibility = FLEX_NAMES[offer.flexibility];
  const travelers = data.travelers;
  const perPax = travelers.length ? Math.round(product.price / travelers.length) : product.price;
  return {
    id: product.id,
    name: `${journey.from.city} → ${journey.to.city}`,
    type: journey.mode,
    status: product.status,
    links: productLinks(travel, product, now),
    price: { ...money(product.price), initialAmount: euros(offer.price * Math.max(travelers.length, 1)) },
    cancellation: presentCancellation(product),
    travelersCount: travelers.length,
    isCorporateFare: offer.tags.includes('corporate-fare'),
    isNegociatedFare: offer.tags.includes('negociated-fare'),
    isMissionaryFare: false,
    isNDC: offer.tags.includes('ndc'),
    isCompliant: compliance.compliant,
    complianceReasons: compliance.reasons.map((r) => r[lang]),
    infos: [],
    // What the carrier changed since booking (the daily reconciliation), in the reader's language.
    warnings: noticeWarnings(product.notices, lang),
    pnr: product.pnr,
    confirmationTimeLimit: product.confirmationTimeLimit?.toISOString() ?? null,
    departure: journey.departure,
    arrival: journey.arrival,
    routes: presentRoutes(journey.sections, data.cabin),
    ticketsByPax: travelers.map((t, i) => ({
      pax: paxOf(t),
      price: money(perPax),
      tickets: [
        {
          transportations: journey.sections.map((s, section) => {
            const seat = data.booking?.seats.find((x) => x.passenger === i && x.section === section);
            return { number: s.transport.number, placement: seat ? { coachNumber: seat.coachNumber, seatNumber: seat.seatNumber } : null };
          }),
          fareName: offer.name,
          fareConditions: { flexibility, text: offer.conditions },
          reference: data.booking?.tickets.find((x) => x.passenger === i)?.number ?? null,
          pnr: product.pnr,
          ancillaries: data.ancillaries.map((a) => ({ type: a.type, price: money(a.price), quantity: a.quantity, maxQuantity: a.quantity })),
          urls: [],
        },
      ],
    })),
    transitCount: journey.sections.length - 1,
    duration: journey.duration,
    co2Emission: kg(journey.co2 * Math.max(travelers.length, 1)),
  };
}

/** What every product type shows alike: its row's figures, its verdict, its cancellation, its links. */
function productBase(travel: TravelState, product: StoredProduct, lang: Lang, now: Date) {
  const compliance = complianceOf(product);
  return {
    id: product.id,
    status: product.status,
    links: productLinks(travel, product, now),
    cancellation: presentCancellation(product),
    isCompliant: compliance.compliant,
    complianceReasons: compliance.reasons.map((r) => r[lang]),
    infos: [],
    warnings: noticeWarnings(product.notices, lang),
    pnr: product.pnr,
    confirmationTimeLimit: product.confirmationTimeLimit?.toISOString() ?? null,
    isCorporateFare: false,
    isMissionaryFare: false,
    isNDC: false,
  };
}

const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);

/** The travellers of a stay or a rental as passengers: no ticket of their own, the price shared. */
const paxWithoutTickets = (travelers: StoredTraveler[], price: number) =>
  travelers.map((t) => ({ pax: paxOf(t), price: money(travelers.length ? Math.round(price / travelers.length) : price), tickets: [] }));

const paxNamesOf = (t: StoredTraveler | undefined) => ({ firstname: t?.firstname ?? '', lastname: t?.lastname ?? '' });

/** A hotel stay as the API shows it (spec 2 §3 "Hotel product"). */
function presentHotel(travel: TravelState, product: StoredProduct, data: HotelData, lang: Lang, now: Date): Product {
  const { hotel } = data;
  const negotiated = data.rooms.some((r) => r.offer.negotiated);
  return {
    ...productBase(travel, product, lang, now),
    name: hotel.name,
    type: 'hotel',
    price: { ...money(product.price), initialAmount: euros(data.rooms.reduce((sum, r) => sum + r.offer.total, 0)) },
    travelersCount: data.travelers.length,
    isNegociatedFare: negotiated,
    departure: data.startsAt,
    arrival: data.endsAt,
    routes: [],
    ticketsByPax: paxWithoutTickets(data.travelers, product.price),
    transitCount: 0,
    duration: minutesBetween(data.startsAt, data.endsAt),
    co2Emission: kg(data.co2),
    hotel: {
      hotelId: hotel.id,
      name: hotel.name,
      chain: hotel.chain ? { ...hotel.chain, logo: carrierLogo(hotel.chain.code) } : null,
      starsCount: hotel.stars,
      checkin: data.checkin,
      checkout: data.checkout,
      nightsCount: data.nights,
      services: {
        hasRestaurant: hotel.services.restaurant,
        hasPool: hotel.services.pool,
        hasParking: hotel.services.parking,
        hasPrm: hotel.services.prm,
        hasWifi: hotel.services.wifi,
        hasElectricChargingStation: hotel.services.evCharging,
      },
      location: { address: hotel.address, zipCode: hotel.zip, city: hotel.city, country: hotel.country, latitude: hotel.lat, longitude: hotel.lon },
      contact: { email: hotel.email, phone: hotel.phone },
      img_url: hotel.image,
      reference: data.booking?.tickets[0]?.number ?? null,
      cancelDeadline: data.cancelDeadline,
      rooms: data.rooms.map(({ offer, travelerIDs }) => ({
        name: offer.name,
        paxs: travelerIDs.map((id) => paxNamesOf(data.travelers.find((t) => t.travelerID === id))),
        board: offer.board,
        isBreakfastIncluded: offer.board !== 'room-only',
        fareName: offer.name,
        fareConditions: { text: offer.cancelConditions },
        price: money(offer.total),
        pricePerNight: money(offer.pricePerNight),
        isTaxIncluded: offer.taxIncluded,
        isCancellable: offer.cancellable,
        isNegotiatedRate: offer.negotiated,
      })),
    },
  };
}

const agencyOf = (a: CarData['pickup'], at: string) => ({
  datetime: at,
  location: { id: a.id, name: a.name, city: a.city, address: a.address, zipCode: a.zip, phone: a.phone, latitude: a.lat, longitude: a.lon },
});

/** A car rental as the API shows it (spec 2 §3 "Car-rental product"). */
function presentCar(travel: TravelState, product: StoredProduct, data: CarData, lang: Lang, now: Date): Product {
  const { car, driver } = data;
  const duration = minutesBetween(data.pickupAt, data.returnAt);
  return {
    ...productBase(travel, product, lang, now),
    name: `${data.renter.name} · ${car.model}`,
    type: 'car_rental',
    price: { ...money(product.price), initialAmount: euros(car.total) },
    travelersCount: 1,
    isNegociatedFare: car.negotiated,
    departure: data.pickupAt,
    arrival: data.returnAt,
    routes: [],
    ticketsByPax: paxWithoutTickets(data.travelers, product.price),
    transitCount: 0,
    duration,
    co2Emission: kg(data.co2),
    carRental: {
      pickUp: agencyOf(data.pickup, data.pickupAt),
      dropOff: agencyOf(data.dropoff, data.returnAt),
      duration: duration * 60,
      days: car.days,
      renter: { ...data.renter, logo: carrierLogo(data.renter.code) },
      driver: { firstname: driver.firstname, lastname: driver.lastname, email: driver.email, phone: driver.phone },
      carCategory: car.category,
      carType: car.model,
      acriss: car.acriss,
      engineType: car.engine,
      gearbox: car.gearbox,
      pix_url: car.image,
      priceDetails: {
        perDay: money(car.pricePerDay),
        total: money(car.total),
        unlimitedDistance: car.unlimitedDistance,
        includedDistance: car.includedKmPerDay === null ? null : car.includedKmPerDay * car.days,
        additionalDistancePrice: car.extraKmPrice === null ? null : money(car.extraKmPrice),
      },
      includedServices: car.includedServices,
      excludedServices: car.excludedServices,
      reference: data.booking?.tickets[0]?.number ?? null,
      // The sandbox's renters cancel free of charge until the pick-up.
      cancelDeadline: data.pickupAt,
      estimatedDistanceKm: data.estimatedKm,
    },
  };
}

/** A product as the API shows it, by product type, with the links of what may be done with it at `now`. */
export function presentProduct(travel: TravelState, product: StoredProduct, lang: Lang, now: Date): Product {
  const { data } = product;
  switch (data.type) {
    case 'rail':
    case 'flight':
      return presentTrip(travel, product, data, lang, now);
    case 'hotel':
      return presentHotel(travel, product, data, lang, now);
    case 'car_rental':
      return presentCar(travel, product, data, lang, now);
  }
}

/** A travel as the API shows it, with the links its state allows at `now`. */
export function presentTravel(rec: TravelView, lang: Lang, now: Date): Travel {
  const { travel, products } = rec;
  const rules = rulesOf(rec.company);
  const travellers = travelersOf(products);
  // An exchanged ticket stays listed (status `exchanged`), but its replacement is what the travel costs and when it goes.
  const live = products.filter((p) => p.status !== 'exchanged');
  const first = live[0] && spanOf(live[0].data);
  const last = live[live.length - 1] && spanOf(live[live.length - 1]!.data);
  const { status } = travel;
  const departed = hasDeparted(products, now);
  const warnings = OPEN.includes(status) && departed ? [T[lang].departed] : [];
  const compliant = isTravelCompliant(products);
  const context = checkoutContext(rules, travel, products);
  const refunded = products.reduce((sum, p) => sum + refundOf(p), 0);
  return {
    id: travel.id,
    travelId: travel.id,
    status,
    version: travel.version,
    startDate: first ? first.departure.slice(0, 10) : null,
    endDate: last ? last.arrival.slice(0, 10) : null,
    confirmationTimeLimit: travel.confirmationTimeLimit?.toISOString() ?? null,
    companyId: travel.companyId,
    customer: travel.customerId ?? travel.companyId,
    customerType: travel.entityId ? 'entity' : 'other',
    onBehalf: rec.onBehalf ?? null,
    startDateTime: first?.departure ?? null,
    endDateTime: last?.arrival ?? null,
    startLocation: first?.from ?? null,
    travelers: travellers.map((t) => ({ firstname: t.firstname ?? '', lastname: t.lastname ?? '' })),
    products: products.map((p) => presentProduct(travel, p, lang, now)),
    warnings,
    // The option's deadline is confirmationTimeLimit, which each reader sees on their own clock, zone named.
    infos: [],
    treepRecaps:
      BOOKED.includes(status) || CANCELLATION_STATUSES.includes(status)
        ? travellers.map((t) => ({ paxName: personName(t), link: `/recap/${travel.id}/${t.travelerId}` }))
        : [],
    price: money(live.reduce((sum, p) => sum + p.price, 0) - refunded),
    refunded: refunded > 0 ? money(refunded) : null,
    payment: presentPayment(status, products, rec.cardPayment?.paid),
    canBeCompleted: status === 'cart' && products.length > 0 && !departed,
    isCompliant: compliant,
    travelPolicy: rules.policy ? (rec.company?.travelPolicy ?? null) : null,
    context,
    links: travelLinks(rec, now, context, compliant),
  };
}
