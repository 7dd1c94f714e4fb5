import type { ModalRegistry } from './lib/modal';
import { loadAccountTexts } from './features/account/texts';
import { loadApprovalsTexts } from './features/approvals/texts';
import { loadCancellationTexts } from './features/cancellation/texts';
import { loadCalendarTexts } from './features/calendar/texts';
import { loadCartTexts } from './features/cart/texts';
import { loadCheckoutTexts } from './features/checkout/texts';
import { loadPrivacyTexts } from './features/privacy/texts';

const withAccountTexts = <M>(component: Promise<M>) => Promise.all([component, loadAccountTexts()]).then(([m]) => m);

/** Every modal the host can open by name, each loaded on first use. */
export const modalRegistry: ModalRegistry = {
  Login: { load: () => withAccountTexts(import('./features/account/LoginModal')) },
  Signup: { load: () => withAccountTexts(import('./features/account/SignupModal')), wide: true },
  ResetPassword: { load: () => withAccountTexts(import('./features/account/ResetPasswordModal')) },
  NewPasswordWithToken: { load: () => withAccountTexts(import('./features/account/NewPasswordWithTokenModal')) },
  AskTokenRenewal: { load: () => withAccountTexts(import('./features/account/AskTokenRenewalModal')) },
  AccountMigrationError: { load: () => withAccountTexts(import('./features/account/AccountMigrationErrorModal')) },
  Information: { load: () => import('./components/InformationModal') },
  Confirm: { load: () => import('./components/ConfirmModal') },
  FareConditions: { load: () => import('./features/trip/results/FareConditionsModal') },
  PlacementWishes: { load: () => import('./features/trip/results/PlacementWishesModal') },
  Approvers: { load: () => Promise.all([import('./features/checkout/ApproverModal'), loadCheckoutTexts()]).then(([m]) => m) },
  DenyApproval: { load: () => Promise.all([import('./features/approvals/DenyModal'), loadApprovalsTexts()]).then(([m]) => m) },
  EscalateApproval: { load: () => Promise.all([import('./features/approvals/EscalateModal'), loadApprovalsTexts()]).then(([m]) => m) },
  CancelProducts: { load: () => Promise.all([import('./features/cancellation/CancelProductsModal'), loadCancellationTexts()]).then(([m]) => m) },
  Recap: { load: () => Promise.all([import('./features/cart/RecapModal'), loadCartTexts()]).then(([m]) => m) },
  CalendarSubscription: { load: () => Promise.all([import('./features/calendar/CalendarSubscriptionModal'), loadCalendarTexts()]).then(([m]) => m), wide: true },
  DeleteAccount: { load: () => Promise.all([import('./features/privacy/DeleteAccountModal'), loadPrivacyTexts()]).then(([m]) => m) },
};
