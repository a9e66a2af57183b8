interface Props {
  /** Which part of the page, for the page hooks: `header`, `findings`, `verdicts`, `timeline`, `detail`. */
  panel: string;
  /** How the sentence names it: "The findings". */
  label: string;
  error: Error;
}

/** What a panel shows in its own place when drawing it threw; the rest of the page and the history stay. */
export function PanelFailed({ panel, label, error }: Props) {
  return (
    <div className="panel-failed" role="alert" data-testid="panel-error" data-panel={panel}>
      <p>
        <strong>{label} could not be shown:</strong> {error.message}
      </p>
      {error.stack && (
        <details>
          <summary>Where it failed</summary>
          <pre className="pre">{error.stack}</pre>
        </details>
      )}
    </div>
  );
}
