import type { Money } from '../../../contract/travel';
import { formatDate } from '../../lib/dates';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** `{ amount: '1234.5' }` → `1 234,50 €` (the travel's amounts are decimal strings in euros). */
export const formatMoney = (money: Pick<Money, 'amount'>): string => euros.format(Number(money.amount));

/** `HH:mm` from the local part of an ISO date-time: a departure's time is the station's, whatever the reader's zone. */
export function formatTime(iso: string): string {
  const m = /T(\d{2}):(\d{2})/.exec(iso);
  return m ? `${m[1]}:${m[2]}` : iso;
}

/** `dd/MM/yyyy` from the local part of an ISO date-time. */
export function formatDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** Minutes → `2 h 05` (`45 min` under an hour). */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : `${h} h ${String(m).padStart(2, '0')}`;
}

/** A deadline (UTC instant) on the reader's clock: `dd/MM/yyyy HH:mm`. */
export const formatDeadline = (instant: string): string => formatDate(instant, 'dd/MM/yyyy HH:mm');
