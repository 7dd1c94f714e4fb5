import { pageData } from './page-data';

/**
 * Names of places by ID, for the screens that show a search before its results name its places: those
 * the search form chose, and those the server resolved for the address (lib/page-data.ts).
 */
const names = new Map<string, string>();

export function placeNameOf(id: string): string | undefined {
  return names.get(id) ?? pageData().places?.[id];
}

export function rememberPlaceName(id: string, name: string) {
  names.set(id, name);
}
