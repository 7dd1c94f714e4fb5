import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { optionalChoice, optionalTexts } from '../lib/search-params';
import type { ApprovalsSearch } from '../features/approvals/ApprovalsPage';
import { ApprovalsPage } from '../features/approvals/ApprovalsPage';
import { approvalQuery } from '../features/approvals/api';
import { loadApprovalsTexts } from '../features/approvals/texts';

/** The contract's sorts (contract/approvals APPROVAL_SORTS), repeated here: the route tree is on every first load, the contract's schemas are not. */
const SORTS = ['requestedAt', 'start', 'totalAmount', 'timeLimit'] as const;

const validateSearch = (search: Record<string, unknown>): ApprovalsSearch => ({
  tab: optionalChoice(search, 'tab', ['pending', 'answered', 'accepted', 'denied'] as const),
  kind: optionalChoice(search, 'kind', ['regular', 'safety'] as const),
  sort: optionalChoice(search, 'sort', SORTS),
  order: optionalChoice(search, 'order', ['asc', 'desc'] as const),
  // `request`: the e-mail's deep link, that request opened above the list.
  ...optionalTexts(search, { q: { max: 100 }, request: { min: 1, max: 64 } }),
});

/**
 * `/account/approvals` (spec 2 §2): the approver's inbox. A signed-out visitor of the
 * e-mail's link is asked to sign in by the account frame and stays here (the route reads nothing
 * until then).
 */
export const Route = createFileRoute('/account/approvals')({
  validateSearch,
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
  const onSearch = useCallback((change: ApprovalsSearch) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true }), [navigate]);
  return <ApprovalsPage search={search} onSearch={onSearch} />;
}
