import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ApiError, errorText } from '@web/lib/http';
import { TEXTS } from '@web/lib/messages';
import { openModal } from '@web/lib/modal';
import { storeOnboarding } from '@web/lib/onboarding';
import { toast } from '@web/lib/toast';
import { useMutation } from '@tanstack/react-query';
import { authMutations } from './api';

/**
 * /user/activate/$token (spec 3 §2): confirm the e-mail once; success → toast and /form (its onboarding kept for it),
 * failure → the token-renewal modal with the server's message.
 */
export function ActivateAccount({ token }: { token: string }) {
  const navigate = useNavigate();
  const started = useRef(false);
  const { mutateAsync: confirm } = useMutation(authMutations.confirm());

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm(token).then(
      (result) => {
        storeOnboarding(result.onboarding);
        toast.success(TEXTS.ACCOUNT_ACTIVATED, { duration: 8_000 });
        void navigate({ to: '/form', replace: true });
      },
      (error: unknown) =>
        openModal('AskTokenRenewal', {
          token,
          message: errorText(error),
          apiCode: error instanceof ApiError ? error.api_code : null,
        }),
    );
  }, [token, navigate, confirm]);

  return (
    <p role="status" className="sr-only">
      <Trans>Activation de votre compte…</Trans>
    </p>
  );
}
