import { useStore } from '../../store/store';
import type { TranscriptView } from '../../protocol/workerApi';

/** Reads the same input again as another format, for when detection guessed wrong; the detected one stays marked. */
export function FormatPicker({ view }: { view: TranscriptView }) {
  const reloadAs = useStore((s) => s.reloadAs);
  const loadState = useStore((s) => s.loadState);
  const detected = useStore((s) => s.detectedFormat);

  return (
    // The badge beside it names the current format, so the picker shows only "Read as ▾"; the native
    // select lies invisible over that text and opens the list.
    <label className="format-picker" title="Read this input again as another format">
      <span className="format-picker-face" aria-hidden="true">
        Read as… <span className="format-picker-caret">▾</span>
      </span>
      <select
        data-testid="format-picker"
        aria-label="Read the input as format"
        value={view.format}
        disabled={loadState === 'loading'}
        onChange={(event) => void reloadAs(event.target.value)}
      >
        {view.formats.map((format) => (
          <option key={format.name} value={format.name}>
            {format.label}
            {format.name === detected ? ' (detected)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
