import { Trans } from '@lingui/react/macro';
import Building2 from 'lucide-react/icons/building-2';
import { buttonClass } from './Button';

/**
 * The company's single sign-on button: a plain link to its entry (the browser leaves the app for the
 * provider). Here, with the app's own texts, because the header shows it before any feature's texts load.
 */
export function SsoSignInButton({ redirectURL, className = '' }: { redirectURL: string; className?: string }) {
  return (
    <a href={redirectURL} className={`${buttonClass.primary} ${className}`}>
      <Building2 aria-hidden="true" size={20} />
      <Trans>Connexion avec votre entreprise</Trans>
    </a>
  );
}
