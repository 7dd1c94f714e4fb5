/**
 * Number and time formats shared by the results, cart and checkout screens (UI.md; spec 2 §9), without
 * date-fns: the results screen needs no more (lib/format.ts adds the date formats).
 */

/**
 * A number as fr-FR writes it, with `digits` decimals: what `Intl.NumberFormat('fr-FR')` gives (groups of
 * three with a narrow no-break space, a decimal comma, the shortest decimal form rounded half away from
 * zero; number-format.test.ts compares them), without Intl: the first Intl formatter of a page costs
 * ~15 ms of main thread (its locale's data), in the middle of the results' first render.
 */
function frenchNumber(value: number, digits: number): string {
  const text = Math.abs(value).toString();
  if (!Number.isFinite(value) || text.includes('e')) {
    return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  }
  const [int = '0', frac = ''] = text.split('.');
  const scaled = BigInt(int + frac.slice(0, digits).padEnd(digits, '0')) + (frac.length > digits && frac[digits]! >= '5' ? 1n : 0n);
  const all = scaled.toString().padStart(digits + 1, '0');
  const whole = all.slice(0, all.length - digits).replace(/\B(?=(\d{3})+$)/g, '\u202f');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole}${digits ? `,${all.slice(all.length - digits)}` : ''}`;
}

const euros = (amount: number) => `${frenchNumber(amount, 2)}\u00a0€`;

/** Cents → `1 234,50 €`. */
export const formatPrice = (cents: number): string => euros(cents / 100);

/** A travel amount (a decimal string in euros, spec 2 §3: `{ amount: '1234.5' }`) → `1 234,50 €`. */
export const formatMoney = (money: { amount: string }): string => euros(Number(money.amount));

/** Grams → kg, one decimal below 10 000 g, none above (`2,4 kg`, `32 kg`). */
export function formatCo2(grams: number): string {
  return `${frenchNumber(grams / 1000, grams < 10_000 ? 1 : 0)} kg`;
}

/**
 * Spec 1 §9: a distance up to 1000 m in metres, above in km with one decimal (`1,3 km`; `1.3 km` in
 * English). No Intl: a list's cards would each pay for a number formatter.
 */
export function formatDistance(metres: number, lang: 'fr' | 'en' = 'fr'): string {
  if (metres <= 1000) return `${Math.round(metres)} m`;
  const km = (metres / 1000).toFixed(1);
  return `${lang === 'fr' ? km.replace('.', ',') : km} km`;
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

/** `dd/MM/yyyy HH:mm` from the wall clock of an ISO date-time: a journey time as its station shows it. */
export const formatLocalDateTime = (iso: string): string => `${formatDay(iso)} ${formatTime(iso)}`;

/** A journey from departure to arrival on its stations' clocks: `01/12/2026 08:22 – 10:20`, the arrival's day only when it differs. */
export function formatJourneySpan(departure: string, arrival: string): string {
  const end = departure.slice(0, 10) === arrival.slice(0, 10) ? formatTime(arrival) : formatLocalDateTime(arrival);
  return `${formatLocalDateTime(departure)} – ${end}`;
}
