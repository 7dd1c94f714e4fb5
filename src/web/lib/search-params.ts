/**
 * Search-param checks for the routes' validateSearch, without zod: the route tree is part of every
 * first load, zod is not. Each mirrors `z.string()…optional().catch(undefined)` in an object schema: an
 * absent param stays absent, a bad one becomes undefined (dropped, never an error).
 */

type TextRule = { min?: number; max?: number; coerce?: boolean };

function text(value: unknown, { min = 0, max = Infinity, coerce = false }: TextRule): string | undefined {
  if (value === undefined) return undefined;
  const s = coerce ? String(value) : value;
  return typeof s === 'string' && s.length >= min && s.length <= max ? s : undefined;
}

/** The params `rules` names, each an optional text checked by its rule. */
export function optionalTexts<K extends string>(search: Record<string, unknown>, rules: Record<K, TextRule>): { [P in K]?: string } {
  const out: { [P in K]?: string } = {};
  for (const key of Object.keys(rules) as K[]) if (key in search) out[key] = text(search[key], rules[key]);
  return out;
}

/** A param that must be one of `values`; anything else is dropped. */
export function optionalChoice<T extends string>(search: Record<string, unknown>, key: string, values: readonly T[]): T | undefined {
  const value = search[key];
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * A screen's search params as the address gives them, typed as the screen writes them. For searches
 * whose parser is more than a few lines (hotel, car, expert): the route tree is on every first load,
 * so the parser stays in the screen's own chunk, and the loader and the screen check the params with
 * it before any use.
 */
export const uncheckedParams =
  <T>() =>
  (search: Record<string, unknown>): T =>
    search as T;
