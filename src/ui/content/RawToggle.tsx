import { setContentMode, useContentMode, type ContentMode } from './contentMode';

const MODES: { mode: ContentMode; label: string; title: string }[] = [
  { mode: 'rendered', label: 'Rendered', title: 'Markdown rendered, JSON as a tree (nothing in it runs or loads)' },
  { mode: 'raw', label: 'Raw', title: 'The text exactly as written' },
];

/** *Rendered | Raw* for the detail pane's content; the choice is kept in this browser. */
export function RawToggle() {
  const current = useContentMode();
  return (
    <span className="raw-toggle" role="group" aria-label="Show content" data-testid="raw-toggle" data-mode={current}>
      {MODES.map(({ mode, label, title }) => (
        <button key={mode} type="button" data-mode={mode} aria-pressed={current === mode} title={title} onClick={() => setContentMode(mode)}>
          {label}
        </button>
      ))}
    </span>
  );
}
