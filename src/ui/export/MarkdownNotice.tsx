import { useEffect, useRef } from 'react';
import { formatCount } from '../text/format';
import type { MarkdownCopy } from './copyMarkdown';

/** Where a pasted text is cut or refused: a GitHub comment or issue body, a Slack message. */
const PASTE_LIMITS = [
  { chars: 65_536, where: 'a GitHub comment' },
  { chars: 40_000, where: 'a Slack message' },
] as const;

/**
 * After *Copy as Markdown*: how much was copied and where it is too long to paste, the secrets replaced (and a way
 * to copy with them), or, when the browser refused the clipboard, the text to copy by hand.
 */
export function MarkdownNotice({
  what,
  copy,
  onCopyWithSecrets,
  onClose,
}: {
  what: string;
  copy: MarkdownCopy;
  onCopyWithSecrets: () => void;
  onClose: () => void;
}) {
  const text = useRef<HTMLTextAreaElement>(null);
  useEffect(() => text.current?.select(), [copy]);
  const failed = copy.kind === 'failed';
  const tooLong = copy.kind === 'copied' ? PASTE_LIMITS.filter((limit) => copy.chars > limit.chars) : [];
  return (
    <div
      className={`export-notice markdown-notice${failed ? ' failed' : ''}`}
      role={failed ? 'alert' : 'status'}
      data-testid="markdown-notice"
      data-state={copy.kind}
      {...(copy.kind === 'copied' && { 'data-chars': copy.chars })}
      {...(copy.kind !== 'failed' && { 'data-redacted': copy.redacted })}
    >
      <div className="export-notice-head">
        <strong>
          {copy.kind === 'copied'
            ? `Copied ${what} as Markdown (${formatCount(copy.chars)} characters)`
            : copy.kind === 'refused'
              ? `${what} as Markdown`
              : `Could not copy ${what} as Markdown`}
        </strong>
        <button type="button" className="link-button" data-testid="markdown-notice-close" onClick={onClose}>
          Close
        </button>
      </div>
      {copy.kind === 'failed' && <p>{copy.message}</p>}
      {copy.kind === 'refused' && (
        <>
          <p>The browser did not let msgscope use the clipboard: copy the text below.</p>
          <textarea ref={text} className="markdown-text" data-testid="markdown-text" readOnly value={copy.text} rows={8} spellCheck={false} />
        </>
      )}
      {tooLong.length > 0 && (
        <p>Longer than {tooLong.map((limit) => `${limit.where} holds (${formatCount(limit.chars)})`).join(' or ')}: pasted there, it is cut or refused.</p>
      )}
      {copy.kind !== 'failed' && copy.redacted > 0 && (
        <p>
          {copy.redacted === 1 ? 'A possible secret was' : `${formatCount(copy.redacted)} possible secrets were`} replaced by [REDACTED:…].{' '}
          <button type="button" className="link-button" data-testid="markdown-copy-with-secrets" onClick={onCopyWithSecrets}>
            Copy with the secrets
          </button>
        </p>
      )}
    </div>
  );
}
