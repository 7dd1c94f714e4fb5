import type { HotelDetails, HotelSearchResult, HotelSummary, RoomOffer } from '@contract/hotel';
import { linkTo, type RelBody } from '@contract/rels';
import type { BuyerCompany } from '@server/db/companies';
import { searchParty } from '@server/db/acting';
import { findCartTravel } from '@server/db/travels';
import { crowFlyKm, kg, stayCo2 } from '@server/domain/co2';
import { nightlyCap, roomCompliance } from '@server/domain/policy';
import { freeCancelUntil, stayProblems } from '@server/domain/stay';
import { namesStranger } from '@server/domain/traveler-forms';
import { fail } from '@server/platform/errors';
import type { VisitorContext as Ctx } from '@server/platform/request-context';
import { localParts, toLocalIso, localToInstant } from '@server/reference/local-time';
import { nearestCity } from '@server/reference/places';
import type { Hotel, RoomOffer as SupplierRoom, StayQuery } from '@server/supplier/types';

/**
 * Hotel search and a hotel's details (spec 1 §3–§5, §7 `POST hotel/search`). The supplier
 * answers hotels around a point with their room offers; this keeps what spec 1 §5 keeps (hotels with a
 * price, offers with a taxes-included amount), applies the criteria, and tags rooms with the company's
 * nightly cap (domain/policy.ts), the same verdict add-to-cart writes into the product.
 */

type Body = RelBody<'hotelDetails'>;

/** The check-in / check-out day of `20261201T120000`. */
const dayOf = (stamp: string) => `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}`;

/** Everything a search and a details call check before asking the supplier: who books, for which company, when. */
async function checked(ctx: Ctx, body: Body) {
  const { db, clock } = ctx.services;
  const refs = body.travelers.map((t) => ({ id: t.id, profile_id: t.profile_id, guest_id: t.guest_id }));
  const { company, known } = await searchParty(db, ctx.agency.id, ctx.user, body.customer_id, refs);
  if (company && !company.hotelEnabled) fail('HOTEL_DISABLED');
  if (body.travelID && !(ctx.user && (await findCartTravel(db, body.travelID, ctx.user.id)))) fail('NO_TRAVEL');
  if (body.entity_id && !company?.entityIds.includes(body.entity_id)) fail('REQUEST_FORMAT_INVALID', { entity_id: 'CHOOSE_ENTITY' });
  if (body.nb_rooms > body.travelers.length) fail('REQUEST_FORMAT_INVALID', { nb_rooms: 'FORMAT_INVALID' });
  if (namesStranger(refs, ctx.user, known)) fail('USER_NOT_FOUND_3');
  const now = clock.now();
  const city = nearestCity({ lat: body.latitude, lon: body.longitude });
  const checkin = dayOf(body.checkin_date);
  const checkout = dayOf(body.checkout_date);
  const problems = stayProblems(checkin, checkout, localParts(now, city.tz).date, ctx.lang);
  if (problems) fail('REQUEST_FORMAT_INVALID', problems.fields, problems.message);
  const stay: StayQuery = {
    checkin,
    checkout,
    rooms: body.nb_rooms,
    guests: body.travelers.length,
    customer: { companyId: company?.id ?? null, corporateCarriers: [], negotiatedChains: company?.config.negotiatedHotelChains ?? [] },
    lang: ctx.lang,
    now,
  };
  return { body, company, city, stay };
}

/** Spec 1 §5: an offer is shown only with its taxes-included amount; then the criteria (boards, price per night). */
function offersKept(rooms: SupplierRoom[], body: Body): SupplierRoom[] {
  return rooms.filter(
    (o) =>
      o.taxIncluded &&
      o.total > 0 &&
      (!body.with_breakfast || o.board !== 'room-only') &&
      (!body.with_half_board || o.board === 'half-board') &&
      (!body.with_full_board || o.board === 'full-board') &&
      (body.min_price == null || o.pricePerNight >= body.min_price) &&
      (body.max_price == null || o.pricePerNight <= body.max_price),
  );
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The company's verdict on one room (none without a hotel policy), and its negotiated rate. */
function roomTags(company: BuyerCompany | null, hotel: Hotel, offer: SupplierRoom): RoomOffer['tags'] {
  const tags: RoomOffer['tags'] = [];
  if (company?.policy) {
    const cityRef = nearestCity(hotel);
    tags.push(
      roomCompliance(company.policy, { cityId: cityRef.id, cityName: hotel.city, pricePerNight: offer.pricePerNight }).compliant
        ? 'compliant'
        : 'not-compliant',
    );
  }
  if (offer.negotiated) tags.push('negociated-fare');
  return tags;
}

function summaryOf(hotel: Hotel, offers: SupplierRoom[], company: BuyerCompany | null, body: Body, nights: number): HotelSummary {
  const cheapest = offers.reduce((a, b) => (b.total < a.total ? b : a));
  const dearest = offers.reduce((a, b) => (b.total > a.total ? b : a));
  const tags = offers.map((o) => roomTags(company, hotel, o));
  const negotiated = offers.some((o) => o.negotiated);
  const verdicts: HotelSummary['tags'] = company?.policy ? [tags.some((t) => t.includes('compliant')) ? 'compliant' : 'not-compliant'] : [];
  return {
    id: hotel.id,
    name: hotel.name,
    chain: hotel.chain?.name ?? null,
    stars: hotel.stars,
    distance: Math.round(hotel.distanceKm * 1000),
    latitude: hotel.lat,
    longitude: hotel.lon,
    min_price: cheapest.total,
    max_price: dearest.total,
    min_price_per_night: Math.min(...offers.map((o) => o.pricePerNight)),
    img_url: hotel.images[0] ?? null,
    co2Emission: kg(stayCo2(hotel.co2PerNight, nights, body.nb_rooms)),
    reviews: [{ ...hotel.reviews }],
    address: hotel.address,
    zip_code: hotel.zip,
    city: hotel.city,
    country_code: hotel.country,
    phone: hotel.phone,
    email: hotel.email,
    hotel_tags: {
      // Every chain runs a loyalty programme; an independent hotel has none.
      has_loyalty: hotel.chain !== null,
      has_prm: hotel.services.prm,
      has_electric_charging_station: hotel.services.evCharging,
      has_restaurant: hotel.services.restaurant,
      has_pool: hotel.services.pool,
      has_parking: hotel.services.parking,
      has_wifi: hotel.services.wifi,
      has_eco_friendly: hotel.services.ecoFriendly,
      // The company's negotiated chains are its programme hotels (BY_PREF puts them first).
      is_program_hotel: negotiated,
      is_compliant: tags.some((t) => t.includes('compliant')),
      has_negociated_fare: negotiated,
    },
    boards: {
      breakfast: offers.some((o) => o.board !== 'room-only'),
      half_board: offers.some((o) => o.board === 'half-board'),
      full_board: offers.some((o) => o.board === 'full-board'),
    },
    has_cancellable_offer: offers.some((o) => o.cancellable),
    tags: [...verdicts, ...(negotiated ? (['negociated-fare'] as const) : [])],
    links: { hotelDetails: linkTo('hotelDetails', { hotelId: hotel.id }) },
  };
}

const nightsOf = (stay: StayQuery) => Math.round((Date.parse(stay.checkout) - Date.parse(stay.checkin)) / 86_400_000);

/** Hotels around the point for the stay, cheapest first; none found is an empty list (the web app says NO_RESULTS_SEARCH). */
export async function search(ctx: Ctx, input: Body): Promise<HotelSearchResult> {
  const { body, company, city, stay } = await checked(ctx, input);
  const hotels = await ctx.services.supplier.hotel.hotels({ ...stay, lat: body.latitude, lon: body.longitude, radiusKm: body.radius_km });
  const wanted = body.name_contains?.trim() ? fold(body.name_contains.trim()) : null;
  const nights = nightsOf(stay);
  const summaries: HotelSummary[] = [];
  for (const hotel of hotels) {
    if ((body.stars ?? 0) > hotel.stars || (wanted && !fold(hotel.name).includes(wanted))) continue;
    const offers = offersKept(hotel.rooms, body);
    if (offers.length === 0) continue;
    const summary = summaryOf(hotel, offers, company, body, nights);
    // Spec 1 §5: only hotels with a price above 0.
    if (summary.min_price > 0) summaries.push(summary);
  }
  summaries.sort((a, b) => a.min_price - b.min_price || a.distance - b.distance);
  const named = body.place_id ? ctx.services.supplier.places.byId(body.place_id, ctx.lang) : undefined;
  return {
    hotels: summaries,
    city: named?.city ?? city.name[ctx.lang],
    nights,
    checkin: stay.checkin,
    checkout: stay.checkout,
    travelID: body.travelID ?? null,
    hasProgramHotels: summaries.some((h) => h.hotel_tags.is_program_hotel),
    nightly_cap: nightlyCap(company?.policy ?? null, city.id),
    travelers: body.travelers,
  };
}

/** The cancellation deadline of a flexible room, with the hotel's offset. */
const cancelDeadlineOf = (checkin: string, tz: string) => toLocalIso(localToInstant(freeCancelUntil(checkin), tz), tz);

/** One hotel's room offers for the stay, cheapest first, kept and tagged as the search does; add to cart for a signed-in caller. */
export async function details(ctx: Ctx, hotelId: string, input: Body): Promise<HotelDetails> {
  const { body, company, stay } = await checked(ctx, input);
  const hotel = (await ctx.services.supplier.hotel.hotel(hotelId, stay)) ?? fail('NO_HOTEL');
  const offers = offersKept(hotel.rooms, body).sort((a, b) => a.total - b.total);
  const tz = nearestCity(hotel).tz;
  const nights = nightsOf(stay);
  const shown = offers.length ? offers : hotel.rooms;
  // A hotel with nothing left still shows itself (its price from whatever it had, else 0); its distance from the searched point.
  const summary = shown.length ? summaryOf(hotel, shown, company, body, nights) : { ...summaryOf(hotel, [EMPTY_ROOM], company, body, nights), tags: [] };
  summary.distance = Math.round(crowFlyKm({ lat: body.latitude, lon: body.longitude }, hotel) * 1000);
  return {
    hotel: summary,
    description: hotel.description,
    img_urls: hotel.images,
    room_offers: offers.map((o) => ({
      id: o.id,
      name: o.name,
      max_occupancy: o.maxOccupancy,
      incl_taxes_amount: o.total,
      pricePerNight: o.pricePerNight,
      tax_included: o.taxIncluded,
      breakfast_included: o.board !== 'room-only',
      lunch_included: o.board === 'full-board',
      dinner_included: o.board === 'half-board' || o.board === 'full-board',
      is_cancellable: o.cancellable,
      cancel_conditions: o.cancelConditions,
      cancel_deadline: o.cancellable ? cancelDeadlineOf(stay.checkin, tz) : null,
      is_negotiated_rate: o.negotiated,
      nb_available: o.available,
      tags: roomTags(company, hotel, o),
      img: hotel.images[0] ?? null,
      img_urls: hotel.images,
    })),
    links: ctx.user && offers.length ? { addHotelToCart: linkTo('addHotelToCart') } : {},
  };
}

/** A hotel with no offer left is summarised on a room of no price. */
const EMPTY_ROOM: SupplierRoom = {
  id: '',
  name: '',
  maxOccupancy: 0,
  board: 'room-only',
  pricePerNight: 0,
  total: 0,
  taxes: 0,
  taxIncluded: true,
  cancellable: false,
  cancelConditions: '',
  negotiated: false,
  available: 0,
};
