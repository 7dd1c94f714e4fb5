import type { Locale } from 'date-fns';
import { format, parseISO } from 'date-fns';
import { enGB, fr } from 'date-fns/locale';
import { currentLang } from './i18n';

/** Today's date on the user's clock, `YYYY-MM-DD`. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `JJ/MM/AAAA` as typed in a form → `YYYY-MM-DD`; anything else is returned trimmed, for the schema to judge. */
export function frenchDateToIso(value: string): string {
  const v = value.trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : v;
}

/** date-fns locale of the active language (spec 3 §9: the stored language decides the date locale). */
export const dateLocale = (): Locale => (currentLang() === 'fr' ? fr : enGB);

/** Formats an ISO date or instant with a date-fns pattern in the active language. */
export function formatDate(value: string, pattern = 'dd/MM/yyyy'): string {
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : format(date, pattern, { locale: dateLocale() });
}
