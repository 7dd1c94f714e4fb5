import type { ModalRegistry } from './lib/modal';
import { loadAuthTexts } from './features/auth/texts';
import { loadApprovalsTexts } from './features/approvals/texts';
import { loadCancellationTexts } from './features/cancellation/texts';
import { loadCalendarTexts } from './features/calendar/texts';
import { loadCartTexts } from './features/cart/texts';
import { loadCheckoutTexts } from './features/checkout/texts';
import { loadPrivacyTexts } from './features/privacy/texts';

const withAuthTexts = <M>(component: Promise<M>) => Promise.all([component, loadAuthTexts()]).then(([m]) => m);

/** Every modal the host can open by name, each loaded on first use. */
export const modalRegistry: ModalRegistry = {
  Login: { load: () => withAuthTexts(import('./features/auth/LoginModal')) },
  Signup: { load: () => withAuthTexts(import('./features/auth/SignupModal')), wide: true },
  ResetPassword: { load: () => withAuthTexts(import('./features/auth/ResetPasswordModal')) },
  NewPasswordWithToken: { load: () => withAuthTexts(import('./features/auth/NewPasswordWithTokenModal')) },
  AskTokenRenewal: { load: () => withAuthTexts(import('./features/auth/AskTokenRenewalModal')) },
  AccountMigrationError: { load: () => withAuthTexts(import('./features/auth/AccountMigrationErrorModal')) },
  Information: { load: () => import('./components/InformationModal') },
  Confirm: { load: () => import('./components/ConfirmModal') },
  FareConditions: { load: () => import('./features/trip/results/FareConditionsModal') },
  PlacementWishes: { load: () => import('./features/trip/results/PlacementWishesModal') },
  Approvers: { load: () => Promise.all([import('./features/checkout/ApproverModal'), loadCheckoutTexts()]).then(([m]) => m) },
  DenyApproval: { load: () => Promise.all([import('./features/approvals/DenyModal'), loadApprovalsTexts()]).then(([m]) => m) },
  EscalateApproval: { load: () => Promise.all([import('./features/approvals/EscalateModal'), loadApprovalsTexts()]).then(([m]) => m) },
  CancelProducts: { load: () => Promise.all([import('./features/cancellation/CancelProductsModal'), loadCancellationTexts()]).then(([m]) => m) },
  Recap: { load: () => Promise.all([import('./features/cart/RecapModal'), loadCartTexts()]).then(([m]) => m) },
  CalendarSubscription: {
    load: () => Promise.all([import('./features/calendar/CalendarSubscriptionModal'), loadCalendarTexts()]).then(([m]) => m),
    wide: true,
  },
  DeleteAccount: { load: () => Promise.all([import('./features/privacy/DeleteAccountModal'), loadPrivacyTexts()]).then(([m]) => m) },
};
