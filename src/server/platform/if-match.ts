import { fail } from './errors';

/** The version a caller says it changes (If-Match: 3 or "3"); null when it sent none. */
export function expectedVersion(headers: Record<string, string | string[] | undefined>): number | null {
  const raw = headers['if-match'];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const parsed = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value ?? '');
  if (!parsed) return fail('REQUEST_FORMAT_INVALID', { 'If-Match': 'FORMAT_INVALID' });
  return Number(parsed[1]);
}
