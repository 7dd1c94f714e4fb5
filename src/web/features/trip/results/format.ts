/** Number formats of the trip results (UI.md): euros from cents, CO2 in kg, `2 h 05`, `HH:mm`. */

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Cents → `1 234,50 €`. */
export const formatPrice = (cents: number): string => euros.format(cents / 100);

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
  if (h === 0) return `${m} min`;
  return `${h} h ${String(m).padStart(2, '0')}`;
}

/** `HH:mm` from the local part of an ISO date-time (the offset is the place's, kept as is). */
export function formatTime(iso: string): string {
  const m = /T(\d{2}):(\d{2})/.exec(iso);
  return m ? `${m[1]}:${m[2]}` : iso;
}

/** `dd/MM/yyyy` from the local part of an ISO date-time. */
export function formatDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** The choice a proposal's offer belongs to: `searchID~i~cabin~k` → `searchID~i~cabin`. */
export const choiceIdOf = (offerId: string): string => offerId.split('~').slice(0, 3).join('~');
