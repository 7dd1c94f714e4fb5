import type { InfiniteData } from '@tanstack/react-query';
import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Approval, ApprovalFilter, APPROVAL_SORTS } from '@contract/approvals';
import { approvalSchema, oneClickSchema } from '@contract/approvals';
import type { Link } from '@contract/link';
import { approvalKeys } from '@web/lib/approvals';
import { follow, linkMutationOptions } from '@web/lib/follow';
import { ApiError, api } from '@web/lib/http';
import { queryClient } from '@web/lib/query';
import { entryPath } from '@contract/entries';

/** The inbox's page size (spec 2 §9): "load more" is offered while the last page was full. */
export const APPROVALS_PAGE_SIZE = 10;

export const APPROVAL_TABS = ['pending', 'answered', 'accepted', 'denied'] as const;
export type ApprovalTab = (typeof APPROVAL_TABS)[number];
export type ApprovalKind = 'regular' | 'safety';
export type ApprovalSort = (typeof APPROVAL_SORTS)[number];

/** What the inbox shows: the tab (a status filter of the API), regular or safety, the name searched and the order. */
export type ApprovalListFilters = { tab: ApprovalTab; kind: ApprovalKind; q: string; sort: ApprovalSort; order: 'asc' | 'desc' };

export const approvalListKey = (filters: ApprovalListFilters) => [...approvalKeys.lists(), filters] as const;

/** The list link with the page's query: the server wrote the link, the query is the rel's documented parameters. */
function withQuery(link: Link, filters: ApprovalListFilters, page: number): Link {
  const params = new URLSearchParams({
    page: String(page),
    limit: String(APPROVALS_PAGE_SIZE),
    sortBy: filters.sort,
    order: filters.order,
    status: filters.tab satisfies ApprovalFilter,
  });
  if (filters.q.trim()) params.set('paxName', filters.q.trim());
  return { ...link, href: `${link.href}${link.href.includes('?') ? '&' : '?'}${params}` };
}

/** One inbox (the user's `approvals` or `safetyApprovals` link), ten requests a page. */
export const approvalListQuery = (link: Link, filters: ApprovalListFilters) =>
  infiniteQueryOptions({
    queryKey: approvalListKey(filters),
    queryFn: ({ pageParam, signal }) =>
      filters.kind === 'safety'
        ? follow('safetyApprovals', withQuery(link, filters, pageParam), undefined, { signal })
        : follow('approvals', withQuery(link, filters, pageParam), undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: Approval[], pages: Approval[][]) => (last.length === APPROVALS_PAGE_SIZE ? pages.length + 1 : undefined),
  });

/**
 * One request by id: the e-mail's deep link (`/account/approvals?request=`) has nothing but the id,
 * as a reloaded travel page has (lib/travels.ts travelQuery); its answers follow the links it carries.
 */
export const approvalQuery = (id: string) =>
  queryOptions({
    queryKey: approvalKeys.one(id),
    queryFn: ({ signal }) => api.get(entryPath('approval', { approvalID: id }), approvalSchema, { signal, silent: true }),
    retry: false,
  });

/** What an e-mailed one-click link grants (an entry point: the e-mail carries only the token; no session needed). */
export const oneClickQuery = (token: string) =>
  queryOptions({
    queryKey: approvalKeys.oneClick(token),
    queryFn: ({ signal }) => api.get(entryPath('oneClickApproval', { token }), oneClickSchema, { signal, silent: true, handleSession: false }),
    retry: false,
    staleTime: Infinity,
  });

/** The inbox's lists and the deep-linked request show `updated` at once; the badge is read again; other tabs when opened. */
export function showApproval(updated: Approval) {
  queryClient.setQueriesData<InfiniteData<Approval[]>>(
    { queryKey: approvalKeys.lists() },
    (data) => data && { ...data, pages: data.pages.map((page) => page.map((a) => (a.approvalID === updated.approvalID ? updated : a))) },
  );
  queryClient.setQueryData(approvalKeys.one(updated.approvalID), updated);
  void queryClient.invalidateQueries({ queryKey: approvalKeys.lists(), refetchType: 'none' });
  return queryClient.invalidateQueries({ queryKey: approvalKeys.counts() });
}

/** The request as it is now, from a 409's `current` (another answer won), if the answer carried it. */
export function currentOf(error: unknown): Approval | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = approvalSchema.safeParse(error.current);
  return parsed.success ? parsed.data : null;
}

// The screens show a 409 (who answered first) and the deny reason's field errors themselves: silent.
export const approveMutation = () => mutationOptions({ ...linkMutationOptions('approve', { silent: true }), onSuccess: showApproval });
export const denyMutation = () => mutationOptions({ ...linkMutationOptions('deny', { silent: true }), onSuccess: showApproval });
export const escalateMutation = () => mutationOptions({ ...linkMutationOptions('escalate', { silent: true }), onSuccess: showApproval });

/** The one-click answer (the grant's `answerOneClick` link), without a session. */
export const answerOneClickMutation = () => mutationOptions({ ...linkMutationOptions('answerOneClick', { silent: true }) });

export { approvalKeys };
