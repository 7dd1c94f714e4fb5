import type { Lang } from '@contract/account';
import type { CardBrand } from '@contract/travel';
import { personName } from '@contract/person-name';
import type { ProductRow, TravelRow } from '../db/travels';
import type { Section } from '../domain/journey';
import { isTrip, isTripProduct, labelOf, startOf, type CarData, type HotelData, type ProductData, type TripData } from '../domain/product';
import { agencyContact, travelRecipients, type Recipient } from '../db/recipients';
import { calendar, type IcsEvent } from '../platform/ics';
import { detailedMail, type Mail } from '../platform/mail';
import { queueMails } from '../platform/outbox';
import type { Services } from '../platform/services';
import { cityNameIn, placeNameIn } from '../reference/places';

/**
 * The booking's e-mails: option held, booking confirmed, tickets issued, option
 * released or expired. Each goes to the booker and to each traveller with an e-mail address, in the
 * recipient's language, with a plain-text part and the trip's legs as a calendar (.ics). They are
 * written in the transaction of the change they tell of (queueMails): a rolled-back change sends
 * nothing, and a retry that finds the change made does not write them again.
 */

export type BookingEvent = 'held' | 'booked' | 'issued' | 'released' | 'expired';

/** A booking paid by card: the card as it may be shown, and the amount taken. */
export type CardPaid = { brand: CardBrand; last4: string; amount: number };

/** What the e-mails tell of: the travel, the products concerned as they are now, the option's deadline, the card it was paid with. */
export type BookingNews = {
  event: BookingEvent;
  travel: TravelRow;
  products: ProductRow[];
  deadline?: Date | null;
  stillHeld?: boolean;
  card?: CardPaid | null;
};

type Context = { agencyName: string; origin: string; bookerName: string; now: Date };

/**
 * Deadlines are shown in this zone, named: the server knows no zone of the user's own (their
 * browser shows the same deadline in theirs), and this is the one the product's other texts use.
 */
const DEADLINE_ZONE = 'Europe/Paris';

/** A calendar event's revision: held, booked, ticketed, then (from an option) cancelled. */
const ICS_STATE: Record<BookingEvent, Pick<IcsEvent, 'status' | 'sequence'>> = {
  held: { status: 'TENTATIVE', sequence: 0 },
  booked: { status: 'CONFIRMED', sequence: 1 },
  issued: { status: 'CONFIRMED', sequence: 2 },
  released: { status: 'CANCELLED', sequence: 3 },
  expired: { status: 'CANCELLED', sequence: 3 },
};

const CABINS = {
  fr: { second: 'Seconde classe', first: 'Première classe', economy: 'Économie', premium: 'Premium économie', business: 'Affaires' },
  en: { second: 'Second class', first: 'First class', economy: 'Economy', premium: 'Premium economy', business: 'Business' },
} as const;

const T = {
  fr: {
    hello: (n: string) => `Bonjour ${n},`,
    field: (label: string, value: string) => `${label} : ${value}`,
    subject: { held: 'option posée', booked: 'réservation confirmée', issued: 'billets émis', released: 'option libérée', expired: 'option expirée' },
    subjectLine: (agency: string, what: string, route: string) => `${agency ? `${agency} : ` : ''}${what} – ${route}`,
    intro: {
      held: (until: string) =>
        `Une option est posée sur votre voyage. Elle est garantie jusqu’au ${until} : confirmez-la depuis votre panier avant cette heure, sinon elle sera libérée.`,
      booked: () => 'Votre voyage est réservé. Vos billets sont en cours d’émission : vous les recevrez dans un prochain e-mail.',
      bookedStay: () => 'Votre réservation est confirmée. Gardez cet e-mail : la référence vous sera demandée à l’arrivée.',
      issued: () => 'Vos billets sont émis. Gardez cet e-mail : la référence et les numéros de billet vous seront demandés à bord ou à l’enregistrement.',
      released: () => 'L’option sur ce trajet a été libérée : il n’est plus réservé pour vous.',
      expired: () => 'L’option sur ce voyage n’a pas été confirmée à temps : elle a expiré et les places ont été libérées.',
    },
    forYou: (booker: string) => `${booker} a réservé ce voyage pour vous.`,
    localTimes: 'Les horaires sont à l’heure locale de chaque gare ou aéroport.',
    attached: (file: string) => `Les trajets sont joints à votre agenda dans le fichier ${file}.`,
    attachedCancel: (file: string) => `Le fichier joint ${file} retire ces trajets de votre agenda.`,
    travellers: 'Voyageurs',
    reference: { option: 'Référence de l’option', booking: 'Référence (PNR)' },
    ticket: 'Billet',
    seat: (coach: string, seat: string) => `voiture ${coach}, place ${seat}`,
    price: 'Prix',
    total: 'Prix total',
    paidByCard: (brand: string, last4: string, amount: string) => `Payé par carte ${brand} •••• ${last4} : ${amount} débités.`,
    payment: 'Paiement',
    until: 'Option valable jusqu’au',
    open: 'Voir le voyage',
    search: 'Réserver un autre voyage',
    footer: 'Cet e-mail vous est envoyé automatiquement.',
    file: 'voyage.ics',
    localTimesStay: 'Les horaires sont à l’heure locale de l’hôtel ou de l’agence de location.',
    stay: (from: string, to: string, nights: number) => `Du ${from} au ${to} (${nights} nuit${nights > 1 ? 's' : ''})`,
    room: 'Chambre',
    boards: { 'room-only': 'sans repas', breakfast: 'petit-déjeuner inclus', 'half-board': 'demi-pension', 'full-board': 'pension complète' },
    freeCancel: (until: string) => `Annulation gratuite jusqu’au ${until} (heure locale)`,
    nonRefundable: 'Tarif non remboursable',
    confirmation: 'Numéro de confirmation',
    pickup: 'Prise en charge',
    dropoff: 'Restitution',
    car: 'Véhicule',
    driver: 'Conducteur',
    at: (when: string, where: string) => `${when}, ${where}`,
  },
  en: {
    hello: (n: string) => `Hello ${n},`,
    field: (label: string, value: string) => `${label}: ${value}`,
    subject: { held: 'option held', booked: 'booking confirmed', issued: 'tickets issued', released: 'option released', expired: 'option expired' },
    subjectLine: (agency: string, what: string, route: string) => `${agency ? `${agency}: ` : ''}${what} – ${route}`,
    intro: {
      held: (until: string) => `An option is held on your travel until ${until}: confirm it from your cart before then, or it will be released.`,
      booked: () => 'Your travel is booked. Your tickets are being issued: they will follow in another e-mail.',
      bookedStay: () => 'Your booking is confirmed. Keep this e-mail: the reference is asked for on arrival.',
      issued: () => 'Your tickets are issued. Keep this e-mail: the reference and ticket numbers are asked for on board or at check-in.',
      released: () => 'The option on this trip was released: it is no longer booked for you.',
      expired: () => 'The option on this travel was not confirmed in time: it expired and the seats were released.',
    },
    forYou: (booker: string) => `${booker} booked this travel for you.`,
    localTimes: 'Times are the local time of each station or airport.',
    attached: (file: string) => `The trips are attached for your calendar in ${file}.`,
    attachedCancel: (file: string) => `The attached ${file} removes these trips from your calendar.`,
    travellers: 'Travellers',
    reference: { option: 'Option reference', booking: 'Reference (PNR)' },
    ticket: 'Ticket',
    seat: (coach: string, seat: string) => `coach ${coach}, seat ${seat}`,
    price: 'Price',
    total: 'Total price',
    paidByCard: (brand: string, last4: string, amount: string) => `Paid by card ${brand} •••• ${last4}: ${amount} charged.`,
    payment: 'Payment',
    until: 'Option held until',
    open: 'Open the travel',
    search: 'Book another travel',
    footer: 'This e-mail is sent automatically.',
    file: 'trip.ics',
    localTimesStay: 'Times are the local time of the hotel or of the rental agency.',
    stay: (from: string, to: string, nights: number) => `From ${from} to ${to} (${nights} night${nights > 1 ? 's' : ''})`,
    room: 'Room',
    boards: { 'room-only': 'room only', breakfast: 'breakfast included', 'half-board': 'half board', 'full-board': 'full board' },
    freeCancel: (until: string) => `Free cancellation until ${until} (local time)`,
    nonRefundable: 'Non-refundable rate',
    confirmation: 'Confirmation number',
    pickup: 'Pick-up',
    dropoff: 'Return',
    car: 'Car',
    driver: 'Driver',
    at: (when: string, where: string) => `${when}, ${where}`,
  },
};

const CARD_NAMES: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard' };

const locale = (lang: Lang) => (lang === 'fr' ? 'fr-FR' : 'en-GB');
const money = (cents: number, lang: Lang) => new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'EUR' }).format(cents / 100);

// Building an Intl formatter costs far more than using one: one per language, zone and format, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Lang, zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${lang}|${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    if (formatters.size > 2000) formatters.clear();
    f = new Intl.DateTimeFormat(locale(lang), { timeZone: zone, ...options });
    formatters.set(key, f);
  }
  return f;
}

/** Local wall-clock parts of an instant at a place: journey times are read in the place's own zone. */
const at = (iso: string, zone: string, lang: Lang, options: Intl.DateTimeFormatOptions) => formatter(lang, zone, options).format(new Date(iso));
const time = (iso: string, zone: string, lang: Lang) => at(iso, zone, lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const day = (iso: string, zone: string, lang: Lang) => at(iso, zone, lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDay = (iso: string, zone: string, lang: Lang) => at(iso, zone, lang, { weekday: 'short', day: '2-digit', month: '2-digit' });
const deadline = (d: Date, lang: Lang) =>
  formatter(lang, DEADLINE_ZONE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'long',
  }).format(d);

/** "TGV INOUI 6912", or a flight number alone when it carries its airline's code ("AF1234"). */
const service = (s: Section) =>
  s.transport.number.startsWith(s.transport.carrier.code) ? s.transport.number : `${s.transport.carrier.name} ${s.transport.number}`;
/** "Paris → Lyon" in the reader's language for a trip; the hotel or the renter and its city otherwise. */
const routeOf = (data: ProductData, lang: Lang) =>
  isTrip(data) ? `${cityNameIn(data.journey.from, lang)} → ${cityNameIn(data.journey.to, lang)}` : labelOf(data);

/** One line per leg: local departure and arrival (with the day when it is another), places, train or flight. */
function sectionLine(s: Section, firstDay: string, lang: Lang): string {
  const leaves = day(s.departure, s.from.tz, lang) === firstDay ? '' : `${shortDay(s.departure, s.from.tz, lang)} `;
  const arrives = shortDay(s.arrival, s.to.tz, lang) === shortDay(s.departure, s.from.tz, lang) ? '' : `${shortDay(s.arrival, s.to.tz, lang)} `;
  return `${leaves}${time(s.departure, s.from.tz, lang)} ${placeNameIn(s.from, lang)} → ${arrives}${time(s.arrival, s.to.tz, lang)} ${placeNameIn(s.to, lang)}, ${service(s)}`;
}

/** Each traveller's ticket number and seats, once booked. */
function ticketLines(data: TripData, lang: Lang): string[] {
  const t = T[lang];
  return (data.booking?.tickets ?? []).map((ticket) => {
    const who = personName(data.travelers[ticket.passenger] ?? {});
    const seats = (data.booking?.seats ?? []).filter((s) => s.passenger === ticket.passenger).map((s) => t.seat(s.coachNumber, s.seatNumber));
    return `${t.ticket} ${ticket.number}${who ? ` (${who})` : ''}${seats.length ? ` – ${seats.join(' ; ')}` : ''}`;
  });
}

/** The supplier's reference (of the option, or of the booking), and the tickets once booked. */
function referenceLines(p: ProductRow, event: BookingEvent, lang: Lang): string[] {
  const t = T[lang];
  const booked = event === 'booked' || event === 'issued';
  const data = p.data;
  const confirmation = booked && !isTrip(data) ? data.booking?.tickets[0]?.number : undefined;
  return [
    ...(p.pnr ? [t.field(booked ? t.reference.booking : t.reference.option, p.pnr)] : []),
    ...(booked && isTrip(data) ? ticketLines(data, lang) : []),
    ...(confirmation ? [t.field(t.confirmation, confirmation)] : []),
  ];
}

const dayTime = (iso: string, zone: string, lang: Lang) => `${day(iso, zone, lang)} ${time(iso, zone, lang)}`;

/** A stay's lines: its dates, address, each room with its board and sleepers, its cancellation terms. */
function hotelLines(data: HotelData, lang: Lang): string[] {
  const t = T[lang];
  const { hotel } = data;
  const sleepers = (ids: number[]) => ids.map((id) => personName(data.travelers.find((x) => x.travelerID === id) ?? {})).join(', ');
  return [
    t.stay(day(data.startsAt, hotel.tz, lang), day(data.endsAt, hotel.tz, lang), data.nights),
    `${hotel.address}, ${hotel.zip} ${hotel.city}`,
    ...data.rooms.map((r) => t.field(t.room, `${r.offer.name}, ${t.boards[r.offer.board]} – ${sleepers(r.travelerIDs)}`)),
    data.cancelDeadline ? t.freeCancel(dayTime(data.cancelDeadline, hotel.tz, lang)) : t.nonRefundable,
  ];
}

/** A rental's lines: pick-up and return (agency time and place), the car, the driver. */
function carLines(data: CarData, lang: Lang): string[] {
  const t = T[lang];
  return [
    t.field(t.pickup, t.at(dayTime(data.pickupAt, data.pickup.tz, lang), `${data.pickup.name}, ${data.pickup.address}`)),
    t.field(t.dropoff, t.at(dayTime(data.returnAt, data.dropoff.tz, lang), `${data.dropoff.name}, ${data.dropoff.address}`)),
    t.field(t.car, `${data.car.model} (${data.car.category}, ${data.car.acriss})`),
    t.field(t.driver, personName(data.driver)),
  ];
}

/** A product as the e-mail details it: the route with its day, then its legs, fare, travellers, references, price. */
function productRow(p: ProductRow, event: BookingEvent, lang: Lang): [string, string] {
  const t = T[lang];
  const data = p.data;
  const what = data.type === 'hotel' ? hotelLines(data, lang) : data.type === 'car_rental' ? carLines(data, lang) : tripLines(data, lang);
  const lines = [
    ...what,
    ...(data.type === 'car_rental' ? [] : [t.field(t.travellers, data.travelers.map(personName).join(', '))]),
    ...referenceLines(p, event, lang),
    t.field(t.price, money(p.price, lang)),
  ];
  return [routeOf(data, lang), lines.join('\n')];
}

/** A trip's lines: its day, its legs, its class and fare. */
function tripLines(data: TripData, lang: Lang): string[] {
  const { journey } = data;
  const firstDay = day(journey.departure, journey.from.tz, lang);
  return [
    firstDay,
    ...journey.sections.map((s) => sectionLine(s, firstDay, lang)),
    [CABINS[lang][data.cabin as keyof (typeof CABINS)['fr']] ?? data.cabin, data.offer.name].join(', '),
  ];
}

/** The legs as calendar events: one per section, its UID stable per product and leg across the e-mails. */
function events(products: ProductRow[], event: BookingEvent, lang: Lang): IcsEvent[] {
  return products.filter(isTripProduct).flatMap((p) =>
    p.data.journey.sections.map((s, i) => ({
      uid: `${p.id}.${i}@escale`,
      ...ICS_STATE[event],
      start: new Date(s.departure),
      startZone: s.from.tz,
      end: new Date(s.arrival),
      endZone: s.to.tz,
      summary: `${cityNameIn(s.from, lang)} → ${cityNameIn(s.to, lang)} ${service(s)}`,
      location: placeNameIn(s.from, lang),
      description: [`${placeNameIn(s.from, lang)} → ${placeNameIn(s.to, lang)}`, ...referenceLines(p, event, lang)].join('\n'),
    })),
  );
}

/** One recipient's e-mail about the news, in their language. */
export function bookingMail(news: BookingNews, ctx: Context, to: Recipient): Omit<Mail, 'agencyId' | 'to'> {
  const { event, travel, products } = news;
  const lang = to.lang;
  const t = T[lang];
  const first = products[0]!.data;
  const start = startOf(first);
  const route = `${routeOf(first, lang)}, ${shortDay(start.at, start.tz, lang)}`;
  const cancelled = event === 'released' || event === 'expired';
  // Only rail and flight legs go in the calendar file; a hotel stay or a car rental alone has none.
  const legs = events(products, event, lang);
  const trips = products.some(isTripProduct);
  const paragraphs = [
    ...(!to.isBooker && (event === 'held' || event === 'booked') && ctx.bookerName ? [t.forYou(ctx.bookerName)] : []),
    (event === 'booked' && !trips ? t.intro.bookedStay : t.intro[event])(news.deadline ? deadline(news.deadline, lang) : ''),
    ...(trips ? [t.localTimes] : []),
    ...(products.some((p) => !isTripProduct(p)) ? [t.localTimesStay] : []),
    ...(legs.length ? [cancelled ? t.attachedCancel(t.file) : t.attached(t.file)] : []),
  ];
  const details: [string, string][] = [
    ...products.map((p) => productRow(p, event, lang)),
    [
      t.total,
      money(
        products.reduce((sum, p) => sum + p.price, 0),
        lang,
      ),
    ],
  ];
  // Only the booker paid; the travellers are told the booking, not the booker's card.
  if (news.card && to.isBooker) details.push([t.payment, t.paidByCard(CARD_NAMES[news.card.brand], news.card.last4, money(news.card.amount, lang))]);
  if (event === 'held' && news.deadline) details.push([t.until, deadline(news.deadline, lang)]);
  // Only the booker can open the travel in the app; a travel with nothing left held is gone from it.
  const showsTravel = to.isBooker && (!cancelled || news.stillHeld);
  const actions = showsTravel
    ? [{ label: t.open, url: `${ctx.origin}/travel-view?travel=${encodeURIComponent(travel.id)}` }]
    : to.isBooker
      ? [{ label: t.search, url: `${ctx.origin}/` }]
      : [];
  const body = detailedMail({ greeting: t.hello(to.firstname), paragraphs, details, actions, footer: t.footer });
  const attachments = legs.length
    ? [
        {
          filename: t.file,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: calendar(legs, { prodId: '-//Escale//Booking//FR', now: ctx.now }),
        },
      ]
    : [];
  return { subject: t.subjectLine(ctx.agencyName, t.subject[event], route), ...body, attachments };
}

/** Writes the news' e-mails in `tx`, the transaction that makes the change they announce. */
export async function queueBookingMails(services: Services, tx: Services['db'], news: BookingNews): Promise<void> {
  if (news.products.length === 0) return;
  const { config, clock, mailer } = services;
  const { list, booker } = await travelRecipients(tx, news.travel.userId, news.products);
  const ctx: Context = {
    agencyName: news.travel.agencyId ? (await agencyContact(tx, news.travel.agencyId)).name : '',
    origin: config.publicUrl ?? `http://localhost:${config.port}`,
    bookerName: booker,
    now: clock.now(),
  };
  const mails = list.map((to) => ({ agencyId: news.travel.agencyId, to: to.email, ...bookingMail(news, ctx, to) }));
  await queueMails(tx, mailer, mails, clock.now());
}
