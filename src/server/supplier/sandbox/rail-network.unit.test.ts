import { describe, expect, it } from 'vitest';
import { places, tripQuery } from './query.fixtures';
import { railJourneys } from './rail';

/**
 * The sandbox's fastest train of a day between well-known cities stays within
 * ±10 % of the fastest train of the real timetable. Each figure is the fastest time its operator
 * announced (press releases and articles reporting them; the year says which timetable).
 */
const REAL_FASTEST: [from: string, to: string, minutes: number, source: string][] = [
  ['paris', 'lyon', 116, 'SNCF, 1 h 56 (1 h 59 in older timetables)'],
  ['paris', 'marseille', 180, 'SNCF, 3 h 00 since the LGV Méditerranée (2001)'],
  ['paris', 'bordeaux', 124, 'SNCF, 2 h 04 since the LGV SEA (July 2017)'],
  ['paris', 'lille', 61, 'SNCF, 59 min – 1 h 02'],
  ['paris', 'strasbourg', 106, 'SNCF, 1 h 46 since the LGV Est phase 2 (July 2016)'],
  ['paris', 'nantes', 120, 'SNCF, 2 h 00'],
  ['paris', 'rennes', 87, 'SNCF, 1 h 25–1 h 28 since the LGV Bretagne-Pays de la Loire (July 2017)'],
  ['paris', 'montpellier', 200, 'SNCF, 3 h 15 (2001) to 3 h 20–3 h 30 today'],
  ['paris', 'geneva', 186, 'TGV Lyria, 3 h 05 via the Haut-Bugey line and Bellegarde (Dec. 2010)'],
  ['paris', 'brussels', 82, 'Thalys, 1 h 22 (Dec. 2006)'],
  ['paris', 'london', 136, 'Eurostar, 2 h 15–2 h 16 since High Speed 1 (Nov. 2007)'],
  ['paris', 'amsterdam', 198, 'Thalys, 3 h 18 since the HSL-Zuid (Dec. 2009)'],
  ['paris', 'cologne', 194, 'Thalys, 3 h 14 since the HSL 3 (Dec. 2009)'],
  ['paris', 'toulouse', 249, 'SNCF, 4 h 09 via Bordeaux (July 2017)'],
  ['paris', 'brest', 205, 'SNCF, 3 h 25 (July 2017)'],
  ['paris', 'quimper', 211, 'SNCF, 3 h 31 (July 2017)'],
  ['paris', 'saint-malo', 134, 'SNCF, 2 h 14 (July 2017)'],
  ['paris', 'nice', 340, 'SNCF, 5 h 40'],
  ['paris', 'bourg-en-bresse', 110, 'SNCF, 1 h 50 (Dec. 2010)'],
  ['paris', 'nancy', 90, 'SNCF, 1 h 30 since the LGV Est (2007)'],
  ['lille', 'london', 80, 'Eurostar, 1 h 20 (Nov. 2007)'],
  ['brussels', 'london', 110, 'Eurostar, 1 h 50 (Nov. 2007)'],
  ['strasbourg', 'stuttgart', 78, 'SNCF and DB, 1 h 18 (July 2016)'],
  ['strasbourg', 'frankfurt', 105, 'SNCF and DB, 1 h 45 (July 2016)'],
  ['luxembourg', 'strasbourg', 96, 'SNCF, 1 h 36 (July 2016)'],
  ['strasbourg', 'metz', 50, 'SNCF, 50 min (July 2016)'],
  ['lyon', 'montpellier', 105, 'SNCF, 1 h 45 (2011)'],
  ['marseille', 'nice', 150, 'SNCF, 2 h 30'],
];

/** The shortest journey of a Tuesday, as a traveller finds it: searching the day through from early morning. */
function sandboxFastest(from: string, to: string): number {
  const durations = ['05:00', '08:00', '11:00', '14:00', '17:00', '20:00'].flatMap((time) =>
    railJourneys(tripQuery(`city:${from}`, `city:${to}`, `2026-12-01T${time}`), places.byId).map((j) => j.duration),
  );
  return Math.min(...durations);
}

describe('the sandbox rail network against real timetables', () => {
  it('has at least 20 well-known routes in its table', () => {
    expect(REAL_FASTEST.length).toBeGreaterThanOrEqual(20);
  });

  it.each(REAL_FASTEST)('%s → %s: fastest within ±10 per cent of %i min (%s)', (from, to, real) => {
    const fastest = sandboxFastest(from, to);
    expect(fastest).toBeGreaterThanOrEqual(Math.floor(real * 0.9));
    expect(fastest).toBeLessThanOrEqual(Math.ceil(real * 1.1));
  });

  it('routes Paris → Genève through Bellegarde, and Paris → Cologne from the Gare du Nord', () => {
    const journeys = (from: string, to: string) => railJourneys(tripQuery(`city:${from}`, `city:${to}`, '2026-12-01T08:00'), places.byId);
    const geneva = journeys('paris', 'geneva')[0]!;
    // Bellegarde is on the way: the distance is the Haut-Bugey line's ~500 km, not the straight line's 410.
    expect(geneva.sections[0]!.distanceKm).toBeGreaterThan(480);
    expect(journeys('paris', 'cologne')[0]!.sections[0]!.from.name).toMatch(/Nord/);
  });
});
