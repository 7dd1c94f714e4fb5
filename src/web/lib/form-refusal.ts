import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorText } from './http';

/** How a form shows what the server refused: each field problem on its field, the rest in the form's alert. */

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

/** The lines of a text area, trimmed, blank ones dropped. */
export const lines = (value: string) =>
  value
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
