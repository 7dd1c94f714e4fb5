import { optionalTexts } from '@web/lib/search-params';
import { OnboardingDeletePage } from './OnboardingDeletePage';
import { OnboardingLinkBroken, OnboardingPage } from './OnboardingPage';

/**
 * The e-mailed onboarding routes (spec 3 §2), their params checked here rather than in the route tree
 * (which every first visit loads): `/user/onboarding?token=&username=&firstname=&lastname=&email=&sso=`
 * and `/user/onboarding/delete?token=&username=`.
 */
const TEXT = { max: 512, coerce: true };

export function OnboardingRoute({ search }: { search: Record<string, unknown> }) {
  const {
    token,
    username,
    firstname = '',
    lastname = '',
    email = '',
  } = optionalTexts(search, { token: TEXT, username: TEXT, firstname: TEXT, lastname: TEXT, email: TEXT });
  const sso = search.sso === true || search.sso === 1 || search.sso === '1' || search.sso === 'true';
  if (!token || !username) return <OnboardingLinkBroken />;
  return <OnboardingPage start={{ token, username, firstname, lastname, email, sso }} />;
}

export function OnboardingDeleteRoute({ search }: { search: Record<string, unknown> }) {
  const { token, username } = optionalTexts(search, { token: TEXT, username: TEXT });
  return <OnboardingDeletePage token={token} username={username} />;
}
