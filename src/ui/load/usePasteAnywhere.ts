import { useEffect } from 'react';
import { useStore } from '../../store/store';

function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || (target instanceof HTMLElement && target.isContentEditable);
}

/** Ctrl/Cmd+V anywhere on the page loads the clipboard, unless the user is typing in a field. */
export function usePasteAnywhere(): void {
  const loadInput = useStore((s) => s.loadInput);
  useEffect(() => {
    const onPaste = (event: ClipboardEvent): void => {
      if (isEditable(event.target) || !event.clipboardData) return;
      const file = event.clipboardData.files[0];
      const text = event.clipboardData.getData('text/plain');
      if (file && !text) {
        event.preventDefault();
        void loadInput(file, file.name);
      } else if (text.trim()) {
        event.preventDefault();
        void loadInput(text, 'paste');
      }
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [loadInput]);
}
