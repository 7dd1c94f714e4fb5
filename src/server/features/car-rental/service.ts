import type { z } from 'zod';
import type { CarRental, CarRentalSearchResult, Driver, RentalPlace } from '@contract/car-rental';
import type { carRentalSearchBodySchema } from '@contract/car-rental';
import { linkTo } from '@contract/rels';
import type { BuyerCompany } from '@server/db/companies';
import { bookableContact } from '@server/db/people';
import { searchParty } from '@server/db/acting';
import { findCartTravel } from '@server/db/travels';
import { carCompliance } from '@server/domain/policy';
import { licenseRequired } from '@server/domain/rental';
import { rentalProblems } from '@server/domain/stay';
import { fail } from '@server/platform/errors';
import type { VisitorContext as Ctx } from '@server/platform/request-context';
import { localParts, localToInstant, toLocalIso } from '@server/reference/local-time';
import { nearestCity } from '@server/reference/places';
import type { RentalAgency, RentalCar } from '@server/supplier/types';

/**
 * Car-rental search (spec 1 §3–§5, §7 `POST carrental/search`): the supplier's cars between
 * two places for a period, with the company's car policy verdict, its favourite renters, whether the
 * rental needs the driver's licence (domain/rental.ts), and the driver as known to prefill the form.
 */

const logo = (code: string) => `/media/sandbox/carrier/${code}.svg`;

/** A valid local time 'YYYY-MM-DDTHH:mm' of a zone as an instant; null when it is no calendar time. */
function instantOf(local: string, tz: string): Date | null {
  const probe = new Date(`${local}:00Z`);
  if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 16) !== local) return null;
  return localToInstant(local, tz);
}

const agencyOut = (a: RentalAgency): RentalPlace => ({
  id: a.id,
  name: a.name,
  renter: a.renter.name,
  address: { formatted_address: a.address, zip_code: a.zip, city: a.city },
  lat: a.lat,
  lon: a.lon,
  email: a.email,
  phone: a.phone,
  collect_remarks: null,
  delivery_remarks: null,
  opening_periods: a.openingPeriods,
  distance: Math.round(a.distanceKm * 1000),
});

/** The known driver's details for the form; the licence is never stored with a profile, so it is for the traveller to give. */
function driverOf(contact: Awaited<ReturnType<typeof bookableContact>>): CarRentalSearchResult['driver'] {
  if (!contact) return null;
  const driver: Partial<Driver> = { profile_id: contact.profileId, guest_id: contact.guestId, firstname: contact.firstname, lastname: contact.lastname };
  if (contact.gender) driver.gender = contact.gender;
  if (contact.email) driver.email = contact.email;
  if (contact.phone) driver.phone = contact.phone;
  if (contact.birthdate) driver.birthdate = contact.birthdate;
  if (contact.address) driver.address = { description: contact.address };
  return driver;
}

/** A car as the results show it, with its verdict and tags; `days` charged for the period. */
function carWithDays(car: RentalCar, company: BuyerCompany | null, signedIn: boolean, days: number): CarRental {
  const pickupZone = nearestCity(car.pickup);
  const dropoffZone = nearestCity(car.dropoff);
  const tags: CarRental['tags'] = [];
  if (company?.policy?.car)
    tags.push(carCompliance(company.policy, { category: car.category, pricePerDay: car.pricePerDay }).compliant ? 'compliant' : 'not-compliant');
  if (car.negotiated) tags.push('negociated-fare');
  if (car.engine === 'electric') tags.push('zev');
  if (car.loyalty) tags.push('loyalty-enabled');
  const times = parseTimes(car.id);
  return {
    id: car.id,
    car: car.model,
    carGroup: car.category,
    acriss: car.acriss,
    engineType: car.engine,
    gearbox: car.gearbox,
    seats: car.seats,
    doors: car.doors,
    unlimited_distance: car.unlimitedDistance,
    included_distance: car.includedKmPerDay === null ? null : car.includedKmPerDay * days,
    additional_distance_price: car.extraKmPrice === null ? null : { total: car.extraKmPrice, currency: 'EUR', unit: 'km' },
    distance: Math.round(car.pickup.distanceKm * 1000),
    best_price: { total: car.total },
    price_per_day: car.pricePerDay,
    days,
    tags,
    co2EmissionPerKm: car.co2PerKm,
    pix_url: car.image,
    renter: { code: car.pickup.renter.code, name: car.pickup.renter.name, logo: logo(car.pickup.renter.code) },
    pickup_time: toLocalIso(localToInstant(times.pickupAt, pickupZone.tz), pickupZone.tz),
    return_time: toLocalIso(localToInstant(times.returnAt, dropoffZone.tz), dropoffZone.tz),
    pickup_place: agencyOut(car.pickup),
    return_place: agencyOut(car.dropoff),
    included_services: car.includedServices,
    excluded_services: car.excludedServices,
    isDriverLicenseRequired: licenseRequired({ category: car.category, pickupCountry: pickupZone.country, dropoffCountry: dropoffZone.country }),
    links: signedIn ? { addCarToCart: linkTo('addCarToCart') } : {},
  };
}

/** The local pick-up and return times a car id ends with (`…_20261201T0900_20261203T1800`). */
function parseTimes(id: string): { pickupAt: string; returnAt: string } {
  const m = /_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})$/.exec(id);
  if (!m) return fail('CAR_OFFER_UNAVAILABLE');
  return { pickupAt: `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`, returnAt: `${m[6]}-${m[7]}-${m[8]}T${m[9]}:${m[10]}` };
}

/** Cars for the period between the two places, cheapest first; none found is an empty list. */
export async function search(ctx: Ctx, body: z.output<typeof carRentalSearchBodySchema>): Promise<CarRentalSearchResult> {
  const { db, clock, supplier } = ctx.services;
  const named = body.driver?.profile_id || body.driver?.guest_id ? body.driver : null;
  const party = await searchParty(
    db,
    ctx.agency.id,
    ctx.user,
    body.customer_id,
    named ? [{ id: 1, profile_id: named.profile_id, guest_id: named.guest_id }] : [],
  );
  const { company } = party;
  if (company && !company.carrentalEnabled) fail('CAR_RENTAL_DISABLED');
  if (body.travelID && !(ctx.user && (await findCartTravel(db, body.travelID, ctx.user.id)))) fail('NO_TRAVEL');
  if (body.entity_id && !company?.entityIds.includes(body.entity_id)) fail('REQUEST_FORMAT_INVALID', { entity_id: 'CHOOSE_ENTITY' });
  // The driver named must be someone the caller may book for; none named: the caller drives.
  if (named && !ctx.user) fail('USER_NOT_FOUND_3');
  // Staff drive for no one: the driver is the traveller they act for, when none is named.
  const driverRef = named ?? (party.staff ? (party.onBehalfOf ? { profile_id: party.onBehalfOf } : null) : ctx.user ? { profile_id: ctx.user.id } : null);
  const contact = party.booker && driverRef ? await bookableContact(db, party.booker, driverRef) : null;
  if (named && !contact) fail('USER_NOT_FOUND_3');

  const now = clock.now();
  const pickupCity = nearestCity({ lat: body.latitude, lon: body.longitude });
  const returnCity = nearestCity({ lat: body.return_latitude, lon: body.return_longitude });
  const pickup = instantOf(body.pickup_time, pickupCity.tz);
  const dropoff = instantOf(body.return_time, returnCity.tz);
  const problems = rentalProblems(
    { pickupAt: body.pickup_time, returnAt: body.return_time, pickup, dropoff },
    now,
    localParts(now, pickupCity.tz).date,
    ctx.lang,
  );
  if (problems) fail('REQUEST_FORMAT_INVALID', problems.fields, problems.message);
  const days = Math.max(1, Math.ceil((dropoff!.getTime() - pickup!.getTime()) / 86_400_000));

  const cars = await supplier.car.cars({
    pickup: { lat: body.latitude, lon: body.longitude, radiusKm: body.pickup_radius },
    dropoff: { lat: body.return_latitude, lon: body.return_longitude, radiusKm: body.return_radius },
    pickupAt: body.pickup_time,
    returnAt: body.return_time,
    carTypes: body.car_types,
    customer: { companyId: company?.id ?? null, corporateCarriers: company?.config.negotiatedRenters ?? [], negotiatedChains: [] },
    lang: ctx.lang,
    now,
  });
  const preferred = new Set(company?.config.preferredRenters ?? []);
  const renters = [...new Map(cars.map((c) => [c.pickup.renter.code, c.pickup.renter])).values()]
    .map((r) => ({ code: r.code, name: r.name, logo: logo(r.code), preferred: preferred.has(r.code) }))
    .sort((a, b) => Number(b.preferred) - Number(a.preferred) || a.name.localeCompare(b.name));
  const placeName = (id: string | null | undefined, fallback: string) => (id ? ctx.services.supplier.places.byId(id, ctx.lang)?.name : undefined) ?? fallback;
  return {
    carRentals: cars.map((c) => carWithDays(c, company, ctx.user !== null, days)),
    travelID: body.travelID ?? null,
    sortedBy: 'BY_PRICE',
    sortedByPref: renters.some((r) => r.preferred),
    renters,
    driver: driverOf(contact),
    pickup_name: placeName(body.pickup_place_id, pickupCity.name[ctx.lang]),
    return_name: placeName(body.return_place_id, returnCity.name[ctx.lang]),
  };
}
