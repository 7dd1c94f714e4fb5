import { loadAuthTexts } from '../features/auth/texts';
import { createFileRoute } from '@tanstack/react-router';
import { ActivateAccount } from '../features/auth/ActivateAccount';
import { SearchHome } from '../features/search/SearchHome';

/** The activation link of the sign-up e-mail (spec 3 §2). */
export const Route = createFileRoute('/user/activate/$token')({ loader: loadAuthTexts, component: ActivatePage });

function ActivatePage() {
  const { token } = Route.useParams();
  return (
    <>
      <ActivateAccount token={token} />
      <SearchHome />
    </>
  );
}
