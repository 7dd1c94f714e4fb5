import { and, asc, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { OnBehalf, ProductStatus, TravelStatus } from '@contract/travel';
import { staffRole, type CompanyRules } from '../domain/company';
import type { TripData } from '../domain/product';
import { apiCode } from '@contract/api-codes';
import { ApiError, fail } from '../platform/errors';
import type { Db } from './client';
import { approvalRequests, companies, travelProducts, travels, users } from './schema';
import { cardPaymentsOf } from './payments';
import type { StoredPayment } from '../domain/payment';
import { transition, type TravelEvent } from '../domain/travel-lifecycle';

/**
 * Travels with their products and their company's rules, read and written for every feature that
 * changes them (cart, checkout, booking). A change is written only on the version it was read at.
 */

export type TravelRow = typeof travels.$inferSelect;
export type ProductRow = typeof travelProducts.$inferSelect;
/** A rail or flight product's row (domain/product.ts isTripProduct tells them apart). */
export type TripProductRow = ProductRow & { data: TripData };
/** `approval`: for a travel pending approval, its request (the regular one of its last round) and whether it still awaits an answer. */
export type TravelRecord = {
  travel: TravelRow;
  products: ProductRow[];
  company: CompanyRules | null;
  approval?: { id: string; open: boolean } | null;
  /** Booked by agency staff for a traveller (travel.onBehalfOf): the names the travel shows. */
  onBehalf?: OnBehalf | null;
  /** Its card payment, and an attempt waiting for the bank's authentication (domain/travel.ts TravelView). */
  cardPayment?: { paid: StoredPayment | null; awaitingAuthentication: string | null };
};

export type TravelFilter = { id?: string; statuses?: TravelStatus[] };

const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);

/**
 * Who may read and change a travel: the user who booked it, and — once checked out — the traveller
 * agency staff booked it for (travel.onBehalfOf): it is theirs to see, cancel or exchange.
 */
export const travelOfUser = (userId: string) => or(eq(travels.userId, userId), and(eq(travels.onBehalfOf, userId), ne(travels.status, 'cart')));

/** The names of who booked what for whom, for the travels staff booked (onBehalfOf set). */
async function onBehalfOf(db: Db, rows: { travel: TravelRow; companyName: string | null }[]): Promise<Map<string, OnBehalf>> {
  const acted = rows.filter((r) => r.travel.onBehalfOf && r.travel.companyId);
  if (acted.length === 0) return new Map();
  const ids = [...new Set(acted.flatMap((r) => [r.travel.userId, r.travel.onBehalfOf!]))];
  const people = new Map(
    (await db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, perms: users.perms }).from(users).where(inArray(users.id, ids))).map(
      (u) => [u.id, u],
    ),
  );
  return new Map(
    acted.flatMap(({ travel, companyName }) => {
      const traveler = people.get(travel.onBehalfOf!);
      const booker = people.get(travel.userId);
      if (!traveler || !booker) return [];
      return [
        [
          travel.id,
          {
            company: { uid: travel.companyId!, name: companyName ?? '' },
            traveler: { uid: traveler.id, firstname: traveler.firstname, lastname: traveler.lastname },
            bookedBy: { firstname: booker.firstname, lastname: booker.lastname, role: staffRole(booker.perms) },
          },
        ] as const,
      ];
    }),
  );
}

/** The user's travels (newest first: theirs, and those staff booked for them), with products in time order and the company's rules. */
export async function loadTravels(db: Db, userId: string, filter: TravelFilter = {}): Promise<TravelRecord[]> {
  if (filter.id !== undefined && !isUuid(filter.id)) return [];
  const rows = await db
    .select({
      travel: travels,
      company: {
        checkoutRules: companies.checkoutRules,
        travelPolicy: companies.travelPolicy,
        hotelEnabled: companies.hotelEnabled,
        carrentalEnabled: companies.carrentalEnabled,
      },
      companyName: companies.name,
    })
    .from(travels)
    .leftJoin(companies, eq(companies.id, travels.companyId))
    .where(
      and(
        travelOfUser(userId),
        filter.id ? eq(travels.id, filter.id) : undefined,
        filter.statuses ? inArray(travels.status, filter.statuses) : ne(travels.status, 'removed'),
      ),
    )
    .orderBy(desc(travels.createdAt));
  if (rows.length === 0) return [];
  const products = await db
    .select()
    .from(travelProducts)
    .where(
      inArray(
        travelProducts.travelId,
        rows.map((r) => r.travel.id),
      ),
    )
    .orderBy(asc(travelProducts.startsAt), asc(travelProducts.createdAt));
  const pending = rows.filter((r) => r.travel.status === 'pending_approval').map((r) => r.travel.id);
  const requests = pending.length
    ? await db
        .select({
          id: approvalRequests.id,
          travelId: approvalRequests.travelId,
          roundId: approvalRequests.roundId,
          kind: approvalRequests.kind,
          status: approvalRequests.status,
        })
        .from(approvalRequests)
        .where(inArray(approvalRequests.travelId, pending))
        .orderBy(desc(approvalRequests.requestedAt))
    : [];
  const approvalOf = (travelId: string) => {
    const latest = requests.find((r) => r.travelId === travelId);
    const round = requests.filter((r) => r.roundId === latest?.roundId);
    const regular = round.find((r) => r.kind === 'regular');
    return regular ? { id: regular.id, open: round.some((r) => r.status === 'pending' || r.status === 'escalated') } : null;
  };
  const acted = await onBehalfOf(db, rows);
  const cards = await cardPaymentsOf(
    db,
    rows.map((r) => r.travel.id),
  );
  return rows.map(({ travel, company }) => ({
    travel,
    company,
    products: products.filter((p) => p.travelId === travel.id),
    approval: approvalOf(travel.id),
    onBehalf: acted.get(travel.id) ?? null,
    cardPayment: cards.get(travel.id),
  }));
}

/** The caller's travel, refused as not found when it is not theirs and as a conflict when it changed since the version it read. */
export async function travelToChange(db: Db, userId: string, travelId: string, expected: number | null): Promise<TravelRecord> {
  const [rec] = await loadTravels(db, userId, { id: travelId });
  if (!rec) return fail('NO_TRAVEL');
  if (expected !== null && rec.travel.version !== expected) fail('VERSION_CONFLICT');
  return rec;
}

/**
 * Writes a change to a travel only if nobody changed it since `travel` was read: the version moves
 * on, and a concurrent writer gets 105 with nothing applied (run it in the change's transaction).
 */
/** A travel's columns a change may set besides its status (which only a lifecycle event moves: applyTravelEvent). */
export type TravelChange = Omit<Partial<typeof travels.$inferInsert>, 'status'>;
/** A product's columns a change may set besides its status. */
export type ProductChange = Omit<Partial<typeof travelProducts.$inferInsert>, 'status'>;

/** Writes `set` on the travel on the version it was read at (105 when it moved on meanwhile). */
export async function updateTravel(db: Db, travel: Pick<TravelRow, 'id' | 'version'>, set: TravelChange, now: Date): Promise<TravelRow> {
  return writeTravel(db, travel, set, now);
}

async function writeTravel(db: Db, travel: Pick<TravelRow, 'id' | 'version'>, set: Partial<typeof travels.$inferInsert>, now: Date): Promise<TravelRow> {
  const [row] = await db
    .update(travels)
    .set({ ...set, version: travel.version + 1, updatedAt: now })
    .where(and(eq(travels.id, travel.id), eq(travels.version, travel.version)))
    .returning();
  return row ?? fail('VERSION_CONFLICT');
}

/** Writes columns of a product other than its status. */
export const updateProduct = (db: Db, id: string, set: ProductChange) => db.update(travelProducts).set(set).where(eq(travelProducts.id, id));

/** A product the event moves: its next status, and the columns that change with it. */
export type ProductMove = { id: string; status: ProductStatus } & ProductChange;

/**
 * Writes a lifecycle event (domain/travel-lifecycle.ts) on a travel read as `rec`: each product
 * moved as `moves` says, then the travel's status the event leads to, with `set`, on the version
 * `rec` was read at (105 when it moved on meanwhile). An event the travel's status does not allow,
 * or a product move that is not the event's, writes nothing and is refused (409, api_code 69).
 */
export async function applyTravelEvent(
  db: Db,
  rec: { travel: Pick<TravelRow, 'id' | 'version' | 'status'>; products: Pick<ProductRow, 'id' | 'status' | 'type'>[] },
  event: TravelEvent,
  moves: ProductMove[],
  now: Date,
  set: TravelChange = {},
): Promise<TravelRow> {
  const next = transition(event, rec.travel.status, rec.products, new Map(moves.map((m) => [m.id, m.status])));
  if (!next.ok) {
    // The caller reads the catalogue's words; the log and the stack say which move was refused.
    const refused = new ApiError(apiCode.TICKET_STATUS_FORBIDS);
    refused.message = `${refused.message}: ${next.why}`;
    throw refused;
  }
  for (const { id, ...change } of moves) await db.update(travelProducts).set(change).where(eq(travelProducts.id, id));
  return writeTravel(db, rec.travel, { ...set, status: next.status }, now);
}

/** The user's travel `id` while it is in the cart (a search or an add joins it), else undefined. */
export async function findCartTravel(db: Db, id: string, userId: string): Promise<TravelRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(travels)
    .where(and(eq(travels.id, id), eq(travels.userId, userId), eq(travels.status, 'cart')))
    .limit(1);
  return row;
}
