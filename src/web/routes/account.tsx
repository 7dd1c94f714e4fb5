import { loadAccountTexts } from '../features/account/texts';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AccountLayout } from '../features/account/AccountLayout';

/** The account area: signed in and enableAccountAccess on, else home (spec 3 §2). */
export const Route = createFileRoute('/account')({
  loader: loadAccountTexts,
  beforeLoad: ({ context }) => {
    const user = context.user();
    if (!user?.features.enableAccountAccess) throw redirect({ to: '/', replace: true });
  },
  component: AccountLayout,
});
