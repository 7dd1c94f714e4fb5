import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { ProductStatus, TravelStatus } from '@contract/travel';
import type { StatsMode } from '@contract/stats';

/**
 * The dashboard's SQL: one statement per call, answered as one JSON text. It sums the
 * products' generated figures (travel_products.co2, distance_km, minutes: migration travel_stats),
 * never their data, over the travels the caller's index finds (travels_user_starts and
 * travels_on_behalf_of for a traveller, travels_company_starts for a company) whose span meets the
 * period, then each booked product leaving within it.
 */

/** A product counts once it is booked: not in a cart, an option, an approval, cancelled nor exchanged. */
export const BOOKED_PRODUCTS: ProductStatus[] = ['booked', 'pending_ticketing', 'issued'];
/** A trip to come is a travel in one of these, with a booked product. */
const UPCOMING_TRAVELS: TravelStatus[] = ['booked', 'pending_ticketing', 'issued', 'modified', 'partially_cancelled', 'pending_cancel'];

/** Whose travels: a traveller's own (booked by them, or by agency staff for them), or a company's. */
export type StatsScope = { kind: 'user'; userId: string } | { kind: 'company'; agencyId: string; companyId: string };

export type ModeRow = { type: StatsMode; products: number; travels: number; co2: number; km: number; minutes: number; price: number };
export type DestinationRow = { name: string; trips: number; co2: number };
export type UpcomingRow = {
  id: string;
  starts_at: string;
  ends_at: string;
  status: string;
  products: { type: StatsMode; from: string; to: string; departure: string | null }[];
  pax: { firstname: string; lastname: string }[] | null;
};
export type MonthRow = { month: string; type: StatsMode; co2: number };
export type StatsRows = { travels: number; modes: ModeRow[]; destinations: DestinationRow[]; months: MonthRow[]; upcoming: UpcomingRow[] };

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A traveller's travels are theirs when they booked them for themselves, or staff booked them for them (a staff member's bookings for customers are the customers'). */
const owns = (scope: StatsScope): SQL =>
  scope.kind === 'user'
    ? sql`((t.user_id = ${scope.userId} and t.on_behalf_of is null) or t.on_behalf_of = ${scope.userId})`
    : sql`(t.company_id = ${scope.companyId} and t.agency_id = ${scope.agencyId})`;

/** The totals by mode of the booked products leaving in [begin, end), the 5 destinations emitting most, and the next trips after `now`. */
export async function loadStats(db: Db, scope: StatsScope, begin: Date, end: Date, now: Date, upcomingLimit: number): Promise<StatsRows> {
  const booked = list(BOOKED_PRODUCTS);
  const result = await db.execute(sql`
    with b as (
      select p.travel_id, p.type, date_trunc('month', p.starts_at, 'UTC') as month, p.co2, p.distance_km, p.minutes, p.price,
        case when p.type in ('rail', 'flight') then p.summary ->> 'to' end as destination
      from travels t join travel_products p on p.travel_id = t.id
      where ${owns(scope)} and t.starts_at < ${end} and t.ends_at >= ${begin}
        and p.status in (${booked}) and p.starts_at >= ${begin} and p.starts_at < ${end}
    ), per_travel as (select type, travel_id from b group by type, travel_id)
    select json_build_object(
      'travels', (select count(*) from (select travel_id from per_travel group by travel_id) x),
      'modes', (select coalesce(json_agg(m), '[]') from (
          select type, count(*) as products, (select count(*) from per_travel pt where pt.type = b.type) as travels, coalesce(sum(co2), 0)::float8 as co2,
            coalesce(sum(distance_km), 0)::float8 as km, coalesce(sum(minutes), 0)::float8 as minutes, sum(price)::float8 as price
          from b group by type) m),
      'destinations', (select coalesce(json_agg(d), '[]') from (
          select destination as name, count(*) as trips, coalesce(sum(co2), 0)::float8 as co2
          from b where destination is not null group by destination order by 3 desc, 2 desc, 1 limit 5) d),
      'months', (select coalesce(json_agg(mo), '[]') from (
          select to_char(month at time zone 'UTC', 'YYYY-MM') as month, type, co2
          from (select month, type, coalesce(sum(co2), 0)::float8 as co2 from b group by month, type) y) mo),
      'upcoming', (select coalesce(json_agg(u), '[]') from (${upcoming(scope, now, upcomingLimit)}) u)
    )::text as stats`);
  const [row] = (result as unknown as { rows: { stats: string }[] }).rows;
  return JSON.parse(row!.stats) as StatsRows;
}

/**
 * The next trips: travels in a booked state starting after `now`, soonest first, read in the order of
 * the owner's index (a traveller's own and those staff booked for them: two ordered scans) and
 * stopped at `limit`; each checked for a booked product one by one (a subplan, not a join of every
 * booked product).
 */
function upcoming(scope: StatsScope, now: Date, limit: number): SQL {
  const booked = list(BOOKED_PRODUCTS);
  const rows = (owner: SQL) => sql`(
    select t.id, t.starts_at, t.ends_at, t.status from travels t
    where ${owner} and t.starts_at > ${now} and t.status in (${list(UPCOMING_TRAVELS)})
      and coalesce((select true from travel_products p where p.travel_id = t.id and p.status in (${booked}) limit 1), false)
    order by t.starts_at, t.id limit ${limit})`;
  const travels =
    scope.kind === 'user'
      ? sql`${rows(sql`t.user_id = ${scope.userId} and t.on_behalf_of is null`)} union all ${rows(sql`t.on_behalf_of = ${scope.userId}`)}`
      : rows(sql`t.company_id = ${scope.companyId} and t.agency_id = ${scope.agencyId}`);
  return sql`
    select n.id, n.starts_at, n.ends_at, n.status,
      (select json_agg(json_build_object('type', p.type, 'from', p.summary ->> 'from', 'to', p.summary ->> 'to', 'departure', p.summary ->> 'departure') order by p.starts_at, p.created_at)
        from travel_products p where p.travel_id = n.id and p.status in (${booked})) as products,
      (select p.summary -> 'pax' from travel_products p where p.travel_id = n.id and p.status in (${booked}) order by p.starts_at, p.created_at limit 1) as pax
    from (${travels}) n
    order by n.starts_at, n.id
    limit ${limit}`;
}
