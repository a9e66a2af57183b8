import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { VirtualEngine, type RowSource } from './virtualEngine';

/**
 * Wires a VirtualEngine to React: the scroll element's events and size, each drawn row's size (rows
 * carry `data-row`), and a render whenever the rows to draw change.
 *
 * The scroll element comes as a value (its owner keeps it in state from a callback ref), not as a ref
 * object: an element mounted in the same commit as the list gets its ref only after the list's layout
 * effects have run, and a list that read the ref then stayed detached for good: no viewport, no width
 * (so every height guessed for a 20-character line), no scroll events, its first rows drawn whatever
 * the scroll position. Given as a value, the list attaches when the element arrives, before the paint.
 */
export function useVirtualRows(scroller: HTMLElement | null, source: RowSource) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [engine] = useState(() => new VirtualEngine(rerender));
  const canvas = useRef<HTMLDivElement>(null);
  const window = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    engine.attach(scroller, canvas.current, window.current);
  }, [engine, scroller]);
  useLayoutEffect(() => engine.setRows(source), [engine, source]);
  // A render may have changed which rows the elements stand for.
  useLayoutEffect(() => engine.place());

  useEffect(() => {
    if (!scroller) return;
    const onScroll = (): void => engine.onScroll();
    scroller.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => engine.measureViewport());
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [engine, scroller]);

  // Scaled, the browser's wheel and page steps would move the rows `ratio` times too far. The handlers are
  // added only then: a wheel listener that may cancel makes the browser wait for this thread on every turn.
  const { scaled } = engine;
  useEffect(() => {
    if (!scroller || !scaled) return;
    // Scrolls the canvas by `top` in place of the browser; undefined leaves the event to the browser.
    const scroll = (event: Event, top: number | undefined): void => {
      if (top === undefined) return;
      event.preventDefault();
      scroller.scrollBy({ top, behavior: 'smooth' });
    };
    const onWheel = (event: WheelEvent): void => {
      if (event.ctrlKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      scroll(event, engine.wheelScroll(event.deltaY, event.deltaMode));
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      const direction = pageDirection(event);
      if (direction !== 0 && event.target === scroller) scroll(event, engine.pageScroll(direction));
    };
    scroller.addEventListener('wheel', onWheel, { passive: false });
    scroller.addEventListener('keydown', onKeyDown);
    return () => {
      scroller.removeEventListener('wheel', onWheel);
      scroller.removeEventListener('keydown', onKeyDown);
    };
  }, [engine, scroller, scaled]);

  const [rowObserver] = useState(
    () =>
      new ResizeObserver((entries) =>
        engine.onRowsResized(
          entries.map((entry) => ({
            row: Number((entry.target as HTMLElement).dataset.row),
            height: entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight,
          })),
        ),
      ),
  );
  useEffect(() => () => rowObserver.disconnect(), [rowObserver]);
  const rowRef = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      engine.addRow(element);
      rowObserver.observe(element);
      return () => {
        engine.removeRow(element);
        rowObserver.unobserve(element);
      };
    },
    [engine, rowObserver],
  );

  return { engine, canvasRef: canvas, windowRef: window, rowRef };
}

/** Page Down and Space page down, Page Up and Shift+Space up; 0 for any other key. */
function pageDirection(event: KeyboardEvent): 1 | -1 | 0 {
  if (event.key === 'PageDown' || (event.key === ' ' && !event.shiftKey)) return 1;
  if (event.key === 'PageUp' || event.key === ' ') return -1;
  return 0;
}
