import { loadAccountTexts } from '../features/account/texts';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AccountLayout, accountSupport } from '../features/account/AccountLayout';
import { commsQuery } from '../lib/comms';

/** Pages an e-mail links to: a signed-out visitor is asked to sign in there, and the page opens once signed in. */
const SIGN_IN_HERE = new Set(['/account/approvals']);

/** The account area: signed in and enableAccountAccess on, else home (spec 3 §2). */
export const Route = createFileRoute('/account')({
  loader: ({ context, location }) => {
    // The agency's messages sit above every account page: they load with it, not after it.
    const user = context.user();
    if (user) void context.queryClient.prefetchQuery(commsQuery(accountSupport(location.pathname), user.uid));
    return loadAccountTexts();
  },
  beforeLoad: ({ context, location }) => {
    const user = context.user();
    if (!user && SIGN_IN_HERE.has(location.pathname)) return;
    if (!user?.features.enableAccountAccess) throw redirect({ to: '/', replace: true });
  },
  component: AccountLayout,
});
