import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/account/`: the account area opens on its dashboard (spec 3 §2). */
export const Route = createFileRoute('/account/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/dashboard', replace: true });
  },
});
