import type { ComponentType, KeyboardEvent, ReactNode } from 'react';
import { Suspense, createContext, lazy, useCallback, useContext, useEffect, useId, useMemo, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import X from 'lucide-react/icons/x';
import type { ModalName, OpenModal } from '../lib/modal';
import { closeModal, getModalRegistry } from '../lib/modal';
import { Spinner } from './Spinner';

type Frame = { titleId: string; noClose: boolean; close: () => void; shake: () => void };
const FrameContext = createContext<Frame | null>(null);

/** What a modal's content gets from the host: its title id, close() and the "shake". */
export function useModalFrame(): Frame {
  const frame = useContext(FrameContext);
  if (!frame) throw new Error('useModalFrame() outside the modal host');
  return frame;
}

/** The modal's heading, which names the dialog (aria-labelledby). */
export function ModalTitle({ children }: { children: ReactNode }) {
  const { titleId } = useModalFrame();
  return (
    <h2 id={titleId} className="pr-10 text-xl font-bold text-gray-900">
      {children}
    </h2>
  );
}

type AnyModal = ComponentType<Record<string, unknown>>;
const lazyCache = new Map<ModalName, AnyModal>();
function modalComponent(name: ModalName): AnyModal {
  let component = lazyCache.get(name);
  if (!component) {
    component = lazy(getModalRegistry()[name].load as () => Promise<{ default: AnyModal }>);
    lazyCache.set(name, component);
  }
  return component;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open modal's dialog: labelled by its title, traps focus, closes on overlay / icon / Escape unless noClose. */
export default function Dialog({ modal }: { modal: OpenModal }) {
  const { t } = useLingui();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const noClose = Boolean(modal.options.noClose);
  const Content = modalComponent(modal.name);
  const wide = getModalRegistry()[modal.name].wide;

  const shake = useCallback(() => {
    const el = panel.current;
    if (!el) return;
    el.classList.remove('shake');
    void el.offsetWidth; // restart the animation
    el.classList.add('shake');
  }, []);
  const frame = useMemo<Frame>(() => ({ titleId, noClose, close: closeModal, shake }), [titleId, noClose, shake]);

  useEffect(() => {
    // The content focuses its first field itself (autoFocus); until it has loaded, the dialog holds focus.
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus();
  }, []);

  const dismiss = useCallback(() => {
    if (!noClose) closeModal();
  }, [noClose]);

  // Escape works wherever focus is: a submit button that turns disabled while busy drops focus to <body>.
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [dismiss]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert'));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || active === panel.current)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="fixed inset-0 z-40 flex items-end justify-center overflow-y-auto bg-gray-900/60 p-0 sm:items-center sm:p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) dismiss();
      }}
      data-testid="modal-overlay"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onAnimationEnd={() => panel.current?.classList.remove('shake')}
        className={`relative max-h-full w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:rounded-2xl ${wide ? 'sm:max-w-2xl' : 'sm:max-w-md'}`}
      >
        {!noClose && (
          <button
            type="button"
            onClick={closeModal}
            aria-label={t`Fermer`}
            className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-gray-900"
          >
            <X aria-hidden="true" size={22} />
          </button>
        )}
        <FrameContext.Provider value={frame}>
          <Suspense
            fallback={
              <div className="flex min-h-32 items-center justify-center" role="status">
                <Spinner size={28} />
                <h2 id={titleId} className="sr-only">{t`Chargement…`}</h2>
              </div>
            }
          >
            <Content {...modal.props} />
          </Suspense>
        </FrameContext.Provider>
      </div>
    </div>
  );
}
