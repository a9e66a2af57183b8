import { useState } from 'react';
import { CONVERT_TARGETS, type ConvertTarget } from '../../core/convert';
import { useStore } from '../../store/store';
import type { TranscriptView } from '../../protocol/workerApi';
import { MenuButton, MenuItem, useHeaderMenu } from '../components/HeaderMenu';
import { copyMarkdown, type MarkdownCopy } from './copyMarkdown';
import { downloadText } from './download';
import { ExportNotice, type ExportOutcome } from './ExportNotice';
import { MarkdownNotice } from './MarkdownNotice';

/**
 * Export ▾: *Copy as Markdown* (the run, its findings and verdicts, for an issue or a chat), or the history on
 * screen converted to another format and downloaded, then what did not fit.
 */
export function ExportMenu() {
  const exportAs = useStore((s) => s.exportAs);
  const view = useStore((s) => s.view);
  const { rootRef, ...menu } = useHeaderMenu();
  const [busy, setBusy] = useState(false);
  // Kept with the history it is about: loading another one puts the notice away.
  const [outcome, setOutcome] = useState<{ view: TranscriptView; outcome: ExportOutcome } | null>(null);
  const [copied, setCopied] = useState<{ view: TranscriptView; copy: MarkdownCopy } | null>(null);

  const choose = async (target: ConvertTarget, label: string): Promise<void> => {
    if (!view) return;
    menu.setOpen(false);
    setBusy(true);
    setOutcome(null);
    try {
      const { text, lost, fileName } = await exportAs(target);
      downloadText(text, fileName);
      setOutcome({ view, outcome: { kind: 'done', label, fileName, lost } });
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

  return (
    <div className="export" ref={rootRef}>
      <MenuButton {...menu} data-testid="export" disabled={!view || busy} title="Download this history in another format">
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
          {CONVERT_TARGETS.map(({ target, label }) => (
            <MenuItem
              key={target}
              data-testid="export-target"
              data-target={target}
              label={label}
              detail={target}
              detailClassName="export-target-name"
              onClick={() => void choose(target, label)}
            />
          ))}
        </div>
      )}
      {outcome && outcome.view === view && <ExportNotice outcome={outcome.outcome} onClose={() => setOutcome(null)} />}
      {copied && copied.view === view && (
        <MarkdownNotice what="the run" copy={copied.copy} onCopyWithSecrets={() => void copy(true)} onClose={() => setCopied(null)} />
      )}
    </div>
  );
}
