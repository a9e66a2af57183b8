import { useState } from 'react';

/**
 * On a phone the header keeps to the history on screen: the ways to open another (the paste box, *Open file…*,
 * *Samples*, *Recent*) fold behind this button. layout.css shows it only below 600 px, and hides the load controls
 * beside it while it is not expanded (`:has()`), so the header's own code needs no state for it.
 */
export function LoadToggle() {
  const [open, setOpen] = useState(false);
  return (
    <button type="button" className="button load-toggle" data-testid="load-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
      Open <span aria-hidden="true">{open ? '▴' : '▾'}</span>
    </button>
  );
}
