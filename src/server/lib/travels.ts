import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Lang } from '../../contract/account';
import { linkTo } from '../../contract/rels';
import type { Pax, Product, ProductStatus, Travel, TravelContext, TravelStatus } from '../../contract/travel';
import type { Db } from '../db/client';
import { companies, travelProducts, travels } from '../db/schema';
import { fail } from '../platform/errors';
import { FLEX_NAMES, type FareOffer, type Journey } from '../supplier/types';
import {
  NO_RULES,
  approvalNeeded,
  checkoutContext,
  complianceOf,
  isTravelCompliant,
  travellersOf,
  type CompanyRules,
  type Compliance,
  type ProductRow,
  type TravelRow,
  type TravellerRecord,
} from './checkout';

/**
 * The travel resource (spec 2 §3): travels read with their products and their company's rules, and
 * presented with the links of the actions allowed now. Cart, checkout and booking all answer with it.
 */


export type TravelRecord = { travel: TravelRow; products: ProductRow[]; company: CompanyRules | null };

/** What booking adds to a trip product's data: ticket numbers and seats per passenger. */
export type BookingData = {
  tickets: { passenger: number; number: string }[];
  seats: { passenger: number; section: number; coachNumber: string; seatNumber: string }[];
};

/** A rail or flight product's data, as add-to-cart writes it and booking completes it. */
export type TripData = {
  journey: Journey;
  offer: FareOffer;
  cabin: string;
  travelers: (TravellerRecord & Record<string, unknown>)[];
  placementWishes: Record<string, string>;
  ancillaries: { type: string; quantity: number; offerID: string; price: number }[];
  searchID: string;
  /** The travel policy's verdict, written at add-to-cart (lib/travel-policy.ts). */
  compliance?: Compliance;
  booking?: BookingData;
};

export type TravelFilter = { id?: string; statuses?: string[] };

/** The user's travels (newest first), with products in time order and the company's rules. */
export async function loadTravels(db: Db, userId: string, filter: TravelFilter = {}): Promise<TravelRecord[]> {
  if (filter.id !== undefined && !/^[0-9a-f-]{36}$/.test(filter.id)) return [];
  const rows = await db
    .select({ travel: travels, company: { checkoutRules: companies.checkoutRules, travelPolicy: companies.travelPolicy } })
    .from(travels)
    .leftJoin(companies, eq(companies.id, travels.companyId))
    .where(
      and(
        eq(travels.userId, userId),
        filter.id ? eq(travels.id, filter.id) : undefined,
        filter.statuses ? inArray(travels.status, filter.statuses) : ne(travels.status, 'removed'),
      ),
    )
    .orderBy(desc(travels.createdAt));
  if (rows.length === 0) return [];
  const products = await db
    .select()
    .from(travelProducts)
    .where(inArray(travelProducts.travelId, rows.map((r) => r.travel.id)))
    .orderBy(asc(travelProducts.startsAt), asc(travelProducts.createdAt));
  return rows.map(({ travel, company }) => ({ travel, company, products: products.filter((p) => p.travelId === travel.id) }));
}

export const euros = (cents: number) => (cents / 100).toFixed(2);
const money = (cents: number) => ({ amount: euros(cents), currency: 'EUR' as const });

/** Travels a user may remove: nothing booked or held in them (held options are released one by one). */
export const DELETABLE: TravelStatus[] = ['cart', 'expired', 'denied'];

/** Statuses in which the travel's products are still only in the cart or held. */
const OPEN: TravelStatus[] = ['cart', 'pending_confirmation'];

const T = {
  fr: { departed: 'Un trajet de ce voyage est déjà parti : retirez-le pour continuer.', held: (d: string) => `Options garanties jusqu’au ${d}.` },
  en: { departed: 'A trip of this travel has already left: remove it to continue.', held: (d: string) => `Options held until ${d}.` },
};

const formatLimit = (d: Date, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(d);

/** The links of spec 2 §3 that the travel's state allows now. */
function travelLinks(rec: TravelRecord, now: Date, context: TravelContext, compliant: boolean): Travel['links'] {
  const { travel, products } = rec;
  const p = { travelID: travel.id };
  const links: Travel['links'] = { getTravel: linkTo('getTravel', p) };
  const status = travel.status as TravelStatus;
  if (DELETABLE.includes(status)) links.delete = linkTo('delete', p);
  const departed = products.some((p) => p.startsAt <= now);
  if (status === 'cart') {
    links.addTrip = linkTo('addTrip');
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
    } else if (approvalNeeded(rec.company?.checkoutRules ?? NO_RULES, compliant)) links.requestApproval = linkTo('requestApproval', p);
    else links.confirm = linkTo('confirm', p);
  }
  if (status === 'pending_confirmation' && !departed && products.some((p) => p.status === 'prebooked')) links.confirm = linkTo('confirm', p);
  return links;
}

function productLinks(travel: TravelRow, product: ProductRow): Product['links'] {
  if (travel.status === 'pending_confirmation' && product.status === 'prebooked')
    return { releasePrebooking: linkTo('releasePrebooking', { travelID: travel.id, productID: product.id }) };
  return {};
}

const paxOf = (t: TravellerRecord & Record<string, unknown>): Pax => ({
  firstname: t.firstname ?? '',
  lastname: t.lastname ?? '',
  birthdate: t.birthdate ?? null,
  phone: t.phone ?? null,
  email: t.email ?? null,
  username: null,
  cards: [],
});

function presentTrip(travel: TravelRow, product: ProductRow, lang: Lang): Product {
  const data = product.data as TripData;
  const { journey, offer } = data;
  const compliance = complianceOf(product);
  const flexibility = FLEX_NAMES[offer.flexibility];
  const travelers = data.travelers;
  const perPax = travelers.length ? Math.round(product.price / travelers.length) : product.price;
  return {
    id: product.id,
    name: `${journey.from.city} → ${journey.to.city}`,
    type: journey.mode,
    status: product.status as ProductStatus,
    links: productLinks(travel, product),
    price: { ...money(product.price), initialAmount: euros(offer.price * Math.max(travelers.length, 1)) },
    travelersCount: travelers.length,
    isCorporateFare: offer.tags.includes('corporate-fare'),
    isNegociatedFare: offer.tags.includes('negociated-fare'),
    isMissionaryFare: false,
    isNDC: offer.tags.includes('ndc'),
    isCompliant: compliance.compliant,
    complianceReasons: compliance.reasons.map((r) => r[lang]),
    infos: [],
    warnings: [],
    pnr: product.pnr,
    confirmationTimeLimit: product.confirmationTimeLimit?.toISOString() ?? null,
    departure: journey.departure,
    arrival: journey.arrival,
    routes: journey.sections.map((s, i) => ({
      from: s.from.name,
      to: s.to.name,
      departure: s.departure,
      arrival: s.arrival,
      duration: s.duration,
      connectionDuration: i === 0 ? 0 : (journey.sections[i - 1]!.connectionMinutes ?? 0),
      transportation: { equipment: s.transport.model, number: s.transport.number, cabinClass: data.cabin, logo: `/media/sandbox/carrier/${s.transport.carrier.code}.svg` },
      operatingCarrier: s.transport.operatingCarrier.name,
      marketingCarrier: { name: s.transport.carrier.name, logo: `/media/sandbox/carrier/${s.transport.carrier.code}.svg` },
    })),
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
  };
}

/** A travel as the API shows it, with the links its state allows at `now`. */
export function presentTravel(rec: TravelRecord, lang: Lang, now: Date): Travel {
  const { travel, products } = rec;
  const rules = rec.company?.checkoutRules ?? NO_RULES;
  const travellers = travellersOf(products);
  const first = products[0]?.data as TripData | undefined;
  const last = products[products.length - 1]?.data as TripData | undefined;
  const status = travel.status as TravelStatus;
  const departed = products.some((p) => p.startsAt <= now);
  const warnings = OPEN.includes(status) && departed ? [T[lang].departed] : [];
  const infos = status === 'pending_confirmation' && travel.confirmationTimeLimit ? [T[lang].held(formatLimit(travel.confirmationTimeLimit, lang))] : [];
  const booked = ['booked', 'pending_ticketing', 'issued'].includes(status);
  const compliant = isTravelCompliant(products);
  const context = checkoutContext(rules, travel, products);
  return {
    id: travel.id,
    travelId: travel.id,
    status,
    version: travel.version,
    startDate: first ? first.journey.departure.slice(0, 10) : null,
    endDate: last ? last.journey.arrival.slice(0, 10) : null,
    confirmationTimeLimit: travel.confirmationTimeLimit?.toISOString() ?? null,
    companyId: travel.companyId,
    customer: travel.customerId ?? travel.companyId,
    customerType: travel.entityId ? 'entity' : 'other',
    startDateTime: first?.journey.departure ?? null,
    endDateTime: last?.journey.arrival ?? null,
    startLocation: first?.journey.from.city ?? null,
    travelers: travellers.map((t) => ({ firstname: t.firstname ?? '', lastname: t.lastname ?? '' })),
    products: products.map((p) => presentTrip(travel, p, lang)),
    warnings,
    infos,
    treepRecaps: booked ? travellers.map((t) => ({ paxName: `${t.firstname ?? ''} ${t.lastname ?? ''}`.trim(), link: `/recap/${travel.id}/${t.travelerId}` })) : [],
    price: money(products.reduce((sum, p) => sum + p.price, 0)),
    canBeCompleted: status === 'cart' && products.length > 0 && !departed,
    isCompliant: compliant,
    travelPolicy: rules.policy ? (rec.company?.travelPolicy ?? null) : null,
    context,
    links: travelLinks(rec, now, context, compliant),
  };
}

/** The version a caller says it changes (If-Match: 3 or "3"); null when it sent none. */
export function expectedVersion(headers: Record<string, string | string[] | undefined>): number | null {
  const raw = headers['if-match'];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const parsed = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value ?? '');
  if (!parsed) fail('REQUEST_FORMAT_INVALID', { 'If-Match': 'FORMAT_INVALID' });
  return Number(parsed![1]);
}

/** The caller's travel, refused as not found when it is not theirs and as a conflict when it changed since the version it read. */
export async function travelToChange(db: Db, userId: string, travelId: string, expected: number | null): Promise<TravelRecord> {
  const [rec] = await loadTravels(db, userId, { id: travelId });
  if (!rec) fail('NO_TRAVEL');
  if (expected !== null && rec!.travel.version !== expected) fail('VERSION_CONFLICT');
  return rec!;
}

/** `travelToChange`, refused (69) unless the travel's links offer `rel` now: steps and actions answer exactly as the resource says. */
export async function travelOffering(db: Db, userId: string, travelId: string, expected: number | null, rel: string, lang: Lang, now: Date): Promise<TravelRecord> {
  const rec = await travelToChange(db, userId, travelId, expected);
  if (!(rel in presentTravel(rec, lang, now).links)) fail('TICKET_STATUS_FORBIDS');
  return rec;
}

/**
 * Writes a change to a travel only if nobody changed it since `travel` was read: the version moves
 * on, and a concurrent writer gets 105 with nothing applied (run it in the change's transaction).
 */
export async function updateTravel(db: Db, travel: TravelRow, set: Partial<typeof travels.$inferInsert>, now: Date): Promise<TravelRow> {
  const [row] = await db
    .update(travels)
    .set({ ...set, version: travel.version + 1, updatedAt: now })
    .where(and(eq(travels.id, travel.id), eq(travels.version, travel.version)))
    .returning();
  return row ?? fail('VERSION_CONFLICT');
}
