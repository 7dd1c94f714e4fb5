import { apiCode } from '@contract/api-codes';
import { ApiError } from '@web/lib/http';
import { rememberSsoUsername } from './sso-entry';

export type SsoRefusalInfo = { message: string; redirectURL: string };

/**
 * A refusal that sends the person to their company's sign-in (403, api_code 32, with its entry): its
 * words and the entry; the username (the entry's login hint) is remembered for the header's button.
 */
export function ssoRefusal(error: unknown): SsoRefusalInfo | null {
  if (!(error instanceof ApiError) || error.api_code !== apiCode.ACCOUNT_UNUSABLE_HERE || !error.redirectURL) return null;
  const hint = new URL(error.redirectURL, window.location.origin).searchParams.get('login_hint');
  if (hint) rememberSsoUsername(hint);
  return { message: error.errorMessage, redirectURL: error.redirectURL };
}
