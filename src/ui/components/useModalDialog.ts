import { useEffect, useRef, type RefObject } from 'react';

/**
 * A native <dialog> shown modal as it mounts (the share dialog, the hand-off prompt): the page behind is inert and
 * Escape closes it, which fires its onClose. `close` closes it the same way from a button.
 */
export function useModalDialog(): { dialog: RefObject<HTMLDialogElement | null>; close: () => void } {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return { dialog, close: () => dialog.current?.close() };
}
