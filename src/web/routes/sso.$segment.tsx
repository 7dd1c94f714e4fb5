import { loadAuthTexts } from '../features/auth/texts';
import { createFileRoute } from '@tanstack/react-router';
import { optionalTexts } from '../lib/search-params';
import { TokenSignIn } from '../features/auth/TokenSignIn';

/** Single sign-on entry (spec 3 §2): the company's provider sends the browser back here with a one-time token. */
export const Route = createFileRoute('/sso/$segment')({
  loader: loadAuthTexts,
  validateSearch: (search: Record<string, unknown>) => optionalTexts(search, { token: { max: 512 } }),
  component: function SsoSignIn() {
    const { token } = Route.useSearch();
    return <TokenSignIn type="sso" token={token} />;
  },
});
