import { sandboxPlaces } from './places';
import type { TripQuery } from '../types';

/** The sandbox's tests: its places, a fixed "now", and a one-passenger query without a company. */
export const places = sandboxPlaces();
export const NOW = new Date('2026-11-22T09:00:00Z');

export const place = (id: string) => {
  const p = places.byId(id, 'fr');
  if (!p) throw new Error(`unknown place ${id}`);
  return p;
};

/** A query from one place id to another, leaving after `datetime` unless `extra` says otherwise. */
export const tripQuery = (from: string, to: string, datetime: string, extra: Partial<TripQuery> = {}): TripQuery => ({
  origin: place(from),
  destination: place(to),
  datetime,
  represents: 'departure',
  passengers: 1,
  customer: { companyId: null, corporateCarriers: [], negotiatedChains: [] },
  lang: 'fr',
  withReturn: false,
  now: NOW,
  ...extra,
});
