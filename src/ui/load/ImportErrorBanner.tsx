import { useStore } from '../../store/store';
import { sourceName } from '../header/sourceName';
import { FormatsHelp } from './FormatsHelp';

/** Sources named by what they are rather than by a file name or URL (those by sourceName, as the header names them). */
const SOURCE_NAMES: Partial<Record<string, string>> = {
  paste: 'the pasted text',
  'shared link': 'the shared link',
  'short link': 'the short link',
  'HTML file': 'the HTML file',
};

/** Why the last load failed; the previous transcript stays on screen below it. */
export function ImportErrorBanner() {
  const error = useStore((s) => s.loadError);
  const source = useStore((s) => s.loadSource);
  const hasTranscript = useStore((s) => s.view !== null);
  const dismiss = useStore((s) => s.dismissError);
  if (!error) return null;
  return (
    <div className="import-error" role="alert" data-testid="import-error" data-line={error.line} data-column={error.column}>
      <div className="import-error-head">
        <strong>Could not open {SOURCE_NAMES[source] ?? sourceName(source)}</strong>
        <button type="button" className="button ghost" onClick={dismiss}>
          Dismiss
        </button>
      </div>
      <p>{error.message}</p>
      {error.snippet && <pre className="import-error-snippet">{error.snippet}</pre>}
      <FormatsHelp />
      {hasTranscript && <p className="muted">Still showing the previous history.</p>}
    </div>
  );
}
