import { createFileRoute } from '@tanstack/react-router';
import { uncheckedParams } from '../lib/search-params';
import { DashboardRoute, loadDashboard, type DashboardSearch } from '../features/dashboard/route';

/**
 * `/account/dashboard` (spec 3 §2; `/account/` opens it). The route tree is on every first
 * load: the period and scope in the address are checked by the page's chunk (features/dashboard/route),
 * and its loader and page are one chunk.
 */
export const Route = createFileRoute('/account/dashboard')({
  validateSearch: uncheckedParams<DashboardSearch>(),
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, location }) => loadDashboard(context, location.search as DashboardSearch),
  component: DashboardScreen,
});

function DashboardScreen() {
  return <DashboardRoute search={Route.useSearch()} />;
}
