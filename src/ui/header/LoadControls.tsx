import { useState, type ChangeEvent } from 'react';
import { useStore } from '../../store/store';
import { RecentMenu } from '../load/RecentMenu';
import { SamplesMenu } from '../load/SamplesMenu';

/** Every way to open a history besides dropping a file or pasting anywhere. */
export function LoadControls() {
  const loadInput = useStore((s) => s.loadInput);
  const [pasted, setPasted] = useState('');

  const onFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0];
    if (file) void loadInput(file, file.name);
    // Choosing the same file again must fire another change.
    event.target.value = '';
  };

  return (
    <div className="load-controls">
      <form
        className="paste-box"
        onSubmit={(event) => {
          event.preventDefault();
          if (pasted.trim()) void loadInput(pasted, 'paste');
        }}
      >
        <textarea
          data-testid="paste-input"
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          placeholder="Paste a history here…"
          title="Paste JSON or JSON Lines here, or press Ctrl+V anywhere on the page"
          aria-label="Message history to load"
          rows={1}
          spellCheck={false}
        />
        <button type="submit" className="button" data-testid="paste-submit" disabled={!pasted.trim()}>
          Load
        </button>
      </form>
      <label className="button primary file-button">
        Open file…
        <input type="file" data-testid="file-input" onChange={onFile} />
      </label>
      <SamplesMenu />
      <RecentMenu />
    </div>
  );
}
