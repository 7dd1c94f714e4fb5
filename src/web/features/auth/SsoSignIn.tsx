import { Trans } from '@lingui/react/macro';
import Building2 from 'lucide-react/icons/building-2';
import { buttonClass } from '@web/components/Button';
import { FormAlert } from '@web/components/Field';
import type { SsoRefusalInfo } from './sso-refusal';

/** The company's single sign-on button: a plain link to its entry (the browser leaves the app for the provider). */
export function SsoSignInButton({ redirectURL, className = '' }: { redirectURL: string; className?: string }) {
  return (
    <a href={redirectURL} className={`${buttonClass.primary} ${className}`}>
      <Building2 aria-hidden="true" size={20} />
      <Trans>Connexion avec votre entreprise</Trans>
    </a>
  );
}

/** A refusal that sends the person to their company's sign-in: the server's words, then the button. */
export function SsoRefusal({ refusal }: { refusal: SsoRefusalInfo }) {
  return (
    <div className="flex flex-col gap-3">
      <FormAlert>{refusal.message}</FormAlert>
      <SsoSignInButton redirectURL={refusal.redirectURL} className="self-start" />
    </div>
  );
}
