import { createFileRoute } from '@tanstack/react-router';
import { EmailChangePage } from '../features/profile/EmailChangePage';
import { loadProfileTexts } from '../features/profile/texts';

/** The link of an e-mail change, sent to the new address: following it switches the account's address. */
export const Route = createFileRoute('/user/email/$token')({ loader: loadProfileTexts, component: EmailChangeRoute });

function EmailChangeRoute() {
  const { token } = Route.useParams();
  return <EmailChangePage token={token} />;
}
