import type { Lang } from '@contract/account';
import { money } from '@contract/money';
import { linkTo } from '@contract/rels';
import { STATS_MAX_DAYS, STATS_MODES, UPCOMING_LIMIT, type Equivalent, type StatsMode, type StatsQuery, type TravelStats } from '@contract/stats';
import { kg } from '@server/domain/co2';
import { fail } from '@server/platform/errors';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { loadStats, type StatsRows, type StatsScope } from './repository';

/**
 * GET stats/travels (spec 3 §7): the caller's booked travels over a period of calendar days,
 * and GET /companies/{id}/stats/travels: the same over their company's, for its travel manager
 * (account_creation; another company is unknown, 404 33; no permission, 403 34).
 */

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** An ISO day (`2026-03-01`, or an ISO date-time whose day is taken as written): midnight UTC of that day, or null. */
function isoDay(value: string): Date | null {
  const m = ISO_DAY.exec(value);
  if (!m) return null;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  // 2026-02-30 is no day.
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || y < 1900) return null;
  return day;
}

export type Period = { begin: Date; end: Date; beginPeriod: string; endPeriod: string };

/**
 * The period asked for: two ISO days (180), the end not before the beginning (181), at most
 * STATS_MAX_DAYS days both included (182). Neither given: the calendar year of `now` (UTC), so the bare
 * link answers too. `end` is exclusive.
 */
export function parsePeriod(query: Partial<StatsQuery>, now: Date): Period {
  if (query.beginPeriod === undefined && query.endPeriod === undefined) {
    const year = now.getUTCFullYear();
    return parsePeriod({ beginPeriod: `${year}-01-01`, endPeriod: `${year}-12-31` }, now);
  }
  const begin = isoDay(query.beginPeriod ?? '');
  const last = isoDay(query.endPeriod ?? '');
  if (!begin || !last) return fail('STATS_PERIOD_INVALID');
  if (last < begin) return fail('STATS_PERIOD_REVERSED');
  const end = new Date(last.getTime() + DAY_MS);
  if ((end.getTime() - begin.getTime()) / DAY_MS > STATS_MAX_DAYS) return fail('STATS_PERIOD_TOO_LONG');
  return { begin, end, beginPeriod: begin.toISOString().slice(0, 10), endPeriod: last.toISOString().slice(0, 10) };
}

/**
 * ADEME equivalents (Base Empreinte / impactco2.fr): a petrol car emits 0.218 kg CO2e a km; a meal
 * with beef 7.26 kg; a tree takes up about 25 kg a year.
 */
const EQUIVALENTS = [
  { name: 'car_km', logo: 'car', kgPer: 0.218, digits: 0, fr: 'km en voiture thermique', en: 'km by petrol car' },
  { name: 'beef_meal', logo: 'meal', kgPer: 7.26, digits: 0, fr: 'repas avec du bœuf', en: 'meals with beef' },
  { name: 'tree_year', logo: 'tree', kgPer: 25, digits: 1, fr: 'arbres pendant un an pour les absorber', en: 'trees for a year to absorb it' },
] as const;

export function equivalentsOf(kgTotal: number, lang: Lang): Equivalent[] {
  return EQUIVALENTS.map((e) => {
    const scale = 10 ** e.digits;
    return { name: e.name, logo: e.logo, quantity: Math.round((kgTotal / e.kgPer) * scale) / scale, description: e[lang] };
  });
}

/** Every month the period touches, `YYYY-MM`, in order. */
function monthsOf(period: Period): string[] {
  const months: string[] = [];
  const last = period.endPeriod.slice(0, 7);
  for (let d = new Date(`${period.beginPeriod.slice(0, 7)}-01T00:00:00Z`); ; d.setUTCMonth(d.getUTCMonth() + 1)) {
    const month = d.toISOString().slice(0, 7);
    months.push(month);
    if (month >= last) return months;
  }
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);

/** The rows as the API shows them. */
export function present(rows: StatsRows, period: Period, scope: StatsScope, lang: Lang): TravelStats {
  const byMode = new Map(rows.modes.map((m) => [m.type, m]));
  const modes = STATS_MODES.map((mode) => {
    const m = byMode.get(mode);
    return { mode, products: m?.products ?? 0, travels: m?.travels ?? 0, km: m?.km ?? 0, co2: m?.co2 ?? 0, minutes: m?.minutes ?? 0, price: m?.price ?? 0 };
  });
  const grams = modes.reduce((s, m) => s + m.co2, 0);
  const emissionOf = (mode: StatsMode) => {
    const m = modes.find((x) => x.mode === mode)!;
    return { value: kg(m.co2), proportion: share(m.co2, grams) };
  };
  const rail = modes.find((m) => m.mode === 'rail')!;
  const flight = modes.find((m) => m.mode === 'flight')!;
  const trainAndPlaneKm = rail.km + flight.km;
  return {
    scope: scope.kind,
    period: { beginPeriod: period.beginPeriod, endPeriod: period.endPeriod },
    travels: rows.travels,
    km: modes.reduce((s, m) => s + m.km, 0),
    emission: {
      gHGEmission: { value: kg(grams), unit: 'kg' },
      equivalents: equivalentsOf(kg(grams), lang),
      rail: emissionOf('rail'),
      flight: emissionOf('flight'),
      hotel: emissionOf('hotel'),
      car_rental: emissionOf('car_rental'),
    },
    time: { total: modes.reduce((s, m) => s + m.minutes, 0) },
    cost: { totalDirectAmount: money(modes.reduce((s, m) => s + m.price, 0)) },
    railVsAir: { rail: share(rail.km, trainAndPlaneKm), flight: trainAndPlaneKm > 0 ? Math.round((1 - share(rail.km, trainAndPlaneKm)) * 1000) / 1000 : 0 },
    modes: modes.map((m) => ({
      mode: m.mode,
      products: m.products,
      travels: m.travels,
      km: m.km,
      gHGEmission: { value: kg(m.co2), unit: 'kg' as const },
      minutes: m.minutes,
      cost: money(m.price),
    })),
    topDestinations: rows.destinations.map((d) => ({ name: d.name, trips: d.trips, gHGEmission: { value: kg(d.co2), unit: 'kg' as const } })),
    months: monthsOf(period).map((month) => {
      const of = (mode: StatsMode) => kg(rows.months.find((m) => m.month === month && m.type === mode)?.co2 ?? 0);
      return { month, rail: of('rail'), flight: of('flight'), hotel: of('hotel'), car_rental: of('car_rental') };
    }),
    upcoming: rows.upcoming.map((u) => ({
      travelID: u.id,
      startsAt: new Date(u.starts_at).toISOString(),
      endsAt: new Date(u.ends_at).toISOString(),
      status: u.status,
      products: u.products,
      travellers: u.pax ?? [],
      // The traveller opens their own travel; a manager sees the company's to come without entering them.
      links: scope.kind === 'user' ? { getTravel: linkTo('getTravel', { travelID: u.id }) } : {},
    })),
  };
}

async function statsOf(ctx: Ctx, scope: StatsScope, query: Partial<StatsQuery>): Promise<TravelStats> {
  const now = ctx.services.clock.now();
  const period = parsePeriod(query, now);
  const rows = await loadStats(ctx.services.db, scope, period.begin, period.end, now, UPCOMING_LIMIT);
  return present(rows, period, scope, ctx.lang);
}

/** The caller's own statistics. */
export const userStats = (ctx: Ctx, query: Partial<StatsQuery>) => statsOf(ctx, { kind: 'user', userId: ctx.user.id }, query);

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The company's statistics, for its travel manager only: another company (or a malformed id) is unknown, the permission missing is 403. */
export function companyStats(ctx: Ctx, companyId: string, query: Partial<StatsQuery>): Promise<TravelStats> {
  if (!isUuid(companyId) || ctx.user.companyId !== companyId) return fail('COMPANY_NOT_FOUND');
  if (!ctx.user.perms.includes('account_creation')) return fail('NO_PERMISSION');
  return statsOf(ctx, { kind: 'company', agencyId: ctx.agency.id, companyId }, query);
}
