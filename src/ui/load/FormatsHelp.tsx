import { useState } from 'react';

interface FormatLine {
  name: string;
  label: string;
  expects: string;
}

/**
 * The formats msgscope reads, as `msgscope formats` lists them: the registry's own labels and expectations. Its
 * code (every adapter) is the worker's; the page loads it only when the disclosure is opened.
 */
async function loadFormats(): Promise<FormatLine[]> {
  const { listFormats } = await import('../../core/formats/registry');
  return listFormats().map(({ name, label, expects }) => ({ name, label, expects }));
}

/** *Which formats can I open?*: closed under an error that says what the input is, the list behind it. */
export function FormatsHelp() {
  const [formats, setFormats] = useState<FormatLine[] | 'failed' | null>(null);
  const onToggle = (open: boolean): void => {
    if (!open || formats !== null) return;
    loadFormats().then(setFormats, () => setFormats('failed'));
  };
  return (
    <details className="formats-help" data-testid="formats-help" onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>Which formats can I open?</summary>
      <p className="muted">
        A message history as JSON, JSON Lines, server-sent events or Python repr / pretty_print text (zipped or gzipped too), in any of these formats;{' '}
        <em>Read as</em> and the CLI&apos;s <code>--format</code> pick one when detection cannot.
      </p>
      {formats === null && <p className="muted">Loading the list…</p>}
      {formats === 'failed' && (
        <p className="muted">
          The list could not be loaded; <code>msgscope formats</code> prints it.
        </p>
      )}
      {Array.isArray(formats) && (
        <ul className="formats-help-list" data-testid="formats-help-list">
          {formats.map((format) => (
            <li key={format.name} data-format={format.name}>
              <strong>{format.label}</strong> <span className="formats-help-expects">{format.expects}</span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
