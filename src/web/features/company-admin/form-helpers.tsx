import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorText } from '@web/lib/http';
import { currentLang } from '@web/lib/i18n';

/** The first message under an error node of react-hook-form (a list's errors sit under its indices). */
export function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const message = (node as { message?: unknown }).message;
  if (typeof message === 'string' && message) return message;
  for (const child of Object.values(node)) {
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * A refused write: its field problems on their fields (the form's paths are the body's), the first
 * focused; whatever names no field is the form's alert. Answers the alert's text, if any.
 */
export function showRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (path: string) => string | null = (p) => p,
): string | undefined {
  const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
  const placed = fields.flatMap(([path, key]) => {
    const field = fieldOf(path);
    return field ? [[field, key] as const] : [];
  });
  placed.forEach(([field, key], i) => setError(field as Path<T>, { type: 'server', message: key }, { shouldFocus: i === 0 }));
  return placed.length > 0 && placed.length === fields.length ? undefined : errorText(error);
}

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

/** The lines of a text area, trimmed, blank ones dropped. */
export const lines = (value: string) =>
  value
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
