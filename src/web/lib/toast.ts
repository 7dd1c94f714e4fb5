import { create } from 'zustand';
import type { Text } from './messages';

export type ToastKind = 'success' | 'warning' | 'error' | 'info';

export type Toast = {
  id: number;
  kind: ToastKind;
  text: Text;
  /** Milliseconds before it goes; null keeps it until dismissed. */
  duration: number | null;
  /** Error details copied to the clipboard when the toast is clicked. */
  copy?: string;
  action?: { label: Text; run: () => void };
};

export type ToastOptions = Partial<Pick<Toast, 'duration' | 'copy' | 'action'>>;

/** Spec 3 §9: API error toasts last 15 s, the session-expiry warning 5 s. */
export const ERROR_TOAST_MS = 15_000;
export const SESSION_TOAST_MS = 5_000;
const DEFAULT_MS: Record<ToastKind, number> = { success: 5_000, info: 5_000, warning: ERROR_TOAST_MS, error: ERROR_TOAST_MS };

type ToastState = { toasts: Toast[] };
export const useToasts = create<ToastState>(() => ({ toasts: [] }));

let nextId = 1;
const sameText = (a: Text, b: Text) =>
  typeof a === 'string' || typeof b === 'string' ? a === b : a.id === b.id && a.message === b.message;

function push(kind: ToastKind, text: Text, options: ToastOptions = {}): number {
  const existing = useToasts.getState().toasts.find((t) => t.kind === kind && sameText(t.text, text));
  if (existing) return existing.id; // the same message twice in a row says nothing new
  const id = nextId++;
  const toast: Toast = { id, kind, text, duration: DEFAULT_MS[kind], ...options };
  useToasts.setState((s) => ({ toasts: [...s.toasts, toast].slice(-5) }));
  return id;
}

export function dismissToast(id: number) {
  useToasts.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

export const toast = {
  success: (text: Text, options?: ToastOptions) => push('success', text, options),
  info: (text: Text, options?: ToastOptions) => push('info', text, options),
  warning: (text: Text, options?: ToastOptions) => push('warning', text, options),
  error: (text: Text, options?: ToastOptions) => push('error', text, options),
  dismiss: dismissToast,
};
