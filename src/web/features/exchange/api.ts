import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import { productSchema } from '@contract/travel';
import { linkMutationOptions, linkQueryOptions } from '@web/lib/follow';
import { api } from '@web/lib/http';
import { queryClient } from '@web/lib/query';
import { meKey } from '@web/lib/session';
import { invalidateTravels } from '@web/lib/travel-keys';
import type { User } from '@contract/account';
import { entryPath } from '@contract/entries';

/** The place autocomplete's debounce (spec 2 §9, as the search form's). */

export const exchangeKeys = {
  product: (id: string) => ['exchange', 'product', id] as const,
};

/**
 * The product to exchange by id (GET /products/{id}): the wizard's entry point, the one URL it
 * builds (a reload of `/exchange/<id>` has nothing else). Every next step follows the links it carries.
 */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: exchangeKeys.product(id),
    queryFn: ({ signal }) => api.get(entryPath('product', { productID: id }), productSchema, { signal, silent: true }),
    retry: false,
  });

/** The product's sections (its `getExchangeableSections` link); the screen sends the user to the bookings list when it fails (spec 2 §8). */
export const sectionsQuery = (link: Link) => ({ ...linkQueryOptions('getExchangeableSections', link, { silent: true }), retry: false });

/** The search (spec 2 §8: a failure is logged, the loading ends, no message). */
export const searchMutation = () => linkMutationOptions('searchExchange', { silent: true });

/** Booking a choice: the exchange offer (spec 2 §8: a failure is logged only). */
export const bookMutation = () => linkMutationOptions('bookExchange', { silent: true });

/**
 * Confirming the offer exchanges the ticket: the travels, lists and badge are read again. The old
 * product is not (the wizard, on its success step, still shows it; a later visit reads it afresh).
 */
export const confirmMutation = () =>
  mutationOptions({
    ...linkMutationOptions('confirmExchange'),
    onSuccess: () => invalidateTravels(),
  });

/**
 * Spec 2 §2: arriving from an external source while signed in, the app hides the header's tabs,
 * closes the account area and takes the logo's link home away (the user's feature flags, for this
 * session: the `me` query is not read again by itself).
 */
export function applyExternalSourceFlags() {
  queryClient.setQueryData<User | null>(meKey, (me) =>
    me ? { ...me, features: { ...me.features, noTabMode: true, enableAccountAccess: false, disableHomeRedirectionOnLogo: true } } : me,
  );
}
