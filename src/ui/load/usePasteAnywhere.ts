import { useEffect } from 'react';
import { useStore } from '../../store/store';
import { isTyping } from '../keyboard/keyTarget';

/**
 * Whether pasted `text` is something to look for rather than a history: one line that neither starts an object or a
 * list nor holds a `{` (an id, a tool name, a word, a sentence, `error [timeout]`). Every format msgscope reads in one line starts an object or
 * a list (JSON, a JSON Lines entry, an SSE `data:` line's JSON, LangChain's Python repr `[HumanMessage(…)]`) or is a
 * Python call (`HumanMessage(content='hi')`); the text formats that are neither (LangChain's `pretty_print`) take
 * several lines. Text of several lines is read as a history, whatever it is: its error then says why it is none.
 */
export function isSearchText(text: string): boolean {
  const line = text.trim();
  if (line === '' || /[\r\n]/.test(line)) return false;
  return !/^[[{]/.test(line) && !line.includes('{') && !/^[a-z_]\w*\(/i.test(line);
}

/**
 * Ctrl/Cmd+V anywhere on the page loads the clipboard, unless the user is typing in a field. With a history on
 * screen, a line to look for (isSearchText) goes into the search instead: a stray paste of an id does not replace
 * the history, nor say that an id is no history.
 */
export function usePasteAnywhere(): void {
  const loadInput = useStore((s) => s.loadInput);
  useEffect(() => {
    const onPaste = (event: ClipboardEvent): void => {
      if (isTyping(event.target) || !event.clipboardData) return;
      const file = event.clipboardData.files[0];
      const text = event.clipboardData.getData('text/plain');
      if (file && !text) {
        event.preventDefault();
        void loadInput(file, file.name);
      } else if (useStore.getState().view && isSearchText(text)) {
        event.preventDefault();
        searchFor(text.trim());
      } else if (text.trim()) {
        event.preventDefault();
        void loadInput(text, 'paste');
      }
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [loadInput]);
}

/** Puts `text` in the search, on a view that has the search box (the Tools and Tokens views have none), and shows it. */
function searchFor(text: string): void {
  const { mainView, setMainView, setSearch } = useStore.getState();
  if (mainView !== 'timeline' && mainView !== 'table') setMainView('timeline');
  setSearch(text);
  requestAnimationFrame(() => document.querySelector<HTMLInputElement>('[data-testid=search], [data-testid=table-filter]')?.focus());
}
