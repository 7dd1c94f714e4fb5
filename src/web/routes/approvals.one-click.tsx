import { createFileRoute } from '@tanstack/react-router';
import { optionalTexts } from '../lib/search-params';
import { OneClickPage } from '../features/approvals/OneClickPage';
import { oneClickQuery } from '../features/approvals/api';
import { loadApprovalsTexts } from '../features/approvals/texts';
import { NotFound } from '../components/NotFound';

/**
 * `/approvals/one-click?token=` (the approver's e-mail): one answer to one request with
 * the link's signed, single-use token; no session needed.
 */
export const Route = createFileRoute('/approvals/one-click')({
  validateSearch: (search: Record<string, unknown>) => optionalTexts(search, { token: { min: 1, max: 512 } }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ context, deps }) => {
    if (deps.token) void context.queryClient.prefetchQuery(oneClickQuery(deps.token));
    return loadApprovalsTexts();
  },
  component: OneClickRoute,
});

function OneClickRoute() {
  const { token } = Route.useSearch();
  return token ? <OneClickPage key={token} token={token} /> : <NotFound />;
}
