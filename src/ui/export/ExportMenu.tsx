import { useEffect, useRef, useState } from 'react';
import { CONVERT_TARGETS, type ConvertTarget } from '../../core/convert';
import { useStore } from '../../store/store';
import type { TranscriptView } from '../../protocol/workerApi';
import { downloadText } from './download';
import { ExportNotice, type ExportOutcome } from './ExportNotice';

/** Export ▾: converts the history on screen to another format and downloads it, then says what did not fit. */
export function ExportMenu() {
  const exportAs = useStore((s) => s.exportAs);
  const view = useStore((s) => s.view);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Kept with the history it is about: loading another one puts the notice away.
  const [outcome, setOutcome] = useState<{ view: TranscriptView; outcome: ExportOutcome } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent): void => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = async (target: ConvertTarget, label: string): Promise<void> => {
    if (!view) return;
    setOpen(false);
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

  return (
    <div className="export" ref={root}>
      <button
        ref={button}
        type="button"
        className="button"
        data-testid="export"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={!view || busy}
        title="Download this history in another format"
        onClick={() => setOpen(!open)}
      >
        {busy ? 'Exporting…' : 'Export'}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="export-menu" role="menu" aria-label="Export as">
          {CONVERT_TARGETS.map(({ target, label }, i) => (
            <button
              key={target}
              type="button"
              role="menuitem"
              className="export-target"
              data-testid="export-target"
              data-target={target}
              autoFocus={i === 0}
              onClick={() => void choose(target, label)}
            >
              <span className="export-target-label">{label}</span>
              <span className="export-target-name">{target}</span>
            </button>
          ))}
        </div>
      )}
      {outcome && outcome.view === view && <ExportNotice outcome={outcome.outcome} onClose={() => setOutcome(null)} />}
    </div>
  );
}
