import { useMemo, useState } from 'react';
import { CONVERT_TARGETS, type ConvertTarget } from '../../core/convert';
import { visibleRows } from '../../store/filter';
import { useStore } from '../../store/store';
import type { TranscriptView } from '../../protocol/workerApi';
import { formatCount } from '../text/format';
import { MenuButton, MenuItem, useHeaderMenu } from '../components/HeaderMenu';
import { copyConversion } from './copyConversion';
import { copyMarkdown, type MarkdownCopy } from './copyMarkdown';
import { downloadText } from './download';
import { ExportNotice, type ExportOutcome, type Shown } from './ExportNotice';
import { MarkdownNotice } from './MarkdownNotice';

/** The report has its own copy, *Copy as Markdown*, bounded for a comment and with secrets replaced. */
const copies = (target: ConvertTarget): boolean => target !== 'markdown';

/**
 * Export ▾: *Copy as Markdown* (the run, its findings and verdicts, for an issue or a chat), or the history on screen
 * converted to another format, downloaded or copied, then what did not fit. When a search or a role filter hides
 * messages, *Only the N messages shown* exports the timeline's rows alone (store/filter's visibleRows, as the
 * timeline draws them).
 */
export function ExportMenu() {
  const exportAs = useStore((s) => s.exportAs);
  const view = useStore((s) => s.view);
  const hiddenRoles = useStore((s) => s.hiddenRoles);
  const searchHits = useStore((s) => s.searchHits);
  const { rootRef, ...menu } = useHeaderMenu();
  const [busy, setBusy] = useState(false);
  const [onlyShown, setOnlyShown] = useState(false);
  // Kept with the history it is about: loading another one puts the notice away.
  const [outcome, setOutcome] = useState<{ view: TranscriptView; outcome: ExportOutcome } | null>(null);
  const [copied, setCopied] = useState<{ view: TranscriptView; copy: MarkdownCopy } | null>(null);

  const rows = useMemo(() => (view ? visibleRows(view, hiddenRoles, searchHits) : new Int32Array(0)), [view, hiddenRoles, searchHits]);
  const filtered = view !== null && rows.length < view.count;

  /** What to export: the rows shown when asked for and a filter hides some, else everything. */
  const selection = (): { only?: Int32Array; shown?: Shown } =>
    view && filtered && onlyShown ? { only: rows, shown: { count: rows.length, total: view.count } } : {};

  const run = async (target: ConvertTarget, label: string, how: 'download' | 'copy'): Promise<void> => {
    if (!view) return;
    menu.setOpen(false);
    setBusy(true);
    setOutcome(null);
    const { only, shown } = selection();
    try {
      // Asked in the click's task, so that the clipboard write can leave in it too (copyConversion).
      const conversion = exportAs(target, only);
      if (how === 'copy') {
        const copy = await copyConversion(conversion.then((c) => c.text));
        const { text, lost, fileName } = await conversion;
        setOutcome({ view, outcome: { kind: 'copy', label, copy, text, fileName, lost, ...(shown && { shown }) } });
      } else {
        const { text, lost, fileName } = await conversion;
        downloadText(text, fileName);
        setOutcome({ view, outcome: { kind: 'done', label, fileName, lost, ...(shown && { shown }) } });
      }
    } catch (error) {
      setOutcome({ view, outcome: { kind: 'failed', label, message: error instanceof Error ? error.message : String(error) } });
    } finally {
      setBusy(false);
    }
  };

  const copy = async (keepSecrets = false): Promise<void> => {
    if (!view) return;
    menu.setOpen(false);
    setBusy(true);
    setOutcome(null);
    try {
      setCopied({ view, copy: await copyMarkdown(undefined, keepSecrets) });
    } finally {
      setBusy(false);
    }
  };

  const shownOutcome = outcome && outcome.view === view ? outcome.outcome : null;
  return (
    <div className="export" ref={rootRef}>
      <MenuButton {...menu} data-testid="export" disabled={!view || busy} title="Download or copy this history in another format">
        {busy ? 'Exporting…' : 'Export'}
      </MenuButton>
      {menu.open && (
        <div className="export-menu" role="menu" aria-label="Export as">
          <MenuItem
            data-testid="copy-markdown"
            label="Copy as Markdown"
            detail="The run with its findings and verdicts, for an issue or a chat"
            autoFocus
            onClick={() => void copy()}
          />
          <hr className="export-menu-separator" />
          {filtered && (
            <label className="export-only-shown">
              <input type="checkbox" data-testid="export-only-shown" checked={onlyShown} onChange={(event) => setOnlyShown(event.target.checked)} />
              Only the {formatCount(rows.length)} {rows.length === 1 ? 'message' : 'messages'} shown
            </label>
          )}
          {CONVERT_TARGETS.map(({ target, label }) => (
            <div key={target} className="export-row">
              <MenuItem
                data-testid="export-target"
                data-target={target}
                label={label}
                detail={target}
                detailClassName="export-target-name"
                onClick={() => void run(target, label, 'download')}
              />
              {copies(target) && (
                <button
                  type="button"
                  role="menuitem"
                  className="export-copy"
                  data-testid="export-copy"
                  data-target={target}
                  title={`Copy the ${label} to the clipboard`}
                  onClick={() => void run(target, label, 'copy')}
                >
                  Copy
                </button>
              )}
            </div>
          ))}
        </div>
      )}
      {shownOutcome && (
        <ExportNotice
          outcome={shownOutcome}
          onDownload={() => {
            if (shownOutcome.kind === 'copy') downloadText(shownOutcome.text, shownOutcome.fileName);
          }}
          onClose={() => setOutcome(null)}
        />
      )}
      {copied && copied.view === view && (
        <MarkdownNotice what="the run" copy={copied.copy} onCopyWithSecrets={() => void copy(true)} onClose={() => setCopied(null)} />
      )}
    </div>
  );
}
