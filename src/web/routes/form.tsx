import { createFileRoute } from '@tanstack/react-router';
import { ActivatedPage } from '../features/auth/ActivatedPage';
import { OnboardingPage } from '../features/auth/OnboardingPage';
import { loadAuthTexts } from '../features/auth/texts';
import { readOnboarding } from '../lib/onboarding';

/** `/form`: where activation lands (spec 3 §2); its first-login onboarding when the activation started one. */
export const Route = createFileRoute('/form')({
  codeSplitGroupings: [['loader', 'component']],
  loader: loadAuthTexts,
  component: FormRoute,
});

function FormRoute() {
  const onboarding = readOnboarding();
  return onboarding ? <OnboardingPage start={onboarding} activated /> : <ActivatedPage />;
}
