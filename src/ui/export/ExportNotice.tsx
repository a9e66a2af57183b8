import { useEffect, useRef } from 'react';
import { formatCount } from '../text/format';
import { BY_HAND_MAX_CHARS, COPY_MAX_CHARS, type ConversionCopy } from './copyConversion';

/** How many of the history's messages went out, when a filter left some out. */
export interface Shown {
  count: number;
  total: number;
}

export type ExportOutcome =
  | { kind: 'done'; label: string; fileName: string; lost: string[]; shown?: Shown }
  | { kind: 'copy'; label: string; copy: ConversionCopy; text: string; fileName: string; lost: string[]; shown?: Shown }
  | { kind: 'failed'; label: string; message: string };

const ofShown = (shown: Shown | undefined): string => (shown === undefined ? '' : ` (${formatCount(shown.count)} of ${formatCount(shown.total)} messages)`);

function headline(outcome: Exclude<ExportOutcome, { kind: 'failed' }>): string {
  const what = `${outcome.label}${ofShown(outcome.shown)}`;
  if (outcome.kind === 'done') return `Saved ${outcome.fileName}${ofShown(outcome.shown)}`;
  const { copy } = outcome;
  if (copy.kind === 'copied') return `Copied the ${what}: ${formatCount(copy.chars)} characters`;
  if (copy.kind === 'too-big') return `The ${what} is too long to copy: ${formatCount(copy.chars)} characters`;
  return `The ${what}`;
}

/**
 * After an export: what was copied (or why it was not, with the download instead), what the target could not
 * express, or why the export failed. A clean download needs no word (the browser shows it), so nothing is shown for it.
 */
export function ExportNotice({ outcome, onDownload, onClose }: { outcome: ExportOutcome; onDownload: () => void; onClose: () => void }) {
  const byHand = useRef<HTMLTextAreaElement>(null);
  useEffect(() => byHand.current?.select(), [outcome]);
  if (outcome.kind === 'done' && outcome.lost.length === 0) return null;
  if (outcome.kind === 'failed') {
    return (
      <div className="export-notice failed" role="alert" data-testid="export-error">
        <Head text={`Export to ${outcome.label} failed`} onClose={onClose} />
        <p>{outcome.message}</p>
      </div>
    );
  }
  const copy = outcome.kind === 'copy' ? outcome.copy : undefined;
  return (
    <div
      className={`export-notice${copy?.kind === 'too-big' ? ' failed' : ''}`}
      role="status"
      data-testid={copy ? 'export-copy-notice' : 'export-lost'}
      {...(copy && { 'data-state': copy.kind, 'data-chars': copy.chars })}
    >
      <Head text={headline(outcome)} onClose={onClose} />
      {copy?.kind === 'too-big' && (
        <p>
          Past {formatCount(COPY_MAX_CHARS)} characters the clipboard is no place for it.{' '}
          <DownloadInstead fileName={outcome.fileName} onDownload={onDownload} />
        </p>
      )}
      {copy?.kind === 'refused' && outcome.kind === 'copy' && (
        <>
          <p>
            The browser did not let msgscope use the clipboard{copy.chars <= BY_HAND_MAX_CHARS ? ': copy the text below, or' : ':'}{' '}
            <DownloadInstead fileName={outcome.fileName} onDownload={onDownload} />
          </p>
          {copy.chars <= BY_HAND_MAX_CHARS && (
            <textarea ref={byHand} className="markdown-text" data-testid="export-copy-text" readOnly value={outcome.text} rows={8} spellCheck={false} />
          )}
        </>
      )}
      {outcome.lost.length > 0 && (
        <>
          <p>The {outcome.label} cannot express:</p>
          <ul className="export-lost-list">
            {outcome.lost.map((line) => (
              <li key={line} data-testid="export-lost-item">
                {line}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Head({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <div className="export-notice-head">
      <strong>{text}</strong>
      <button type="button" className="link-button" data-testid="export-notice-close" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function DownloadInstead({ fileName, onDownload }: { fileName: string; onDownload: () => void }) {
  return (
    <button type="button" className="link-button" data-testid="export-copy-download" onClick={onDownload}>
      download {fileName}
    </button>
  );
}
