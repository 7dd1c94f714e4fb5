/**
 * Sandbox hotels: the hotels of the searched area (hotel-population.ts) with their room offers
 * priced for the stay (stars × city × weekday demand × season × lead time), availability drawn
 * from hotel + dates.
 */
import { SupplierError, type Customer, type Hotel, type HotelQuery, type HotelSupplier, type Lang, type RoomOffer, type StayQuery } from '../types';
import { cities, nearestCity, type RefCity } from '@server/reference/places';
import { distanceKm } from '@server/reference/geo';
import { hashString, rng } from './random';
import { dateOfDay, dayNumber, frDate, localClock, monthOfDay, weekdayOfDay } from './locality';
import {
  BOARD_CODE,
  BOARD_OF_CODE,
  BREAKFAST,
  DINNER,
  IDF,
  ROOM_NAMES,
  STAR_PRICE,
  TOURIST_TAX,
  TOURIST_TAX_IDF,
  cityPriceFactor,
  hotelById,
  hotelsOfCity,
  reachKm,
  type Board,
  type HotelBase,
  type RoomKind,
} from './hotel-population';

/** Night demand by weekday of the night (0 = Sunday night): business cities fill Mon–Thu. */
const DEMAND_BUSINESS = [0.92, 1.1, 1.14, 1.12, 1.0, 0.84, 0.86];
const DEMAND_CAPITAL = [0.95, 1.08, 1.1, 1.1, 1.04, 0.99, 1.03];
const DEMAND_TOWN = [0.97, 1.03, 1.05, 1.04, 1.0, 0.95, 0.97];
const SEASON = [0, 0.9, 0.95, 1.02, 1.02, 1.0, 1.05, 0.93, 0.87, 1.08, 1.06, 1.0, 0.92];

const demandOf = (city: RefCity) => (city.population > 1_000_000 ? DEMAND_CAPITAL : city.population >= 100_000 ? DEMAND_BUSINESS : DEMAND_TOWN);

/** Price factor by lead time in days: last minute is dearer, early booking a little cheaper. */
const leadFactor = (days: number) => (days < 2 ? 1.15 : days < 7 ? 1.07 : days < 21 ? 1 : days < 60 ? 0.96 : 0.93);

export type RoomOfferRef = {
  hotelId: string;
  checkin: string;
  checkout: string;
  room: RoomKind;
  occupancy: number;
  board: Board;
  cancellable: boolean;
  negotiated: boolean;
};

/** Room offer ids carry what the booking side needs: hotel, stay and rate (hotelId_checkin_checkout_PLAN). */
export function parseRoomOfferId(id: string): RoomOfferRef | null {
  const m = /^(h-.+)_(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})_([A-Z]{3})(\d)-([A-Z]{2})-([FN])(-NEG)?$/.exec(id);
  if (!m || !BOARD_OF_CODE[m[6]!] || !(m[4]! in ROOM_NAMES)) return null;
  return {
    hotelId: m[1]!,
    checkin: m[2]!,
    checkout: m[3]!,
    room: m[4] as RoomKind,
    occupancy: Number(m[5]),
    board: BOARD_OF_CODE[m[6]!]!,
    cancellable: m[7] === 'F',
    negotiated: Boolean(m[8]),
  };
}

const negotiatedWith = (customer: Customer, h: HotelBase) => {
  if (!h.chain) return false;
  const codes = customer.negotiatedChains.map((c) => c.toUpperCase());
  return codes.includes(h.chain.code) || (h.group !== null && codes.includes(h.group));
};

type Stay = {
  checkinDay: number;
  nights: number;
  lead: number;
  lang: Lang;
  occupants: number;
  deadlinePassed: boolean;
  texts: { flexible: string; late: string; nonRefundable: string };
};

function offersFor(h: HotelBase, q: HotelQuery, stay: Stay): RoomOffer[] {
  const city = h.ref;
  const demand = demandOf(city);
  const base = STAR_PRICE[h.stars]! * cityPriceFactor(city) * h.quality * leadFactor(stay.lead);
  let roomNights = 0; // sum of the room-only nightly prices (€)
  let demandSum = 0;
  for (let d = 0; d < stay.nights; d++) {
    const day = stay.checkinDay + d;
    const noise = 0.93 + (hashString(`${h.id}:${day}`) / 4294967296) * 0.14;
    const dem = demand[weekdayOfDay(day)]! * SEASON[monthOfDay(day)]!;
    demandSum += dem;
    roomNights += base * dem * noise;
  }
  const meanDemand = demandSum / stay.nights;
  const r = rng(`${h.id}:${dateOfDay(stay.checkinDay)}:${stay.nights}`);
  const fullHouse = r.chance(0.02 + Math.max(0, meanDemand - 1) * 0.3);
  const inventory = new Map<RoomKind, number>();
  for (const p of h.plans) {
    if (inventory.has(p.room)) continue;
    const soldOut = fullHouse || r.chance(0.07 + Math.max(0, meanDemand - 1) * 0.6 + (stay.lead < 2 ? 0.1 : 0));
    inventory.set(p.room, soldOut ? 0 : Math.min(9, Math.max(1, Math.round(r.between(1, 10) / Math.max(0.8, meanDemand)))));
  }
  const cityF = Math.sqrt(cityPriceFactor(city));
  const negotiated = negotiatedWith(q.customer, h);
  const tax = (h.country === 'FR' && IDF.has(h.zip.slice(0, 2)) ? TOURIST_TAX_IDF : TOURIST_TAX)[h.stars]!;
  const offers: RoomOffer[] = [];
  for (const p of h.plans) {
    const available = inventory.get(p.room)!;
    if (available === 0) continue;
    const room = ROOM_NAMES[p.room];
    const occupancy = room.occupancy;
    const perPerson =
      p.board === 'breakfast'
        ? BREAKFAST[h.stars]!
        : p.board === 'half-board'
          ? BREAKFAST[h.stars]! + DINNER[h.stars]!
          : p.board === 'full-board'
            ? BREAKFAST[h.stars]! + 2 * DINNER[h.stars]!
            : 0;
    const eaters = Math.min(occupancy, 2);
    let nightly = (roomNights / stay.nights) * room.factor + perPerson * cityF * eaters;
    nightly = Math.round(nightly); // flexible rates in whole euros
    const cancellable = p.cancellable && !stay.deadlinePassed;
    if (!p.cancellable) nightly *= 0.88;
    if (negotiated) nightly *= 0.9;
    const pricePerNight = Math.round(nightly * 10) * 10; // cents, to 10 cents
    const occupants = Math.min(occupancy, stay.occupants);
    const taxes = tax * occupants * stay.nights;
    const code = `${p.room}${occupancy}-${BOARD_CODE[p.board]}-${p.cancellable ? 'F' : 'N'}${negotiated ? '-NEG' : ''}`;
    offers.push({
      id: `${h.id}_${q.checkin}_${q.checkout}_${code}`,
      name: room[stay.lang],
      maxOccupancy: occupancy,
      board: p.board,
      pricePerNight,
      total: pricePerNight * stay.nights + taxes,
      taxes,
      taxIncluded: true,
      cancellable,
      cancelConditions: p.cancellable ? (cancellable ? stay.texts.flexible : stay.texts.late) : stay.texts.nonRefundable,
      negotiated,
      available,
    });
  }
  offers.sort((a, b) => a.total - b.total);
  return offers;
}

function cancelTexts(checkinDay: number, lang: Lang) {
  const deadline = frDate(dateOfDay(checkinDay - 1));
  return lang === 'fr'
    ? {
        flexible: `Annulation gratuite jusqu'au ${deadline} 18:00 (heure locale), puis 1 nuit facturée.`,
        late: `Délai d'annulation gratuite dépassé (${deadline} 18:00) : 1 nuit facturée en cas d'annulation.`,
        nonRefundable: 'Tarif non remboursable : aucune annulation ni modification possible, la totalité du séjour est due.',
      }
    : {
        flexible: `Free cancellation until ${deadline} 18:00 (local time), then 1 night charged.`,
        late: `Free cancellation period over (${deadline} 18:00): 1 night charged if cancelled.`,
        nonRefundable: 'Non-refundable rate: no cancellation or change possible, the full stay is charged.',
      };
}

const invalid = (message: string) => new SupplierError('invalid-request', message);
const MAX_NIGHTS = 30;

/** Synchronous search (the supplier wraps it in a promise). */
export function searchHotels(q: HotelQuery): Hotel[] {
  if (!Number.isFinite(q.lat) || !Number.isFinite(q.lon) || Math.abs(q.lat) > 90 || Math.abs(q.lon) > 180) throw invalid('Coordonnées invalides.');
  if (!(q.radiusKm >= 1 && q.radiusKm <= 50)) throw invalid('Le rayon de recherche doit être compris entre 1 et 50 km.');
  const checkinDay = dayNumber(q.checkin);
  const checkoutDay = dayNumber(q.checkout);
  if (Number.isNaN(checkinDay) || Number.isNaN(checkoutDay)) throw invalid('Dates d’arrivée et de départ attendues au format AAAA-MM-JJ.');
  const nights = checkoutDay - checkinDay;
  if (nights < 1) throw invalid('La date de départ doit suivre la date d’arrivée (1 nuit minimum).');
  if (nights > MAX_NIGHTS) throw invalid(`Séjour limité à ${MAX_NIGHTS} nuits.`);
  if (!Number.isInteger(q.rooms) || q.rooms < 1) throw invalid('Au moins une chambre est requise.');
  if (!Number.isInteger(q.guests) || q.guests < q.rooms) throw invalid('Il faut au moins un voyageur par chambre.');

  const point = { lat: q.lat, lon: q.lon };
  const home = nearestCity(point);
  const now = localClock(q.now, home.tz);
  const today = dayNumber(now.date);
  if (checkinDay < today) throw invalid('La date d’arrivée est passée.');
  const deadlinePassed = checkinDay - 1 < today || (checkinDay - 1 === today && now.hour >= 18);
  const stay: Stay = {
    checkinDay,
    nights,
    lead: checkinDay - today,
    lang: q.lang,
    occupants: Math.ceil(q.guests / q.rooms),
    deadlinePassed,
    texts: cancelTexts(checkinDay, q.lang),
  };

  const found: Hotel[] = [];
  for (const city of cities.values()) {
    if (distanceKm(point, city) > q.radiusKm + reachKm(city)) continue;
    for (const h of hotelsOfCity(city)) {
      const km = distanceKm(point, h);
      if (km > q.radiusKm) continue;
      const rooms = offersFor(h, q, stay);
      if (rooms.length === 0 || rooms.reduce((n, o) => n + o.available, 0) < q.rooms) continue;
      found.push(hotelOut(h, km, q.lang, rooms));
    }
  }
  found.sort((a, b) => a.distanceKm - b.distanceKm || a.id.localeCompare(b.id));
  return found;
}

const hotelOut = (h: HotelBase, km: number, lang: Lang, rooms: RoomOffer[]): Hotel => ({
  id: h.id,
  name: h.name,
  chain: h.chain ? { ...h.chain } : null,
  stars: h.stars,
  address: h.address,
  city: h.cityNames[lang],
  zip: h.zip,
  country: h.country,
  lat: h.lat,
  lon: h.lon,
  distanceKm: Math.round(km * 100) / 100,
  phone: h.phone,
  email: h.email,
  services: { ...h.services },
  reviews: { ...h.reviews },
  images: [...h.images],
  description: h.descriptions[lang],
  co2PerNight: h.co2PerNight,
  rooms,
});

/** One hotel's offers for a stay (a search of its own spot, by id); no offers when it has too few rooms left. Unknown hotel: null. */
export function hotelOffers(hotelId: string, stay: StayQuery): Hotel | null {
  const base = hotelById(hotelId);
  if (!base) return null;
  return searchHotels({ ...stay, lat: base.lat, lon: base.lon, radiusKm: 1 }).find((h) => h.id === hotelId) ?? hotelOut(base, 0, stay.lang, []);
}

export function sandboxHotels(): HotelSupplier {
  return {
    hotels: async (query) => searchHotels(query),
    hotel: async (id, stay) => hotelOffers(id, stay),
    offerStay: (id) => {
      const ref = parseRoomOfferId(id);
      return ref && { hotelId: ref.hotelId, checkin: ref.checkin, checkout: ref.checkout };
    },
  };
}
