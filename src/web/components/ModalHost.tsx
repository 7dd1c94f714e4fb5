import { Suspense, lazy, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { loadModalRegistry, useModal } from '../lib/modal';

// The dialog frame and the modals' table load with the first modal: no modal code in the first page's JavaScript.
const Dialog = lazy(() => Promise.all([import('./Modal'), loadModalRegistry()]).then(([frame]) => frame));

/**
 * Renders the open modal (lib/modal.ts) in a portal, puts the body in modal-open mode while one is
 * open, and gives focus back to where it was when the last one closes.
 */
export function ModalHost() {
  const current = useModal((s) => s.current);
  const open = current !== null;

  useEffect(() => {
    if (!open) return;
    document.body.classList.add('modal-open');
    return () => {
      document.body.classList.remove('modal-open');
      const { current: next, opener } = useModal.getState();
      if (!next && opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!current) return null;
  return createPortal(
    <Suspense fallback={<div className="fixed inset-0 z-40 bg-gray-900/60" />}>
      <Dialog key={current.name} modal={current} />
    </Suspense>,
    document.body,
  );
}
