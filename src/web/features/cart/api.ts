import { queryOptions } from '@tanstack/react-query';
import type { CommSupport } from '../../../contract/comms';
import { commsSchema } from '../../../contract/comms';
import type { Link } from '../../../contract/link';
import type { Product, Travel, TravelStatus } from '../../../contract/travel';
import { travelsListSchema } from '../../../contract/travel';
import { follow } from '../../lib/follow';
import { api } from '../../lib/http';
import { queryClient } from '../../lib/query';

/** What the cart screen lists: the cart, and the travels whose options or approval are still pending (with their deadline). */
export const CART_STATUSES: TravelStatus[] = ['cart', 'pending_confirmation', 'pending_approval'];

/** The user's travels of some statuses (all but removed ones when none is given). */
export const travelsQuery = (statuses: TravelStatus[] = []) =>
  queryOptions({
    queryKey: ['travels', statuses] as const,
    queryFn: ({ signal }) =>
      api.get(`/v2/travels/${statuses.length ? `?${statuses.map((s) => `status=${s}`).join('&')}` : ''}`, travelsListSchema, { signal }),
  });

export const commsQuery = (support: CommSupport) =>
  queryOptions({
    queryKey: ['comms', support] as const,
    queryFn: ({ signal }) => api.get(`/comms?support=${support}`, commsSchema, { signal, silent: true }),
    select: (comms) => comms[support] ?? [],
    staleTime: 5 * 60_000,
  });

/** A change to a travel: its version guards against a stale screen, the key makes a retry safe. */
const changeHeaders = (travel: Travel) => ({ 'If-Match': String(travel.version), 'Idempotency-Key': crypto.randomUUID() });

/** The travel lists, the checkout's travel and the header's cart badge read the travels again. */
export const refreshTravels = () =>
  Promise.all(['travels', 'travel', 'cart'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));

export const deleteTravel = (travel: Travel, link: Link) => follow('delete', link, undefined, { headers: changeHeaders(travel) });

export const emptyCart = (link: Link) => follow('emptyCart', link, undefined, { headers: { 'Idempotency-Key': crypto.randomUUID() } });

/** Releases a held option (and the options linked to it); answers the travel as it is now. */
export const releaseOption = (travel: Travel, link: Link) => follow('releasePrebooking', link, undefined, { headers: changeHeaders(travel) });

/** Products still in the travel: released or expired options are gone from it. */
export const liveProducts = (travel: Travel): Product[] => travel.products.filter((p) => p.status !== 'released' && p.status !== 'expired');
