import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type * as Sonner from 'sonner';
import { create } from 'zustand';
import { TEXTS } from './messages';
import type { Text } from './messages';

export type ToastKind = 'success' | 'warning' | 'error' | 'info';

export type ToastOptions = {
  /** Milliseconds before it goes; null keeps it until dismissed. */
  duration?: number | null;
  /** Error details copied to the clipboard when the toast is clicked. */
  copy?: string;
  action?: { label: Text; run: () => void };
};

/** Spec 3 §9: API error toasts last 15 s, the session-expiry warning 5 s. */
export const ERROR_TOAST_MS = 15_000;
export const SESSION_TOAST_MS = 5_000;
const DEFAULT_MS: Record<ToastKind, number> = { success: 5_000, info: 5_000, warning: ERROR_TOAST_MS, error: ERROR_TOAST_MS };

const KIND_LABEL: Record<ToastKind, MessageDescriptor> = {
  success: msg`Succès :`,
  info: msg`Information :`,
  warning: msg`Avertissement :`,
  error: msg`Erreur :`,
};

/** Whether a toast was ever asked for: the toaster (sonner) is loaded then, not with the first screen. */
export const useToasterWanted = create<{ wanted: boolean }>(() => ({ wanted: false }));

let sonner: Promise<typeof Sonner> | null = null;
const loadSonner = () => (sonner ??= import('sonner'));

const textKey = (text: Text) => (typeof text === 'string' ? text : `${text.id}`);

function ToastText({ kind, text, copy }: { kind: ToastKind; text: Text; copy?: string }) {
  const { i18n } = useLingui();
  const body = (
    <>
      <span className="sr-only">{i18n._(KIND_LABEL[kind])} </span>
      {typeof text === 'string' ? text : i18n._(text)}
    </>
  );
  if (!copy) return <p>{body}</p>;
  const copyDetails = async () => {
    try {
      await navigator.clipboard.writeText(copy);
      toast.info(TEXTS.INFOS_COPIED);
    } catch {
      // No clipboard here: nothing more to offer.
    }
  };
  return (
    <button type="button" className="text-left" onClick={() => void copyDetails()} title={i18n._(TEXTS.COPY_HINT)}>
      {body}
      <span className="mt-1 block text-sm underline">{i18n._(TEXTS.COPY_HINT)}</span>
    </button>
  );
}

function ActionLabel({ label }: { label: Text }) {
  const { i18n } = useLingui();
  return <>{typeof label === 'string' ? label : i18n._(label)}</>;
}

/** Shows a toast through sonner; the same message twice in a row is one toast (its id is the message). */
function push(kind: ToastKind, text: Text, options: ToastOptions = {}): string {
  const id = `${kind}:${textKey(text)}`;
  useToasterWanted.setState({ wanted: true });
  const duration = options.duration === undefined ? DEFAULT_MS[kind] : (options.duration ?? Infinity);
  void loadSonner().then(({ toast: show }) =>
    show[kind](<ToastText kind={kind} text={text} copy={options.copy} />, {
      id,
      duration,
      action: options.action ? { label: <ActionLabel label={options.action.label} />, onClick: options.action.run } : undefined,
    }),
  );
  return id;
}

export const toast = {
  success: (text: Text, options?: ToastOptions) => push('success', text, options),
  info: (text: Text, options?: ToastOptions) => push('info', text, options),
  warning: (text: Text, options?: ToastOptions) => push('warning', text, options),
  error: (text: Text, options?: ToastOptions) => push('error', text, options),
  dismiss: (id: string) => void loadSonner().then(({ toast: sonnerToast }) => sonnerToast.dismiss(id)),
};
