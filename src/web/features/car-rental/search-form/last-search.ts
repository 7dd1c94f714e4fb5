import type { CarValues } from './validation';

/**
 * The last car search of this page's life, by whose it was (lib/passengers searchFormKey: the user, and
 * the customer and traveller staff act for): the form opens with it again (Back from the results, or the
 * results sent back with nothing found), so the user widens it instead of retyping it.
 */
let last: { owner: string; values: CarValues } | null = null;

export function rememberCarSearch(owner: string, values: CarValues) {
  last = { owner, values };
}

export const rememberedCarSearch = (owner: string): CarValues | null => (last && last.owner === owner ? last.values : null);
