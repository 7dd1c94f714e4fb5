import type { Place } from '@contract/places';
import type { Passenger } from '@web/lib/passengers';

export type { AgeBand, Passenger } from '@web/lib/passengers';
export { AGE_BANDS, DEFAULT_AGE_BAND, MAX_PASSENGERS } from '@web/lib/passengers';

export type { TripMessageKey } from './messages';

export type TripValues = {
  from: Place | null;
  to: Place | null;
  date: Date | null;
  mode: 'departure' | 'arrival';
  hasReturn: boolean;
  ret: Date | null;
  retMode: 'departure' | 'arrival';
  openJaw: boolean;
  retFrom: Place | null;
  retTo: Place | null;
  pax: Passenger[];
  fare: string;
  entity: string;
};
export type TripField = 'from' | 'to' | 'date' | 'ret' | 'retFrom' | 'retTo' | 'pax' | 'entity';

export type TripContext = { now: Date; birthdateRequired: boolean; hasEntities: boolean; travelID?: string };
