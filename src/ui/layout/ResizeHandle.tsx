import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { CENTRE_MIN_WIDTH, clampWidth, MAX_WIDTH, MIN_WIDTH, paneLayout, setPane, type Pane } from './paneLayout';

const STEP = 16;
const LABELS: Record<Pane, string> = { findings: 'Resize the findings pane', detail: 'Resize the detail pane' };

/** How wide `pane` may grow: the columns' width less the other pane's and what the centre column keeps. */
function roomFor(pane: Pane, handle: HTMLElement): number {
  const columns = handle.closest('.columns');
  if (!columns) return MAX_WIDTH;
  const other = columns.querySelector(`.pane-${pane === 'findings' ? 'detail' : 'findings'}`);
  return columns.clientWidth - (other?.getBoundingClientRect().width ?? 0) - CENTRE_MIN_WIDTH;
}

interface Drag {
  pointer: number;
  x: number;
  width: number;
  room: number;
  frame: number;
  next: number;
}

/**
 * The edge between a side pane and the centre column: dragged, or with the arrow keys when focused (a separator, as
 * WAI-ARIA's window splitter pattern describes), it sets the pane's width, which is kept in this browser. A
 * double-click gives the pane its default width back.
 */
export function ResizeHandle({ pane, width }: { pane: Pane; width: number }) {
  const drag = useRef<Drag | null>(null);
  // Wider to the right for the findings on the left, to the left for the detail on the right.
  const sign = pane === 'findings' ? 1 : -1;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const paneWidth = handle.parentElement?.getBoundingClientRect().width ?? width;
    drag.current = { pointer: event.pointerId, x: event.clientX, width: paneWidth, room: roomFor(pane, handle), frame: 0, next: paneWidth };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const current = drag.current;
    if (current?.pointer !== event.pointerId) return;
    current.next = clampWidth(pane, current.width + sign * (event.clientX - current.x), current.room);
    // One layout a frame: the timeline measures its cards again at every width.
    current.frame ||= requestAnimationFrame(() => {
      current.frame = 0;
      setPane(pane, { width: current.next }, { keep: false });
    });
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>): void => {
    const current = drag.current;
    if (current?.pointer !== event.pointerId) return;
    cancelAnimationFrame(current.frame);
    drag.current = null;
    setPane(pane, { width: current.next });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const room = roomFor(pane, event.currentTarget);
    const step = event.shiftKey ? STEP * 4 : STEP;
    const to: Record<string, number> = {
      ArrowRight: width + sign * step,
      ArrowLeft: width - sign * step,
      Home: MIN_WIDTH[pane],
      End: room,
    };
    const next = to[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setPane(pane, { width: clampWidth(pane, next, room) });
  };

  return (
    <div
      className={`pane-resize pane-resize-${pane}`}
      data-testid="pane-resize"
      data-pane={pane}
      role="separator"
      aria-orientation="vertical"
      aria-label={LABELS[pane]}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_WIDTH[pane]}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      title="Drag to resize; double-click for the default width"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onDoubleClick={() => {
        const { [pane]: state } = paneLayout();
        setPane(pane, { ...state, width: undefined });
      }}
      onKeyDown={onKeyDown}
    />
  );
}
