import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '../features/company-admin/InvitationPage';
import { loadCompanyAdminTexts } from '../features/company-admin/texts';

/** The link of a travel manager's invitation: choose a password, then sign in. */
export const Route = createFileRoute('/user/invitation/$token')({ loader: loadCompanyAdminTexts, component: InvitationRoute });

function InvitationRoute() {
  const { token } = Route.useParams();
  return <InvitationPage token={token} />;
}
