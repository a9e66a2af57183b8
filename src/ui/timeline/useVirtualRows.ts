import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { VirtualEngine, type RowSource } from './virtualEngine';

/**
 * Wires a VirtualEngine to React: the scroll element's events and size, each drawn row's size (rows
 * carry `data-row`), and a render whenever the rows to draw change.
 */
export function useVirtualRows(scrollRef: RefObject<HTMLElement | null>, source: RowSource) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [engine] = useState(() => new VirtualEngine(rerender));
  const canvas = useRef<HTMLDivElement>(null);
  const window = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    engine.attach(scrollRef.current, canvas.current, window.current);
  }, [engine, scrollRef]);
  useLayoutEffect(() => engine.setRows(source), [engine, source]);
  // A render may have changed which rows the elements stand for.
  useLayoutEffect(() => engine.place());

  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const onScroll = (): void => engine.onScroll();
    scroller.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => engine.measureViewport());
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [engine, scrollRef]);

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
