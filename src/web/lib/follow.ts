import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import type { Rel, RelInput, RelOutput, rels } from '@contract/rels';
import { settleIntent } from './intent';
import type { RequestOptions } from './http';
import { ApiError, ContractError, request } from './http';

/** Rels whose link is a GET: the ones a query can follow. */
export type GetRel = { [R in Rel]: (typeof rels)[R]['method'] extends 'GET' ? R : never }[Rel];

/** Rels that change something: the ones a mutation follows. */
export type ChangeRel = Exclude<Rel, GetRel>;

type FollowOptions = Omit<RequestOptions, 'json'>;

/** The arguments after the link: the rel's body when it takes one (required then), and request options. */
type FollowArgs<R extends Rel> =
  RelInput<R> extends void | undefined ? [input?: undefined, options?: FollowOptions] : [input: RelInput<R>, options?: FollowOptions];

/**
 * Follows a server-written link (ARCHITECTURE §2): the app never builds these URLs. The rel table
 * says which method the link must have, the body it takes and the `result` it answers with.
 * Throws ContractError when the link or the answer does not match the table, ApiError when the
 * call fails (after the http client showed it, unless `silent`).
 */
export async function follow<R extends Rel>(rel: R, link: Link, ...[input, options = {}]: FollowArgs<R>): Promise<RelOutput<R>> {
  // The rel table holds every schema of the contract: it loads with the first link followed, not with the page.
  const spec = (await import('@contract/rels')).rels[rel];
  if (link.method !== spec.method) {
    throw new ContractError(`The "${rel}" link must be ${spec.method}, got ${link.method} ${link.href}`);
  }
  let json: unknown;
  // A DELETE takes a body only when its rel has one (deleteAccount: the password).
  if (spec.method !== 'GET' && !(spec.method === 'DELETE' && input === undefined)) {
    const parsed = spec.input.safeParse(input);
    if (!parsed.success) throw new ContractError(`Invalid input for "${rel}"`, parsed.error.issues);
    json = parsed.data;
  }
  return request(spec.method, link.href, spec.output, { ...options, json }) as Promise<RelOutput<R>>;
}

/** The query keys of the reads behind links: one prefix, so a change to what the user's links show reads them all again. */
export const linkKeys = {
  all: ['link'] as const,
  one: (rel: GetRel, href: string) => ['link', rel, href] as const,
};

/** TanStack Query options for a GET link, keyed by its href. */
export function linkQueryOptions<R extends GetRel>(rel: R, link: Link, options: Omit<FollowOptions, 'signal'> = {}) {
  return queryOptions({
    queryKey: linkKeys.one(rel, link.href),
    queryFn: ({ signal }) => follow(rel, link, ...([undefined, { ...options, signal }] as unknown as FollowArgs<R>)),
  });
}

/** What a change follows: the link, its body, and the version of the resource the user looked at (If-Match). */
export type Change<R extends ChangeRel> = { link: Link; version?: number } & (RelInput<R> extends void | undefined
  ? { input?: undefined }
  : { input: RelInput<R> });

/** Only a lost answer (network) or a server fault may be tried again with the same key; anything else settled the intent. */
const settles = (error: unknown) => !(error instanceof ApiError) || (error.status !== 0 && error.status < 500);

/**
 * Follows a link that changes something, as one user intent: the same Idempotency-Key for every
 * try of the same change (the http client's retries of a lost answer, a double click, a reload
 * while it was pending — the key is kept in sessionStorage), so the server does it once; a new key
 * once the server answered. `If-Match` carries the version the user saw, so a stale screen changes
 * nothing (105).
 */
export async function followOnce<R extends ChangeRel>(
  rel: R,
  change: Change<R>,
  options: Omit<FollowOptions, 'headers' | 'intent'> = {},
): Promise<RelOutput<R>> {
  const intent = JSON.stringify([rel, change.link.href, change.version ?? null, change.input ?? null]);
  const headers: Record<string, string> = {};
  if (change.version !== undefined) headers['If-Match'] = String(change.version);
  try {
    const result = await follow(rel, change.link, ...([change.input, { ...options, headers, intent }] as FollowArgs<R>));
    settleIntent(intent);
    return result;
  } catch (error) {
    if (settles(error)) settleIntent(intent);
    throw error;
  }
}

/**
 * TanStack Query mutation options that follow `rel`'s link (the one typed link follower), one
 * intent per change. `silent` when the screen shows the failure itself (next to its fields).
 */
export function linkMutationOptions<R extends ChangeRel>(rel: R, options: { silent?: boolean } = {}) {
  return mutationOptions({
    mutationKey: [rel] as const,
    // No retry here: the http client retries a lost answer itself, with the intent's key.
    mutationFn: (change: Change<R>) => followOnce(rel, change, options),
  });
}
