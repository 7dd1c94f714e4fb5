import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Button } from '@web/components/Button';
import { Spinner } from '@web/components/Spinner';
import { TEXTS } from '@web/lib/messages';
import { currentUser } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useMutation } from '@tanstack/react-query';
import { authMutations, discardEntrySession, startEntrySession, type StartupEntry } from './api';
import { rememberSsoUsername } from './sso-entry';

const fullName = (user: { firstname: string; lastname: string; username: string }) => `${user.firstname} ${user.lastname}`.trim() || user.username;

/**
 * /sso/$segment and /sandbox/$segment (spec 3 §2): the start-up sign-in with the one-time `?token=`
 * of the entry (a company's single sign-on lands here, features/sso on the server), then home. The
 * sandbox entry's session is in external-source mode: the server's features hide the tabs and the
 * account area. A missing or refused token is logged and says AUTH_PROBLEM (spec 3 §8).
 * Someone else signed in in this browser is never replaced without asking: "continue as" the
 * entry's user, or cancel and stay who they are (the entry's session is then ended unused).
 */
export function TokenSignIn({ type, token }: { type: 'sso' | 'sandbox'; token: string | undefined }) {
  const navigate = useNavigate();
  const started = useRef(false);
  const { mutateAsync: redeem } = useMutation(authMutations.startupSignIn());
  const [asking, setAsking] = useState<{ entry: StartupEntry; current: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // The token leaves the address bar (and the history) at once.
  const done = () => void navigate({ to: '/', replace: true });
  const signIn = async (entry: StartupEntry) => {
    await startEntrySession(entry);
    // The header offers this company's button to whoever signs in on this device next.
    if (type === 'sso') rememberSsoUsername(entry.user.username);
    done();
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      toast.error(TEXTS.AUTH_PROBLEM);
      done();
      return;
    }
    redeem({ type, token }).then(
      (entry) => {
        const current = currentUser();
        if (current && current.uid !== entry.user.uid) setAsking({ entry, current: fullName(current) });
        else void signIn(entry);
      },
      (error: unknown) => {
        console.error(error);
        toast.error(TEXTS.AUTH_PROBLEM);
        done();
      },
    );
    // Once, with the entry's address as it came.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (asking) {
    const current = asking.current;
    const next = fullName(asking.entry.user);
    return (
      <section className="mx-auto flex min-h-[50vh] max-w-lg flex-col justify-center gap-4 px-4" aria-labelledby="sso-switch-title">
        <h1 id="sso-switch-title" className="text-xl font-semibold text-gray-900">
          <Trans>
            Vous êtes connecté(e) en tant que {current}. Continuer en tant que {next} ?
          </Trans>
        </h1>
        <p className="text-gray-800">
          <Trans>Continuer ferme la session de {current} dans ce navigateur.</Trans>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            busy={busy}
            onClick={() => {
              setBusy(true);
              void signIn(asking.entry);
            }}
          >
            <Trans>Continuer en tant que {next}</Trans>
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void discardEntrySession(asking.entry).then(done);
            }}
          >
            <Trans>Annuler</Trans>
          </Button>
        </div>
      </section>
    );
  }

  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-3" role="status">
      <Spinner size={28} className="text-brand" />
      <h1 className="text-lg text-gray-800">
        <Trans>Connexion en cours…</Trans>
      </h1>
    </div>
  );
}
