import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Spinner } from '../../components/Spinner';
import { TEXTS } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { useMutation } from '@tanstack/react-query';
import { accountMutations } from './api';

/**
 * /sandbox/$segment and /sso/$segment (spec 3 §2): sign in with the one-time `?token=` of the
 * partner's link, then go home; a missing or refused token says AUTH_PROBLEM.
 */
export function TokenSignIn({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const started = useRef(false);
  const { mutateAsync: login } = useMutation(accountMutations.login());

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const done = () => void navigate({ to: '/', replace: true });
    if (!token) {
      toast.error(TEXTS.AUTH_PROBLEM);
      done();
      return;
    }
    login({ token }).then(done, (error: unknown) => {
      console.error(error);
      toast.error(TEXTS.AUTH_PROBLEM);
      done();
    });
  }, [token, navigate, login]);

  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-3" role="status">
      <Spinner size={28} className="text-brand" />
      <h1 className="text-lg text-gray-800">
        <Trans>Connexion en cours…</Trans>
      </h1>
    </div>
  );
}
