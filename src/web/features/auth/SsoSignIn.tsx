import { FormAlert } from '@web/components/Field';
import { SsoSignInButton } from '@web/components/SsoSignInButton';
import type { SsoRefusalInfo } from './sso-refusal';

/** A refusal that sends the person to their company's sign-in: the server's words, then the button. */
export function SsoRefusal({ refusal }: { refusal: SsoRefusalInfo }) {
  return (
    <div className="flex flex-col gap-3">
      <FormAlert>{refusal.message}</FormAlert>
      <SsoSignInButton redirectURL={refusal.redirectURL} className="self-start" />
    </div>
  );
}
