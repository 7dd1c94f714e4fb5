import { queryOptions } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import { follow } from './follow';

/** The approvals' query keys, shared by the account menu's badge and the approvals screens. */
export const approvalKeys = {
  all: ['approvals'] as const,
  lists: () => ['approvals', 'list'] as const,
  counts: () => ['approvals', 'counts'] as const,
  one: (id: string) => ['approvals', 'one', id] as const,
  oneClick: (token: string) => ['approvals', 'one-click', token] as const,
};

/** The menu badge: requests awaiting the user's answer (the user's `approvalCounts` link). */
export const approvalCountsQuery = (link: Link) =>
  queryOptions({
    queryKey: approvalKeys.counts(),
    queryFn: ({ signal }) => follow('approvalCounts', link, undefined, { signal, silent: true }),
    staleTime: 30_000,
  });
