import type { ComponentType } from 'react';
import type { Approval } from '@contract/approvals';
import type { Link } from '@contract/link';
import type { Travel } from '@contract/travel';
import type { PlacementOption } from '@contract/trip';
import { create } from 'zustand';
import type { Text } from './messages';

/** The props each modal of the host takes (spec 3 §2 "Modal host"); later features add theirs. */
export type ModalProps = {
  Login: { username?: string };
  Signup: Record<string, never>;
  ResetPassword: { username?: string };
  NewPasswordWithToken: { token: string };
  AskTokenRenewal: { token: string; message: string; apiCode?: number | null };
  Information: { title?: Text; message: Text };
  Confirm: { title?: Text; message: Text; confirmLabel?: Text; onConfirm: () => void | Promise<void> };
  AccountMigrationError: Record<string, never>;
  FareConditions: { link: Link; offerName: string };
  /** Seat wishes: placement name → chosen value, only where it differs from the first option ("no preference"). */
  PlacementWishes: { placement: PlacementOption[]; wishes: Record<string, string>; onConfirm: (wishes: Record<string, string>) => void };
  /** The per-person recap documents of a booked travel (spec 2 §2). */
  Recap: { recaps: { paxName: string; link: string }[] };
  /** Checkout approver choice: `link` is the travel's getAvailableApprovers, `version` the travel's (If-Match). */
  Approvers: { link: Link; travel: Pick<Travel, 'id' | 'version'>; onReload: () => void };
  /** Refuse an approval request with its reason (the request's `deny` link); `onDenied` once it is refused. */
  DenyApproval: { approval: Approval; link: Link; onDenied: () => void };
  /** Pass an approval request on (its `escalate` link) to one of its `escalateTo`; `onEscalated` once it is. */
  EscalateApproval: { approval: Approval; link: Link; onEscalated: () => void };
  /** Cancel one product or several (spec 2 §4): each one's refund preview, then one cancel through the first's cancelProduct link; `onDone` once done. */
  CancelProducts: { products: { id: string; name: string; links: { previewRefund?: Link; cancelProduct?: Link } }[]; onDone?: () => void };
  /** The user's private calendar feed: its address shown when made, copied, renewed or ended. */
  CalendarSubscription: Record<string, never>;
  /** Delete the account (features/privacy): the user's `deleteAccount` link, followed with the password. */
  DeleteAccount: { link: Link };
};
export type ModalName = keyof ModalProps;

export type ModalOptions = {
  /** Overlay click, the close icon and Escape do nothing: the modal closes itself. */
  noClose?: boolean;
};

export type OpenModal = { [N in ModalName]: { name: N; props: ModalProps[N]; options: ModalOptions } }[ModalName];

type ModalState = {
  current: OpenModal | null;
  /** What had focus before the first modal opened: it gets focus back when the last one closes. */
  opener: HTMLElement | null;
};
export const useModal = create<ModalState>(() => ({ current: null, opener: null }));

type PropsArg<N extends ModalName> =
  Record<string, never> extends ModalProps[N] ? [props?: ModalProps[N], options?: ModalOptions] : [props: ModalProps[N], options?: ModalOptions];

/** Opens a modal by name, replacing the one open (if any). */
export function openModal<N extends ModalName>(name: N, ...[props, options]: PropsArg<N>) {
  const { current, opener } = useModal.getState();
  useModal.setState({
    current: { name, props: props ?? {}, options: options ?? {} } as OpenModal,
    opener: current ? opener : (document.activeElement as HTMLElement | null),
  });
}

/** Where focus goes when the modal closes, instead of its opener (e.g. the opener was a deleted row's button). */
export function returnFocusTo(element: HTMLElement | null) {
  if (element) useModal.setState({ opener: element });
}

export function closeModal() {
  useModal.setState({ current: null });
}

/** Each modal's code, loaded on first use (keeps them out of the first page's JavaScript). */
export type ModalRegistry = {
  [N in ModalName]: { load: () => Promise<{ default: ComponentType<ModalProps[N]> }>; wide?: boolean };
};

let loadRegistry: (() => Promise<ModalRegistry>) | null = null;
let loading: Promise<ModalRegistry> | null = null;
let registry: ModalRegistry | null = null;

/** How to load the modals' table: with the first modal, so that its imports are not the first page's JavaScript. */
export function registerModals(load: () => Promise<ModalRegistry>) {
  loadRegistry = load;
}

export function loadModalRegistry(): Promise<ModalRegistry> {
  if (!loadRegistry) return Promise.reject(new Error('registerModals() was not called'));
  loading ??= loadRegistry().then((loaded) => (registry = loaded));
  return loading;
}

/** The table once loaded (the dialog frame loads it before it renders: components/ModalHost). */
export function getModalRegistry(): ModalRegistry {
  if (!registry) throw new Error('the modal registry is not loaded yet');
  return registry;
}

/** Starts loading a modal's code early (e.g. when the pointer reaches the button that opens it). */
export function preloadModal(name: ModalName) {
  loadModalRegistry()
    .then((modals): Promise<unknown> => modals[name].load())
    .catch(() => undefined);
}
