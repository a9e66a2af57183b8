import { useState } from 'react';
import { copyText } from '../share/clipboard';

/** How long *Copied* shows before the label comes back. */
const SAID_MS = 1500;

/**
 * *Copy*: puts `text()` on the clipboard (built on click: a big tree's JSON is made only when asked) and says whether it
 * worked. No effect of its own: a long Markdown text has one a code block, and each effect costs its commit.
 */
export function CopyButton({ text, label = 'Copy', testId = 'copy' }: { text: () => string; label?: string; testId?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="link-button copy-button"
      data-testid={testId}
      data-state={state}
      onClick={(event) => {
        // Inside a summary or a clickable row: the copy is all the click does.
        event.stopPropagation();
        void copyText(text()).then((done) => {
          setState(done ? 'copied' : 'failed');
          // Setting the state of a button gone by then does nothing.
          setTimeout(() => setState('idle'), SAID_MS);
        });
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy refused by the browser' : label}
    </button>
  );
}
