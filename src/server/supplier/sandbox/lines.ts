/**
 * High-speed lines as waypoint polylines (approximate public geography). A high-speed train runs at
 * line speed only where its route follows one; elsewhere it uses classic tracks (~130 km/h), which is
 * why Paris → Nice takes far longer than Paris → Marseille.
 */
import { distanceKm } from './geo';

type Point = [number, number]; // lat, lon
type Line = { name: string; speed: number; points: Point[] };

export const HIGH_SPEED_LINES: Line[] = [
  { name: 'LGV Sud-Est / Rhône-Alpes / Méditerranée', speed: 250, points: [[48.84, 2.37], [47.6, 3.7], [46.28, 4.78], [45.72, 5.08], [44.99, 4.98], [43.92, 4.79], [43.45, 5.32], [43.3, 5.38]] },
  { name: 'Contournement Nîmes-Montpellier', speed: 250, points: [[43.92, 4.79], [43.83, 4.36], [43.6, 3.88]] },
  { name: 'LGV Nord / HS1', speed: 280, points: [[48.88, 2.35], [49.86, 2.83], [50.64, 3.07], [50.9, 1.81], [51.1, 1.1], [51.53, -0.13]] },
  { name: 'LGV Nord – Belgique – Pays-Bas', speed: 260, points: [[50.64, 3.07], [50.84, 4.34], [51.22, 4.42], [51.92, 4.47], [52.38, 4.9]] },
  { name: 'LGV Bruxelles – Cologne', speed: 220, points: [[50.84, 4.34], [50.62, 5.57], [50.94, 6.96]] },
  { name: 'Interconnexion Île-de-France', speed: 250, points: [[49.0, 2.57], [48.87, 2.78], [48.73, 2.26]] },
  { name: 'LGV Est', speed: 280, points: [[48.88, 2.36], [49.21, 3.99], [48.98, 5.27], [48.95, 6.17], [48.58, 7.73]] },
  { name: 'LGV Atlantique / SEA', speed: 290, points: [[48.84, 2.32], [47.82, 1.06], [47.39, 0.69], [46.58, 0.33], [45.65, 0.16], [44.83, -0.56]] },
  { name: 'LGV Bretagne – Pays de la Loire', speed: 270, points: [[48.84, 2.32], [48.0, 0.19], [48.08, -0.77], [48.1, -1.67]] },
  { name: 'LGV Rhin-Rhône', speed: 260, points: [[47.32, 5.03], [47.31, 5.95], [47.59, 6.9], [47.74, 7.34]] },
  { name: 'Perpignan – Barcelona – Madrid', speed: 270, points: [[42.7, 2.88], [42.27, 2.94], [41.38, 2.14], [41.65, -0.88], [40.41, -3.69]] },
  { name: 'Köln – Frankfurt – Mannheim – Stuttgart', speed: 250, points: [[50.94, 6.96], [50.11, 8.66], [49.48, 8.47], [48.78, 9.18]] },
  { name: 'Torino – Milano', speed: 250, points: [[45.07, 7.67], [45.49, 9.2]] },
];

const KM_PER_DEG = 111.2;

/** Distance (km) from a point to a segment, on a local flat projection (fine at these scales). */
function toSegment(p: Point, a: Point, b: Point): number {
  const k = Math.cos(((p[0] + a[0] + b[0]) / 3) * (Math.PI / 180));
  const [px, py] = [p[1] * k, p[0]];
  const [ax, ay] = [a[1] * k, a[0]];
  const [bx, by] = [b[1] * k, b[0]];
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy)) * KM_PER_DEG;
}

/** Share of the straight path between two points that runs along a high-speed line, and its speed. */
export function highSpeedCoverage(from: { lat: number; lon: number }, to: { lat: number; lon: number }): { share: number; speed: number } {
  const samples = 12;
  // The straight path strays further from a long line's real route: allow for it.
  const near = Math.max(35, 0.12 * distanceKm(from, to));
  let covered = 0;
  let speedSum = 0;
  for (let i = 0; i <= samples; i++) {
    const p: Point = [from.lat + ((to.lat - from.lat) * i) / samples, from.lon + ((to.lon - from.lon) * i) / samples];
    let best: Line | null = null;
    for (const line of HIGH_SPEED_LINES)
      for (let s = 1; s < line.points.length; s++)
        if (toSegment(p, line.points[s - 1]!, line.points[s]!) < near && (!best || line.speed > best.speed)) best = line;
    if (best) {
      covered++;
      speedSum += best.speed;
    }
  }
  return { share: covered / (samples + 1), speed: covered ? speedSum / covered : 0 };
}
