import { z } from 'zod';
import { linksOf } from './link';
import { moneySchema } from './money';

/**
 * The dashboard's statistics (spec 3 §3 "Statistics", §7 `GET stats/travels`, §9 "Dashboard"):
 * what a user's booked travels (or, for a travel manager, their company's) weigh over a period of
 * calendar days — trips, km, CO2 by mode with ADEME equivalents, time, money — and the trips to come.
 *
 * A product counts when it is booked (booked, pending ticketing or issued) and leaves within the
 * period (its departure's UTC day, `beginPeriod` and `endPeriod` both included). CO2 and km count
 * every traveller of a trip (a booking for two weighs twice); a car its estimated distance once.
 */

/** The longest period a call may ask for, in days (the dashboard's periods are a year at most). */
export const STATS_MAX_DAYS = 366;
/** Trips to come listed under the totals. */
export const UPCOMING_LIMIT = 5;

/** What the dashboard sends: ISO calendar days. The server checks them (180, 181, 182); neither: the current calendar year. */
export const statsQuerySchema = z.object({ beginPeriod: z.string().max(32), endPeriod: z.string().max(32) });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

export const STATS_MODES = ['rail', 'flight', 'hotel', 'car_rental'] as const;
export const statsModeNameSchema = z.enum(STATS_MODES);
export type StatsMode = z.infer<typeof statsModeNameSchema>;

/** A CO2 figure: kg, one decimal. */
export const gHGEmissionSchema = z.object({ value: z.number(), unit: z.literal('kg') }).meta({ id: 'GHGEmission' });

/** One mode's share (spec: rail, flight and hotel each with value and proportion; and car rentals). */
export const modeEmissionSchema = z.object({ value: z.number(), proportion: z.number().min(0).max(1) }).meta({ id: 'ModeEmission' });

/** An ADEME equivalent of the total: `quantity` of `name` emit as much (`logo` names the picture). */
export const equivalentSchema = z
  .object({
    name: z.enum(['car_km', 'beef_meal', 'tree_year']),
    logo: z.enum(['car', 'meal', 'tree']),
    quantity: z.number(),
    description: z.string(),
  })
  .meta({ id: 'Co2Equivalent' });
export type Equivalent = z.infer<typeof equivalentSchema>;

/** A mode's totals: products booked, travels they belong to, km, CO2, minutes on board, money. */
export const modeTotalsSchema = z
  .object({
    mode: statsModeNameSchema,
    products: z.number().int(),
    travels: z.number().int(),
    km: z.number().int(),
    gHGEmission: gHGEmissionSchema,
    minutes: z.number().int(),
    cost: moneySchema,
  })
  .meta({ id: 'ModeTotals' });
export type ModeTotals = z.infer<typeof modeTotalsSchema>;

/** A trip to come: its products in a few words. `getTravel` only on the traveller's own statistics. */
export const upcomingTravelSchema = z
  .object({
    travelID: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    status: z.string(),
    products: z.array(z.object({ type: statsModeNameSchema, from: z.string(), to: z.string(), departure: z.string().nullable() })),
    travellers: z.array(z.object({ firstname: z.string(), lastname: z.string() })),
    links: linksOf('getTravel'),
  })
  .meta({ id: 'UpcomingTravel' });
export type UpcomingTravel = z.infer<typeof upcomingTravelSchema>;

export const travelStatsSchema = z
  .object({
    /** Whose travels: the caller's, or their company's (travel managers). */
    scope: z.enum(['user', 'company']),
    period: z.object({ beginPeriod: z.string(), endPeriod: z.string() }),
    /** Travels with at least one product booked in the period. */
    travels: z.number().int(),
    km: z.number().int(),
    emission: z.object({
      gHGEmission: gHGEmissionSchema,
      equivalents: z.array(equivalentSchema),
      rail: modeEmissionSchema,
      flight: modeEmissionSchema,
      hotel: modeEmissionSchema,
      car_rental: modeEmissionSchema,
    }),
    /** Minutes on board (trips). */
    time: z.object({ total: z.number().int() }),
    cost: z.object({ totalDirectAmount: moneySchema }),
    /** Rail against air, by km travelled (0 and 0 without trips). */
    railVsAir: z.object({ rail: z.number().min(0).max(1), flight: z.number().min(0).max(1) }),
    modes: z.array(modeTotalsSchema),
    /** Where the trips went: the 5 destinations weighing most, with their CO2. */
    topDestinations: z.array(z.object({ name: z.string(), trips: z.number().int(), gHGEmission: gHGEmissionSchema })),
    /** CO2 (kg) by month of the period (UTC, `YYYY-MM`, every month of it) and mode: the dashboard's chart. */
    months: z.array(z.object({ month: z.string(), rail: z.number(), flight: z.number(), hotel: z.number(), car_rental: z.number() })),
    upcoming: z.array(upcomingTravelSchema),
  })
  .meta({ id: 'TravelStats' });
export type TravelStats = z.infer<typeof travelStatsSchema>;
