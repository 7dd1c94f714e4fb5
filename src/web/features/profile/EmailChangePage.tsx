import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Panel } from '@web/components/Panel';
import { FormAlert } from '@web/components/Field';
import { errorText } from '@web/lib/http';
import { useUser } from '@web/lib/me';
import { confirmEmailChangeMutation } from './api';

/**
 * /user/email/$token: the link an e-mail change sent to the new address. Followed once: the account's
 * address is the new one (the former one is told by e-mail); a used, expired or unknown link says so.
 */
export function EmailChangePage({ token }: { token: string }) {
  const user = useUser();
  const started = useRef(false);
  const confirming = useMutation(confirmEmailChangeMutation());
  const { mutate } = confirming;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 p-4">
      <Panel id="email-change" title={<Trans>Changement d’adresse e-mail</Trans>}>
        {confirming.isSuccess ? (
          <p role="status" className="text-gray-900">
            <Trans>C’est fait : l’adresse e-mail de votre compte est maintenant {confirming.data.email}.</Trans>
          </p>
        ) : confirming.isError ? (
          <FormAlert>{errorText(confirming.error)}</FormAlert>
        ) : (
          <p role="status" className="text-gray-700">
            <Trans>Confirmation de votre nouvelle adresse…</Trans>
          </p>
        )}
        {!confirming.isPending && (
          <p>
            {user ? (
              <Link to="/account/informations" className="text-primary-700 underline">
                <Trans>Voir mes informations</Trans>
              </Link>
            ) : (
              <Link to="/" className="text-primary-700 underline">
                <Trans>Aller à l’accueil</Trans>
              </Link>
            )}
          </p>
        )}
      </Panel>
    </div>
  );
}
