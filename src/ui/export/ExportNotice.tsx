export type ExportOutcome = { kind: 'done'; label: string; fileName: string; lost: string[] } | { kind: 'failed'; label: string; message: string };

/**
 * After an export: what the target could not express, or why the export failed. A clean export needs
 * no word (the browser shows the download), so nothing is shown for it.
 */
export function ExportNotice({ outcome, onClose }: { outcome: ExportOutcome; onClose: () => void }) {
  if (outcome.kind === 'done' && outcome.lost.length === 0) return null;
  const failed = outcome.kind === 'failed';
  return (
    <div className={`export-notice${failed ? ' failed' : ''}`} role={failed ? 'alert' : 'status'} data-testid={failed ? 'export-error' : 'export-lost'}>
      <div className="export-notice-head">
        <strong>{failed ? `Export to ${outcome.label} failed` : `Saved ${outcome.fileName}`}</strong>
        <button type="button" className="link-button" data-testid="export-notice-close" onClick={onClose}>
          Close
        </button>
      </div>
      {failed ? (
        <p>{outcome.message}</p>
      ) : (
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
