import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Link } from '../../contract/link';
import type { Rel, RelInput, RelOutput } from '../../contract/rels';
import { rels } from '../../contract/rels';
import type { RequestOptions } from './http';
import { ContractError, request } from './http';

/** Rels whose link is a GET: the ones a query can follow. */
export type GetRel = { [R in Rel]: (typeof rels)[R]['method'] extends 'GET' ? R : never }[Rel];

/**
 * Follows a server-written link (ARCHITECTURE §2): the app never builds these URLs. The rel table
 * says which method the link must have, the body it takes and the `result` it answers with.
 * Throws ContractError when the link or the answer does not match the table, ApiError when the
 * call fails (after the http client showed it, unless `silent`).
 */
export async function follow<R extends Rel>(
  rel: R,
  link: Link,
  input?: RelInput<R>,
  options: Omit<RequestOptions, 'json'> = {},
): Promise<RelOutput<R>> {
  const spec = rels[rel];
  if (link.method !== spec.method) {
    throw new ContractError(`The "${rel}" link must be ${spec.method}, got ${link.method} ${link.href}`);
  }
  let json: unknown;
  if (spec.method !== 'GET' && spec.method !== 'DELETE') {
    const parsed = spec.input.safeParse(input);
    if (!parsed.success) throw new ContractError(`Invalid input for "${rel}"`, parsed.error.issues);
    json = parsed.data;
  }
  return request(spec.method, link.href, spec.output, { ...options, json }) as Promise<RelOutput<R>>;
}

/** TanStack Query options for a GET link, keyed by its href. */
export function linkQueryOptions<R extends GetRel>(rel: R, link: Link) {
  return queryOptions({
    queryKey: ['link', rel, link.href] as const,
    queryFn: ({ signal }) => follow(rel, link, undefined, { signal }),
  });
}

/** A mutation that follows `link` with the rel's input. */
export function useLinkMutation<R extends Rel>(rel: R, link: Link, options: Omit<RequestOptions, 'json' | 'signal'> = {}) {
  return useMutation({ mutationFn: (input: RelInput<R>) => follow(rel, link, input, options) });
}
