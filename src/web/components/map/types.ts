/**
 * The results map's props, apart from the map itself: screens import these types (and the lazy
 * component, LazyResultsMap.tsx) without loading MapLibre. The map has no texts of its own: the
 * caller translates every word it shows or announces.
 */

export type MapPoint = {
  id: string;
  lat: number;
  lon: number;
  /** short text shown on the marker, e.g. "129 €"; absent → a dot */
  label?: string;
  /** accessible name, e.g. "Hôtel Lumière, 129 €" */
  name: string;
};

export type MapTexts = {
  /** The map's accessible name, e.g. "Carte des hôtels". */
  region: string;
  /** A cluster's accessible name, e.g. "12 hôtels, zoomer" (its count is shown). */
  cluster: (count: number) => string;
  /** Instead of the map when the browser cannot draw it (no WebGL 2). */
  noWebGl: string;
  /** Over the map when its style, data or code did not load. */
  tilesFailed: string;
};

export type ResultsMapProps = {
  points: MapPoint[];
  center: { lat: number; lon: number };
  radiusKm: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
  texts: MapTexts;
  /** optional: a second marker set, e.g. the searched place */
  origin?: { lat: number; lon: number; name: string };
};
