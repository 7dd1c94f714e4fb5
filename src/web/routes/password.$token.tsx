import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { SearchHome } from '../features/search/SearchHome';
import { openModal } from '../lib/modal';

/** A reset link: the home page with the new-password modal on top (spec 3 §2). */
export const Route = createFileRoute('/password/$token')({ component: NewPasswordPage });

function NewPasswordPage() {
  const { token } = Route.useParams();
  useEffect(() => openModal('NewPasswordWithToken', { token }), [token]);
  return <SearchHome />;
}
