import { currentLang } from '@web/lib/i18n';

// Shared with the agency administrator's forms (features/agency-admin).
export { firstMessage, lines, showRefusal } from '@web/lib/form-refusal';

/** Euros as typed ("180", "180,50") → cents; anything else is NaN, which the contract refuses (AMOUNT_INVALID). */
export function toCents(value: string): number {
  const v = value.trim().replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : Number.NaN;
}

/** Cents → euros as the field shows them ("180", "180,50" in French). */
export function toEuros(cents: number): string {
  const euros = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  return currentLang() === 'fr' ? euros.replace('.', ',') : euros;
}

/** A whole number as typed; anything else is NaN (refused by the contract). */
export const toInt = (value: string): number => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN);
