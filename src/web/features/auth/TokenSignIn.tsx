import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Spinner } from '@web/components/Spinner';
import { TEXTS } from '@web/lib/messages';
import { toast } from '@web/lib/toast';
import { useMutation } from '@tanstack/react-query';
import { authMutations } from './api';
import { rememberSsoUsername } from './sso-entry';

/**
 * /sso/$segment and /sandbox/$segment (spec 3 §2): the start-up sign-in with the one-time `?token=`
 * of the entry (a company's single sign-on lands here, features/sso on the server), then home. The
 * sandbox entry's session is in external-source mode: the server's features hide the tabs and the
 * account area. A missing or refused token is logged and says AUTH_PROBLEM (spec 3 §8).
 */
export function TokenSignIn({ type, token }: { type: 'sso' | 'sandbox'; token: string | undefined }) {
  const navigate = useNavigate();
  const started = useRef(false);
  const { mutateAsync: signIn } = useMutation(authMutations.startupSignIn());

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The token leaves the address bar (and the history) at once.
    const done = () => void navigate({ to: '/', replace: true });
    if (!token) {
      toast.error(TEXTS.AUTH_PROBLEM);
      done();
      return;
    }
    signIn({ type, token }).then(
      (entry) => {
        // The header offers this company's button to whoever signs in on this device next.
        if (type === 'sso') rememberSsoUsername(entry.user.username);
        done();
      },
      (error: unknown) => {
        console.error(error);
        toast.error(TEXTS.AUTH_PROBLEM);
        done();
      },
    );
  }, [type, token, navigate, signIn]);

  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-3" role="status">
      <Spinner size={28} className="text-brand" />
      <h1 className="text-lg text-gray-800">
        <Trans>Connexion en cours…</Trans>
      </h1>
    </div>
  );
}
