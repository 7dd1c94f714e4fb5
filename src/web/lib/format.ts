import { formatDate } from './dates';

/** Number and time formats shared by the results, cart and checkout screens (UI.md; spec 2 §9). */

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Cents → `1 234,50 €`. */
export const formatPrice = (cents: number): string => euros.format(cents / 100);

/** A travel amount (a decimal string in euros, spec 2 §3: `{ amount: '1234.5' }`) → `1 234,50 €`. */
export const formatMoney = (money: { amount: string }): string => euros.format(Number(money.amount));

/** Grams → kg, one decimal below 10 000 g, none above (`2,4 kg`, `32 kg`). */
export function formatCo2(grams: number): string {
  const kg = grams / 1000;
  const digits = grams < 10_000 ? 1 : 0;
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(kg)} kg`;
}

/** Minutes → `2 h 05` (`45 min` under an hour). */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : `${h} h ${String(m).padStart(2, '0')}`;
}

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

/** An instant (a deadline, a time limit) on the reader's clock: `dd/MM/yyyy HH:mm`. */
export const formatDateTime = (instant: string): string => formatDate(instant, 'dd/MM/yyyy HH:mm');
