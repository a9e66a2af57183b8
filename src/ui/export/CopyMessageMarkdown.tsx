import { useState } from 'react';
import { createPortal } from 'react-dom';
import { copyMarkdown, type MarkdownCopy } from './copyMarkdown';
import { MarkdownNotice } from './MarkdownNotice';

/** *Copy as Markdown* in the detail pane: the message with its findings, for an issue or a chat. */
export function CopyMessageMarkdown({ index }: { index: number }) {
  const [copied, setCopied] = useState<{ index: number; copy: MarkdownCopy } | null>(null);
  const [busy, setBusy] = useState(false);
  const copy = async (keepSecrets = false): Promise<void> => {
    setBusy(true);
    try {
      setCopied({ index, copy: await copyMarkdown(index, keepSecrets) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="link-button copy-message-markdown"
        data-testid="copy-message-markdown"
        disabled={busy}
        title="This message and its findings as Markdown, for an issue or a chat"
        onClick={() => void copy()}
      >
        Copy as Markdown
      </button>
      {/* The button sits in the pane's heading; its notice floats over the page, outside it. */}
      {copied?.index === index &&
        createPortal(
          <MarkdownNotice what={`message #${index}`} copy={copied.copy} onCopyWithSecrets={() => void copy(true)} onClose={() => setCopied(null)} />,
          document.body,
        )}
    </>
  );
}
