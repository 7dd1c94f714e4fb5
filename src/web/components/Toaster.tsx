import { useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import X from 'lucide-react/icons/x';
import { TEXTS } from '../lib/messages';
import type { Toast, ToastKind } from '../lib/toast';
import { dismissToast, toast as notify, useToasts } from '../lib/toast';

const KIND: Record<ToastKind, { label: MessageDescriptor; icon: typeof Info; className: string }> = {
  success: { label: msg`Succès :`, icon: CircleCheck, className: 'border-green-700 bg-green-50 text-green-900' },
  info: { label: msg`Information :`, icon: Info, className: 'border-brand bg-white text-gray-900' },
  warning: { label: msg`Avertissement :`, icon: TriangleAlert, className: 'border-amber-600 bg-amber-50 text-amber-950' },
  error: { label: msg`Erreur :`, icon: CircleAlert, className: 'border-red-700 bg-red-50 text-red-900' },
};

/** The toasts of lib/toast.ts, in a polite live region (bottom of the screen on mobile, top right otherwise). */
export function Toaster() {
  const { t } = useLingui();
  const toasts = useToasts((s) => s.toasts);
  return (
    <section
      aria-label={t`Notifications`}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 sm:inset-x-auto sm:top-20 sm:right-0 sm:bottom-auto"
    >
      <ol aria-live="polite" className="flex w-full max-w-md flex-col gap-2">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { i18n, t } = useLingui();
  const [paused, setPaused] = useState(false);
  const kind = KIND[toast.kind];
  const Icon = kind.icon;
  const text = typeof toast.text === 'string' ? toast.text : i18n._(toast.text);

  // Hovering or focusing a toast holds it (WCAG 2.2.1: enough time to read it).
  useEffect(() => {
    if (toast.duration === null || paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, paused]);

  const copy = async () => {
    if (!toast.copy) return;
    try {
      await navigator.clipboard.writeText(toast.copy);
      notify.info(TEXTS.INFOS_COPIED);
    } catch {
      // No clipboard here: nothing more to offer.
    }
  };

  const body = (
    <>
      <span className="sr-only">{i18n._(kind.label)} </span>
      {text}
    </>
  );

  return (
    <li
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${kind.className}`}
      data-kind={toast.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon aria-hidden="true" size={22} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        {toast.copy ? (
          <button type="button" className="text-left" onClick={() => void copy()} title={i18n._(TEXTS.COPY_HINT)}>
            {body}
            <span className="mt-1 block text-sm underline">{i18n._(TEXTS.COPY_HINT)}</span>
          </button>
        ) : (
          <p>{body}</p>
        )}
        {toast.action && (
          <button
            type="button"
            className="mt-2 inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong"
            onClick={() => {
              toast.action?.run();
              dismissToast(toast.id);
            }}
          >
            {typeof toast.action.label === 'string' ? toast.action.label : i18n._(toast.action.label)}
          </button>
        )}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label={t`Fermer la notification`}
        className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
      >
        <X aria-hidden="true" size={18} />
      </button>
    </li>
  );
}
