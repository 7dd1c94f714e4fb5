import { loadAccountTexts } from '../features/account/texts';
import { createFileRoute } from '@tanstack/react-router';
import { optionalTexts } from '../lib/search-params';
import { TokenSignIn } from '../features/account/TokenSignIn';

/** Partner entry (spec 3 §2): sign in with the link's one-time token. */
export const Route = createFileRoute('/sandbox/$segment')({
  loader: loadAccountTexts,
  validateSearch: (search: Record<string, unknown>) => optionalTexts(search, { token: { max: 512 } }),
  component: function SandboxSignIn() {
    const { token } = Route.useSearch();
    return <TokenSignIn token={token} />;
  },
});
