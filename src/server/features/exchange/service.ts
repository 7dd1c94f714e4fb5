import type { ExchangeDone, ExchangeOffer, ExchangeResult, ExchangeSearchBody, ExchangeSection } from '@contract/exchange';
import { apiCode } from '@contract/api-codes';
import { linkTo } from '@contract/rels';
import type { Product } from '@contract/travel';
import { applyTravelEvent, type TravelRecord, type TripProductRow } from '@server/db/travels';
import { exchangeable, exchangeSections, parseChoiceId, presentExchangeJourneys, priceDeltaOf, sectionIdOf } from '@server/domain/exchange';
import type { Journey, Place } from '@server/domain/journey';
import { isTripProduct, type TripData } from '@server/domain/product';
import { carrierLogo, presentProduct, presentRoutes, presentTravel } from '@server/domain/travel';
import { ApiError, fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import { enqueue, settleJob } from '@server/platform/jobs';
import type { UserContext as Ctx } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { cities, nearestCity, stations } from '@server/reference/places';
import { distanceKm } from '@server/reference/geo';
import { SupplierError, type BookItem } from '@server/supplier/types';
import { queueExchangeMails } from './mail';
import * as repo from './repository';

/**
 * Rail exchange (spec 2 §2, §4, §7). Sections, search and booking of a choice read and
 * price; confirming exchanges the ticket in ordered steps, each recorded on the offer so that no
 * crash leaves the traveller without a valid ticket:
 *
 *   1. `offered → exchanging`, with a `finish-exchange` job, in one transaction;
 *   2. the supplier issues the new ticket under the offer's id (a retry gets the same PNR);
 *   3. ONE transaction: old product `exchanged`, new product `issued`, travel `modified`, the
 *      e-mail, the call's answer (`exchanging → swapped`);
 *   4. the old PNR is cancelled with the supplier (`swapped → done`).
 *
 * Until 3 commits, the old ticket is the valid one (the new one is, at worst, also issued at the
 * supplier); from 3 on, the new one is. When the supplier refuses the new ticket the offer is
 * `failed` and the old ticket stays as it was. The job finishes what a dead process left: it
 * re-runs 2–4 from the recorded state, or gives up (failed) once the trains have left.
 */

const jobKey = (offerId: string) => `finish-exchange:${offerId}`;
/** How long the call that confirms has to finish on its own before the job takes over. */
const TAKEOVER_MS = 60_000;

/** The caller's product (anyone else's, or none → 404). */
async function mine(ctx: Ctx, productId: string) {
  return (await repo.productOf(ctx.services.db, ctx.user.id, productId)) ?? fail('NOT_FOUND');
}

/** The caller's product, refused (69) unless it carries `getExchangeableSections` now (issued, ITP, not departed). */
async function exchangeableProduct(ctx: Ctx, productId: string) {
  const found = await mine(ctx, productId);
  const { product } = found;
  if (!isTripProduct(product) || !exchangeable(product, ctx.services.clock.now())) return fail('TICKET_STATUS_FORBIDS');
  return { rec: found.rec, product };
}

/** GET /products/{id}: the product to exchange, with its links (the wizard's entry point). */
export async function product(ctx: Ctx, productId: string): Promise<Product> {
  const { rec, product } = await mine(ctx, productId);
  return presentProduct(rec.travel, product, ctx.lang, ctx.services.clock.now());
}

export async function sections(ctx: Ctx, productId: string): Promise<ExchangeSection[]> {
  const { product } = await exchangeableProduct(ctx, productId);
  return exchangeSections(product, presentRoutes(product.data.journey.sections, product.data.cabin));
}

/** A point of the search form as a place of the network: the station or city there, else a point in the nearest city. */
function placeAt(services: Services, point: { lat: number; lon: number }, lang: 'fr' | 'en'): Place {
  const { places } = services.supplier;
  const station = stations.find((s) => distanceKm(s, point) < 0.3);
  const atStation = station && places.byId(`station:${station.uic}`, lang);
  if (atStation) return atStation;
  const city = nearestCity(point);
  const atCity = city && distanceKm(city, point) < 2 && cities.has(city.id) ? places.byId(`city:${city.id}`, lang) : undefined;
  if (atCity) return atCity;
  return places.locate({ ID: `point:${point.lat.toFixed(5)},${point.lon.toFixed(5)}`, name: '', lat: point.lat, lon: point.lon, formatted_address: '' }, lang);
}

export async function search(ctx: Ctx, productId: string, sectionId: string, body: ExchangeSearchBody): Promise<ExchangeResult> {
  const { services } = ctx;
  const { rec, product } = await exchangeableProduct(ctx, productId);
  const data = product.data;
  if (sectionId !== sectionIdOf(data.journey)) fail('NOT_FOUND');
  const now = services.clock.now();
  const origin = placeAt(services, body.origin, ctx.lang);
  const destination = placeAt(services, body.destination, ctx.lang);
  if (distanceKm(origin, destination) < 1) fail('PLACE_INCORRECT', { destination: 'SAME_PLACE' });
  const journeys = await services.supplier.rail.journeys({
    origin,
    destination,
    datetime: body.departure,
    represents: 'departure',
    passengers: Math.max(data.travelers.length, 1),
    customer: { companyId: rec.travel.companyId, corporateCarriers: [], negotiatedChains: [] },
    lang: ctx.lang,
    withReturn: false,
    now,
  });
  // Trains not gone yet, other than the ticket's own.
  const kept = journeys.filter((j) => j.mode === 'rail' && Date.parse(j.departure) > now.getTime() && j.id !== data.journey.id);
  const stored = await repo.insertSearch(services.db, { productId, userId: ctx.user.id, sectionId, journeys: kept, createdAt: now });
  return {
    searchDate: now.toISOString(),
    searchResults: presentExchangeJourneys(kept, {
      productId,
      sectionId,
      searchId: stored.id,
      data,
      routesOf: (legs) => presentRoutes(legs, data.cabin),
      carrierLogo,
    }),
  };
}

/** What the supplier needs to book (or cancel, or quote) a trip product. */
function itemOf(id: string, data: TripData, price: number): BookItem {
  const { journey } = data;
  return {
    kind: journey.mode,
    offerRef: data.offer.id,
    price,
    passengers: data.travelers.map((t) => ({ firstname: t.firstname ?? '', lastname: t.lastname ?? '' })),
    startsAt: journey.departure,
    flexibility: data.offer.flexibility,
    reference: id,
    sections: journey.sections.map((s) => ({ mode: journey.mode, duplex: /Duplex/.test(s.transport.model) })),
    placementWishes: data.placementWishes,
  };
}

/** The new product's data: the old one's travellers and wishes on the new train and fare (options stay with the old train). */
const newData = (old: TripData, offer: repo.ExchangeOfferRow): TripData => ({
  ...old,
  journey: offer.journey,
  offer: offer.offer,
  cabin: offer.cabin,
  ancillaries: [],
  searchID: offer.searchId,
  booking: undefined,
});
const newPrice = (old: TripData, offer: repo.ExchangeOfferRow) => offer.offer.price * Math.max(old.travelers.length, 1);

function presentOffer(ctx: Ctx, rec: TravelRecord, old: TripProductRow, offer: repo.ExchangeOfferRow): ExchangeOffer {
  const data = newData(old.data, offer);
  const preview: TripProductRow = {
    ...old,
    id: offer.id,
    status: 'cart',
    pnr: null,
    price: newPrice(old.data, offer),
    startsAt: new Date(offer.journey.departure),
    endsAt: new Date(offer.journey.arrival),
    data,
  };
  const confirmable = offer.status === 'offered' || offer.status === 'exchanging';
  return {
    id: offer.id,
    exchangeFees: offer.exchangeFees,
    priceDelta: offer.priceDelta,
    totalPrice: offer.totalPrice,
    product: presentProduct(rec.travel, preview, ctx.lang, ctx.services.clock.now()),
    links: confirmable ? { confirmExchange: linkTo('confirmExchange', { productID: old.id, offerID: offer.id }) } : {},
  };
}

/** Books a choice of a search: the exchange offer (fees from the old fare's conditions, fare difference, total). Nothing changes with the supplier yet. */
export async function book(ctx: Ctx, productId: string, sectionId: string, choiceId: string): Promise<ExchangeOffer> {
  const { services } = ctx;
  const { rec, product } = await exchangeableProduct(ctx, productId);
  const ref = parseChoiceId(choiceId);
  if (sectionId !== sectionIdOf(product.data.journey) || !ref) fail('NOT_FOUND');
  const stored = await repo.searchOf(services.db, ref!.searchId, productId, ctx.user.id);
  const journey: Journey | undefined = stored?.journeys[ref!.journey];
  const cabin = journey?.cabins.find((c) => c.cabin === ref!.cabin);
  const fare = cabin?.offers[ref!.offer];
  if (!stored || !journey || !cabin || !fare) return fail('NOT_FOUND');
  const passengers = Math.max(product.data.travelers.length, 1);
  if (cabin.seats < passengers || fare.roundTrip) fail('OFFERS_INVALID');
  const now = services.clock.now();
  const quote = services.supplier.booking.quoteExchange(itemOf(product.id, product.data, product.price), now);
  if (!quote.exchangeable) fail('TICKET_STATUS_FORBIDS');
  const priceDelta = priceDeltaOf(product.data, fare);
  return services.db.transaction(async (tx) => {
    const offer = await repo.insertOffer(tx, {
      productId,
      travelId: rec.travel.id,
      userId: ctx.user.id,
      searchId: stored.id,
      journey,
      offer: fare,
      cabin: cabin.cabin,
      exchangeFees: quote.fees,
      priceDelta,
      totalPrice: quote.fees + priceDelta,
      status: 'offered',
      createdAt: now,
      updatedAt: now,
    });
    const answer = presentOffer(ctx, rec, product, offer);
    await recordAnswer(tx, () => answer);
    return answer;
  });
}

/** The exchange as the caller sees it once done: the travel, its new product, where the e-mail went. */
async function done(ctx: Ctx, offerId: string, db: Services['db'] = ctx.services.db): Promise<ExchangeDone> {
  const offer = await repo.offerById(db, offerId, { userId: ctx.user.id });
  const found = offer?.newProductId ? await repo.productOf(db, ctx.user.id, offer.newProductId) : undefined;
  if (!found) return fail('NOT_FOUND');
  const now = ctx.services.clock.now();
  return { travel: presentTravel(found.rec, ctx.lang, now), product: presentProduct(found.rec.travel, found.product, ctx.lang, now), email: ctx.user.email };
}

/** Confirms an offer: exchanges the ticket (steps above). A retry of a confirm a dead process left half done carries it on. */
export async function confirm(ctx: Ctx, productId: string, offerId: string, expected: number | null): Promise<ExchangeDone> {
  const { services } = ctx;
  const { rec } = await mine(ctx, productId);
  const offer = await repo.offerById(services.db, offerId, { userId: ctx.user.id });
  if (!offer || offer.productId !== productId) return fail('NOT_FOUND');
  if (expected !== null && rec.travel.version !== expected) fail('VERSION_CONFLICT');
  if (offer.status === 'offered') {
    await exchangeableProduct(ctx, productId);
    const now = services.clock.now();
    await services.db.transaction(async (tx) => {
      if (!(await repo.moveOffer(tx, offerId, ['offered'], { status: 'exchanging' }, now))) fail('TICKET_STATUS_FORBIDS');
      await enqueue(tx, { kind: 'finish-exchange', key: jobKey(offerId), payload: { offerId }, runAt: new Date(now.getTime() + TAKEOVER_MS) });
    });
  } else if (offer.status === 'swapped' || offer.status === 'done') {
    // Already exchanged (by a twin of this call, or by the job after a crash): its outcome, nothing done twice.
    return done(ctx, offerId);
  } else if (offer.status !== 'exchanging') fail('TICKET_STATUS_FORBIDS');
  const outcome = await finishExchange(services, offerId, { inline: true, record: (tx) => recordAnswer(tx, () => done(ctx, offerId, tx)) });
  if (outcome !== 'swapped' && outcome !== 'done') fail('TICKET_STATUS_FORBIDS');
  return done(ctx, offerId);
}

/**
 * Carries an exchange on from its recorded state (the confirm call, then the job): issues the new
 * ticket, swaps the products, cancels the old ticket. Safe to run twice or concurrently: each step
 * moves the offer on from one status only. Answers the state it left the offer in.
 * `inline`: a supplier failure ends the exchange (the user is told now); the job retries a failure
 * that may pass, and gives up once a train has left.
 */
export async function finishExchange(
  services: Services,
  offerId: string,
  opts: { inline: boolean; record?: (tx: Services['db']) => Promise<void> },
): Promise<repo.OfferStatus | 'gone'> {
  const { db, clock, supplier } = services;
  let offer = await repo.offerById(db, offerId);
  if (!offer) return 'gone';
  const found = await repo.productOf(db, null, offer.productId);
  if (!found) return 'gone';
  const old = found.product;
  if (!isTripProduct(old)) return 'gone';
  const data = newData(old.data, offer);
  const price = newPrice(old.data, offer);

  if (offer.status === 'exchanging') {
    const now = clock.now();
    const giveUp = async (issuedPnr?: string) => {
      // The new ticket, when the supplier issued it, is given back: the old one stays the valid one.
      if (issuedPnr) await supplier.booking.cancel(issuedPnr, itemOf(offerId, data, price), now).catch(() => undefined);
      await db.transaction(async (tx) => {
        await repo.moveOffer(tx, offerId, ['exchanging'], { status: 'failed' }, now);
        await settleJob(tx, jobKey(offerId), now);
      });
    };
    if (old.status !== 'issued' || now >= old.startsAt || now.getTime() >= Date.parse(offer.journey.departure)) {
      await giveUp();
      return 'failed';
    }
    let booked;
    try {
      booked = await supplier.booking.exchange(old.pnr!, itemOf(offerId, data, price), now);
    } catch (err) {
      // Inline, the user is told now and the old ticket stays; the job tries again later. A timeout
      // leaves it unknown whether the supplier issued the new ticket: the exchange stays under way
      // (a retry of the confirm, or the job, asks again under the same reference and carries on).
      if (opts.inline && !(err instanceof SupplierError && err.kind === 'timeout')) await giveUp();
      throw err;
    }
    const swap = () =>
      db.transaction(async (tx) => {
        const locked = await repo.offerById(tx, offerId, { lock: true });
        if (locked?.status !== 'exchanging') return false;
        const current = await repo.productOf(tx, null, locked.productId);
        if (!current || current.product.status !== 'issued') return false;
        const at = clock.now();
        const freshData: TripData = { ...data, booking: { tickets: booked.tickets, seats: booked.seats } };
        const fresh = await repo.insertProduct(tx, {
          travelId: current.rec.travel.id,
          type: old.type,
          status: 'issued',
          price,
          startsAt: new Date(locked.journey.departure),
          endsAt: new Date(locked.journey.arrival),
          data: freshData,
          pnr: booked.pnr,
        });
        const travel = await applyTravelEvent(tx, current.rec, 'exchange', [{ id: old.id, status: 'exchanged' }], at);
        await repo.moveOffer(tx, offerId, ['exchanging'], { status: 'swapped', newProductId: fresh.id }, at);
        await queueExchangeMails(services, tx, {
          travel,
          old: { ...current.product, data: old.data },
          fresh: { ...fresh, data: freshData },
          fees: locked.exchangeFees,
          priceDelta: locked.priceDelta,
          total: locked.totalPrice,
        });
        await opts.record?.(tx);
        return true;
      });
    // The travel changed between its read and the swap (ticketing, another action): swap on its new version.
    let swapped = false;
    for (let attempt = 1; ; attempt++) {
      try {
        swapped = await swap();
        break;
      } catch (err) {
        if (!(err instanceof ApiError && err.code === apiCode.VERSION_CONFLICT) || attempt >= 3) throw err;
      }
    }
    offer = (await repo.offerById(db, offerId))!;
    if (!swapped && offer.status === 'exchanging') {
      // The old ticket changed meanwhile (cancelled, departed): the exchange is undone.
      await giveUp(booked.pnr);
      return 'failed';
    }
  }

  if (offer.status === 'swapped') {
    const now = clock.now();
    try {
      await supplier.booking.cancel(old.pnr!, itemOf(old.id, old.data, old.price), now);
    } catch (err) {
      if (opts.inline) return 'swapped'; // the job cancels it later
      throw err;
    }
    await db.transaction(async (tx) => {
      await repo.moveOffer(tx, offerId, ['swapped'], { status: 'done' }, now);
      await settleJob(tx, jobKey(offerId), now);
    });
    return 'done';
  }
  return offer.status;
}
