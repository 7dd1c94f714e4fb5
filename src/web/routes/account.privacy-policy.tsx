import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../features/privacy/PrivacyPolicyPage';
import { privacyPolicyQuery } from '../features/privacy/api';
import { loadPrivacyTexts } from '../features/privacy/texts';

/** `/account/privacy-policy` (spec 3 §2, §9): the agency's privacy policy, through the user's link. */
export const Route = createFileRoute('/account/privacy-policy')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => {
    const link = context.user()?.links.privacyPolicy;
    if (link) void context.queryClient.prefetchQuery(privacyPolicyQuery(link));
    return loadPrivacyTexts();
  },
  component: PrivacyPolicyPage,
});
