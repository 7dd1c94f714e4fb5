import { loadAccountTexts } from '../features/account/texts';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { TokenSignIn } from '../features/account/TokenSignIn';

/** Partner entry (spec 3 §2): sign in with the link's one-time token. */
export const Route = createFileRoute('/sso/$segment')({
  loader: loadAccountTexts,
  validateSearch: z.object({ token: z.string().max(512).optional().catch(undefined) }),
  component: function SsoSignIn() {
    const { token } = Route.useSearch();
    return <TokenSignIn token={token} />;
  },
});
