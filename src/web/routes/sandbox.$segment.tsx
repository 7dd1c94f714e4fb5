import { loadAuthTexts } from '../features/auth/texts';
import { createFileRoute } from '@tanstack/react-router';
import { optionalTexts } from '../lib/search-params';
import { TokenSignIn } from '../features/auth/TokenSignIn';

/** Partner entry (spec 3 §2): signed in with the one-time token, in external-source mode (no tabs, no account area). */
export const Route = createFileRoute('/sandbox/$segment')({
  loader: loadAuthTexts,
  validateSearch: (search: Record<string, unknown>) => optionalTexts(search, { token: { max: 512 } }),
  component: function SandboxSignIn() {
    const { token } = Route.useSearch();
    return <TokenSignIn type="sandbox" token={token} />;
  },
});
