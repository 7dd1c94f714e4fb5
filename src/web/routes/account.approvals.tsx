import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { APPROVAL_SORTS } from '../../contract/approvals';
import type { ApprovalsSearch } from '../features/approvals/ApprovalsPage';
import { ApprovalsPage } from '../features/approvals/ApprovalsPage';
import { approvalQuery } from '../features/approvals/api';
import { loadApprovalsTexts } from '../features/approvals/texts';

const searchSchema = z.object({
  tab: z.enum(['pending', 'answered', 'accepted', 'denied']).optional().catch(undefined),
  kind: z.enum(['regular', 'safety']).optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
  sort: z.enum(APPROVAL_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  /** The e-mail's deep link: that request, opened above the list. */
  request: z.string().min(1).max(64).optional().catch(undefined),
});

/**
 * `/account/approvals` (spec 2 §2, issue 11): the approver's inbox. A signed-out visitor of the
 * e-mail's link is asked to sign in by the account frame and stays here (the route reads nothing
 * until then).
 */
export const Route = createFileRoute('/account/approvals')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ request: search.request }),
  loader: ({ context, deps }) => {
    if (deps.request && context.user()) void context.queryClient.prefetchQuery(approvalQuery(deps.request));
    return loadApprovalsTexts();
  },
  component: ApprovalsRoute,
});

function ApprovalsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback(
    (change: ApprovalsSearch) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true }),
    [navigate],
  );
  return <ApprovalsPage search={search} onSearch={onSearch} />;
}
