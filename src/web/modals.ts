import type { ModalRegistry } from './lib/modal';

/** Every modal the host can open by name, each loaded on first use. */
export const modalRegistry: ModalRegistry = {
  Login: { load: () => import('./features/account/LoginModal') },
  Signup: { load: () => import('./features/account/SignupModal'), wide: true },
  ResetPassword: { load: () => import('./features/account/ResetPasswordModal') },
  NewPasswordWithToken: { load: () => import('./features/account/NewPasswordWithTokenModal') },
  AskTokenRenewal: { load: () => import('./features/account/AskTokenRenewalModal') },
  AccountMigrationError: { load: () => import('./features/account/AccountMigrationErrorModal') },
  Information: { load: () => import('./components/InformationModal') },
  Confirm: { load: () => import('./components/ConfirmModal') },
  FareConditions: { load: () => import('./features/trip/results/FareConditionsModal') },
};
