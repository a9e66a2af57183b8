import { useState } from 'react';
import { useStore } from '../../store/store';
import type { TranscriptView } from '../../protocol/workerApi';

/** The format detection chose, remembered for the view that a pick here produced (null: detection found none). */
interface Kept {
  view: TranscriptView;
  detected: string | null;
}

/** Reads the same input again as another format, for when detection guessed wrong; the detected one stays marked. */
export function FormatPicker({ view }: { view: TranscriptView }) {
  const reloadAs = useStore((s) => s.reloadAs);
  const loadState = useStore((s) => s.loadState);
  const [kept, setKept] = useState<Kept | null>(null);
  // A view this picker asked for was read with a forced format; any other view was detected.
  const detected = kept?.view === view ? kept.detected : view.format;

  const pick = async (name: string): Promise<void> => {
    // After a failed load, reloadAs reads the input that failed: detection found no format for it.
    const detectedForInput = loadState === 'error' ? null : detected;
    await reloadAs(name);
    const now = useStore.getState().view;
    if (now && now !== view && now.format === name) setKept({ view: now, detected: detectedForInput });
  };

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
        onChange={(event) => void pick(event.target.value)}
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
