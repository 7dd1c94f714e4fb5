import type { RelBody } from '@contract/rels';
import type { Travel } from '@contract/travel';
import { EMAIL_RE, PHONE_RE } from '@contract/validation';
import type { BuyerCompany } from '@server/db/companies';
import { bookableContact } from '@server/db/people';
import { updateTravel } from '@server/db/travels';
import { estimatedRentalKm, rentalCo2, stayCo2 } from '@server/domain/co2';
import { carCompliance, stayCompliance } from '@server/domain/policy';
import type { AgencySnapshot, CarData, DriverRecord, HotelData, StoredTraveler } from '@server/domain/product';
import { driverProblems, licenseRequired } from '@server/domain/rental';
import { freeCancelUntil, nightsBetween, rentalDays, stayProblems } from '@server/domain/stay';
import { fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { localParts, localToInstant, toLocalIso } from '@server/reference/local-time';
import { nearestCity } from '@server/reference/places';
import { SupplierError, type Hotel, type RentalAgency, type RentalCar } from '@server/supplier/types';
import * as repo from './repository';
import { cartParty, cartTravel, checkEntity, travelById } from './service';
import type { BookingParty } from '@server/db/acting';

/**
 * A hotel stay and a car rental into a travel in the cart (spec 1 §5 "Hotel", "Car rental", §7
 * `POST /cart/add?version=v2`). The offer is found again with the supplier at add time:
 * gone (or too few rooms left) is a 409 and nothing is added. Like a trip, it joins the travel
 * `travelID` names (the caller's, in the cart) or a new one, with the company policy's verdict.
 */

type Added = { travel: Travel; offer_errors: { offerID: string; message: string }[] };

/**
 * For whom the add books (cartParty: the company, the traveller staff act for), refused (403) when the
 * company does not sell this product; its entity, required when it has some, refused when it has none.
 */
async function buyerFor(
  ctx: Ctx,
  body: { customer_id?: string | null; entity_id?: string | null },
  travelers: { travelerID: number; profile_id?: string | null; guest_id?: string | null }[],
  product: 'hotel' | 'car',
) {
  const party = await cartParty(ctx, body.customer_id, travelers);
  const { company } = party;
  if (company && !(product === 'hotel' ? company.hotelEnabled : company.carrentalEnabled)) fail(product === 'hotel' ? 'HOTEL_DISABLED' : 'CAR_RENTAL_DISABLED');
  if (!company?.entityIds.length && body.entity_id) fail('REQUEST_FORMAT_INVALID', { entity_id: 'CHOOSE_ENTITY' });
  return { party, company, entityId: checkEntity(company, body.entity_id ?? null) };
}

const customerOf = (company: BuyerCompany | null) => ({
  companyId: company?.id ?? null,
  corporateCarriers: company?.config.negotiatedRenters ?? [],
  negotiatedChains: company?.config.negotiatedHotelChains ?? [],
});

/** Writes the product into the caller's travel in the cart (`travelID`), or a new one, with the call's answer, in one transaction. */
async function insertInCart(
  ctx: Ctx,
  body: { travelID?: string | null },
  party: BookingParty,
  entityId: string | null,
  product: Parameters<typeof repo.insertProducts>[1][number],
) {
  const { db, clock } = ctx.services;
  const travelId = await db.transaction(async (tx) => {
    const travel = await cartTravel(tx, ctx, party, body.travelID, entityId);
    await repo.insertProducts(tx, [{ ...product, travelId: travel.id }]);
    // A new product changes what checkout needs: steps already filled are checked again.
    await updateTravel(tx, travel, {}, clock.now());
    await recordAnswer(tx, async () => ({ travel: await travelById(ctx, travel!.id, tx), offer_errors: [] }));
    return travel.id;
  });
  return { travel: await travelById(ctx, travelId), offer_errors: [] };
}

// ── Hotel ──────────────────────────────────────────────────────────────────────────────────

/**
 * The rooms chosen and who sleeps in each: every traveller in exactly one room, every room with at
 * least one (the schema), no more than the room takes; the travellers' gender, names, e-mail and phone.
 */
function checkRooms(body: RelBody<'addHotelToCart'>) {
  const problems: Record<string, string> = {};
  const ids = new Set(body.travelers.map((t) => t.travelerID));
  if (ids.size !== body.travelers.length) problems.travelers = 'FORMAT_INVALID';
  body.travelers.forEach((t, i) => {
    if (!EMAIL_RE.test(t.email.trim())) problems[`travelers.${i}.email`] = t.email.trim() ? 'EMAIL_FORMAT' : 'FIELD_REQUIRED';
    if (!PHONE_RE.test(t.phone.replace(/\s+/g, ''))) problems[`travelers.${i}.phone`] = t.phone.trim() ? 'PHONE_FORMAT' : 'FIELD_REQUIRED';
  });
  const seen = new Map<number, number>();
  body.room_offer_travelers.forEach((room, r) => {
    for (const id of room.travelers) {
      if (!ids.has(id)) problems[`room_offer_travelers.${r}.travelers`] = 'FORMAT_INVALID';
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  });
  for (const [i, t] of body.travelers.entries()) {
    const rooms = seen.get(t.travelerID) ?? 0;
    if (rooms === 0) problems[`travelers.${i}`] = 'ASSIGN_EVERY_TRAVELER';
    if (rooms > 1) problems[`travelers.${i}`] = 'ONE_ROOM_PER_TRAVELER';
  }
  if (Object.keys(problems).length) fail('PASSENGER_INFO_MISSING', problems);
}

/** The hotel as the product keeps it. */
function hotelSnapshot(hotel: Hotel): HotelData['hotel'] {
  const city = nearestCity(hotel);
  return {
    id: hotel.id,
    name: hotel.name,
    chain: hotel.chain,
    stars: hotel.stars,
    address: hotel.address,
    zip: hotel.zip,
    city: hotel.city,
    cityId: city.id,
    country: hotel.country,
    lat: hotel.lat,
    lon: hotel.lon,
    tz: city.tz,
    phone: hotel.phone,
    email: hotel.email,
    image: hotel.images[0] ?? null,
    services: { ...hotel.services },
  };
}

const cancelDeadline = (checkin: string, tz: string) => toLocalIso(localToInstant(freeCancelUntil(checkin), tz), tz);

export async function addHotel(ctx: Ctx, body: RelBody<'addHotelToCart'>): Promise<Added> {
  const { clock, supplier } = ctx.services;
  const { party, company, entityId } = await buyerFor(ctx, body, body.travelers, 'hotel');
  checkRooms(body);

  // Every room of one stay at this hotel.
  const stays = body.room_offer_travelers.map((r) => supplier.hotel.offerStay(r.room_offer_id));
  const stay = stays[0];
  if (!stay || stays.some((s) => !s || s.hotelId !== body.hotel_id || s.checkin !== stay.checkin || s.checkout !== stay.checkout)) fail('OFFERS_INVALID');
  const now = clock.now();
  let hotel: Hotel | null;
  try {
    hotel = await supplier.hotel.hotel(body.hotel_id, {
      checkin: stay!.checkin,
      checkout: stay!.checkout,
      rooms: body.room_offer_travelers.length,
      guests: body.travelers.length,
      customer: customerOf(company),
      lang: ctx.lang,
      now,
    });
  } catch (err) {
    // The supplier no longer sells this stay (its check-in passed at the hotel meanwhile).
    if (err instanceof SupplierError && err.kind === 'invalid-request') return fail('HOTEL_OFFER_UNAVAILABLE');
    throw err;
  }
  if (hotel) {
    const problems = stayProblems(stay!.checkin, stay!.checkout, localParts(now, nearestCity(hotel).tz).date, ctx.lang);
    if (problems) fail('REQUEST_FORMAT_INVALID', problems.fields, problems.message);
  }
  // Gone, or fewer rooms of an offer left than chosen: nothing is added (spec 1 §8 HOTEL_OFFER_UNAVAILABLE).
  const wanted = new Map<string, number>();
  for (const r of body.room_offer_travelers) wanted.set(r.room_offer_id, (wanted.get(r.room_offer_id) ?? 0) + 1);
  const offers = body.room_offer_travelers.map((r) => hotel?.rooms.find((o) => o.id === r.room_offer_id));
  if (!hotel || offers.some((o) => !o || !o.taxIncluded || o.available < wanted.get(o.id)!)) fail('HOTEL_OFFER_UNAVAILABLE');
  const occupancy = Object.fromEntries(
    body.room_offer_travelers.flatMap((r, i) =>
      r.travelers.length > offers[i]!.maxOccupancy ? [[`room_offer_travelers.${i}.travelers`, 'MAX_OCCUPANCY']] : [],
    ),
  );
  if (Object.keys(occupancy).length) fail('PASSENGER_INFO_MISSING', occupancy);

  const snapshot = hotelSnapshot(hotel!);
  const nights = nightsBetween(stay!.checkin, stay!.checkout);
  const startsAt = toLocalIso(localToInstant(`${stay!.checkin}T12:00`, snapshot.tz), snapshot.tz);
  const endsAt = toLocalIso(localToInstant(`${stay!.checkout}T12:00`, snapshot.tz), snapshot.tz);
  const travelers: StoredTraveler[] = body.travelers.map((t) => ({
    travelerID: t.travelerID,
    profileID: t.profile_id ?? null,
    guestID: t.guest_id ?? null,
    gender: t.gender,
    firstname: t.firstname,
    lastname: t.lastname,
    email: t.email.trim(),
    phone: t.phone.replace(/\s+/g, ''),
  }));
  const rooms = body.room_offer_travelers.map((r, i) => {
    const o = offers[i]!;
    return {
      offer: {
        id: o.id,
        name: o.name,
        maxOccupancy: o.maxOccupancy,
        board: o.board,
        pricePerNight: o.pricePerNight,
        total: o.total,
        taxes: o.taxes,
        taxIncluded: o.taxIncluded,
        cancellable: o.cancellable,
        cancelConditions: o.cancelConditions,
        negotiated: o.negotiated,
      },
      travelerIDs: r.travelers,
    };
  });
  const data: HotelData = {
    type: 'hotel',
    hotel: snapshot,
    checkin: stay!.checkin,
    checkout: stay!.checkout,
    nights,
    startsAt,
    endsAt,
    rooms,
    travelers,
    // Free cancellation while every room is flexible; one non-refundable room makes the stay so.
    cancelDeadline: rooms.every((r) => r.offer.cancellable) ? cancelDeadline(stay!.checkin, snapshot.tz) : null,
    co2: stayCo2(hotel!.co2PerNight, nights, rooms.length),
    compliance: stayCompliance(
      company?.policy ?? null,
      rooms.map((r) => ({ cityId: snapshot.cityId, cityName: snapshot.city, pricePerNight: r.offer.pricePerNight })),
    ),
  };
  return insertInCart(ctx, body, party, entityId, {
    travelId: '',
    type: 'hotel',
    status: 'cart',
    price: rooms.reduce((sum, r) => sum + r.offer.total, 0),
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    data,
  });
}

// ── Car rental ────────────────────────────────────────────────────────────────────────────

const agencySnapshot = (a: RentalAgency): AgencySnapshot => {
  const city = nearestCity(a);
  return {
    id: a.id,
    name: a.name,
    address: a.address,
    zip: a.zip,
    city: a.city,
    country: city.country,
    lat: a.lat,
    lon: a.lon,
    phone: a.phone,
    email: a.email,
    tz: city.tz,
    openingPeriods: a.openingPeriods.map((p) => ({ ...p })),
  };
};

/** The local pick-up and return times a car offer was given for, with their agencies' offsets. */
function rentalTimes(car: RentalCar, pickup: AgencySnapshot, dropoff: AgencySnapshot) {
  const m = /_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})$/.exec(car.id);
  if (!m) return fail('CAR_OFFER_UNAVAILABLE');
  const pickupAt = toLocalIso(localToInstant(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`, pickup.tz), pickup.tz);
  const returnAt = toLocalIso(localToInstant(`${m[6]}-${m[7]}-${m[8]}T${m[9]}:${m[10]}`, dropoff.tz), dropoff.tz);
  return { pickupAt, returnAt };
}

export async function addCar(ctx: Ctx, body: RelBody<'addCarToCart'>): Promise<Added> {
  const { db, clock, supplier } = ctx.services;
  const { driver } = body.car_rental;
  const { party, company, entityId } = await buyerFor(ctx, body, [{ travelerID: 1, profile_id: driver.profile_id, guest_id: driver.guest_id }], 'car');
  // A driver named by a profile or a guest is someone the caller may book for.
  if ((driver.profile_id || driver.guest_id) && !(await bookableContact(db, party.booker!, driver))) fail('USER_NOT_FOUND_3');

  const now = clock.now();
  const car = (await supplier.car.car(body.car_rental.id, { customer: customerOf(company), lang: ctx.lang, now })) ?? fail('CAR_OFFER_UNAVAILABLE');
  const pickup = agencySnapshot(car.pickup);
  const dropoff = agencySnapshot(car.dropoff);
  const required = licenseRequired({ category: car.category, pickupCountry: pickup.country, dropoffCountry: dropoff.country });
  const problems = driverProblems(driver, required, localParts(now, pickup.tz).date);
  const full = ['birth_country', 'city_of_birth', 'address', 'license'];
  if (Object.keys(problems).some((f) => full.some((name) => f.startsWith(`car_rental.driver.${name}`)))) fail('DRIVER_LICENSE_REQUIRED', problems);
  if (Object.keys(problems).length) fail('REQUEST_FORMAT_INVALID', problems);

  const { pickupAt, returnAt } = rentalTimes(car, pickup, dropoff);
  const days = rentalDays(new Date(pickupAt), new Date(returnAt));
  const record: DriverRecord = {
    profileID: driver.profile_id ?? null,
    guestID: driver.guest_id ?? null,
    gender: driver.gender,
    firstname: driver.firstname,
    lastname: driver.lastname,
    email: driver.email.trim(),
    phone: driver.phone.replace(/\s+/g, ''),
    birthdate: driver.birthdate,
    birthCountry: driver.birth_country ?? null,
    cityOfBirth: driver.city_of_birth ?? null,
    address: driver.address?.description ?? null,
    license: driver.license
      ? { countryOfIssue: driver.license.country_of_issue, number: driver.license.number, effectiveDate: driver.license.effective_date }
      : null,
  };
  const estimatedKm = estimatedRentalKm(pickup, dropoff, days);
  const data: CarData = {
    type: 'car_rental',
    car: {
      id: car.id,
      model: car.model,
      category: car.category,
      acriss: car.acriss,
      engine: car.engine,
      gearbox: car.gearbox,
      seats: car.seats,
      doors: car.doors,
      image: car.image,
      unlimitedDistance: car.unlimitedDistance,
      includedKmPerDay: car.includedKmPerDay,
      extraKmPrice: car.extraKmPrice,
      pricePerDay: car.pricePerDay,
      days,
      total: car.total,
      negotiated: car.negotiated,
      co2PerKm: car.co2PerKm,
      includedServices: car.includedServices,
      excludedServices: car.excludedServices,
    },
    renter: { ...car.pickup.renter },
    pickup,
    dropoff,
    pickupAt,
    returnAt,
    driver: record,
    travelers: [
      {
        travelerID: 1,
        profileID: record.profileID,
        guestID: record.guestID,
        gender: record.gender,
        firstname: record.firstname,
        lastname: record.lastname,
        email: record.email,
        phone: record.phone,
        birthdate: record.birthdate,
      },
    ],
    licenseRequired: required,
    estimatedKm,
    co2: rentalCo2(car.co2PerKm, estimatedKm),
    compliance: carCompliance(company?.policy ?? null, { category: car.category, pricePerDay: car.pricePerDay }),
  };
  return insertInCart(ctx, body, party, entityId, {
    travelId: '',
    type: 'car_rental',
    status: 'cart',
    price: car.total,
    startsAt: new Date(pickupAt),
    endsAt: new Date(returnAt),
    data,
  });
}
