import { useEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { useStore } from '../../store/store';
import { ROLE_ORDER, type TranscriptView } from '../../protocol/workerApi';
import { useTheme } from '../theme/useTheme';
import { plural } from '../text/format';
import { messagesAt, overviewMarkers, overviewRows } from './overviewLayout';
import { useVisibleRange } from './visibleRange';

/** Width of the role band at the strip's left edge; token density fills the rest. */
const ROLE_BAND = 5;

/** The strip's height in CSS pixels, following the element's size. */
function useHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}

function draw(canvas: HTMLCanvasElement, view: TranscriptView, height: number): void {
  const width = canvas.clientWidth;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.scale(ratio, ratio);
  const style = getComputedStyle(canvas);
  const colours = ROLE_ORDER.map((role) => style.getPropertyValue(`--role-${role}`).trim() || '#888');
  const rows = overviewRows(view.columns, height);
  const most = rows.reduce((max, row) => Math.max(max, row.tokens), 0);
  context.fillStyle = style.getPropertyValue('--overview-density').trim() || '#3b5bdb55';
  rows.forEach((row, y) => {
    if (most > 0 && row.tokens > 0) context.fillRect(ROLE_BAND + 1, y, Math.max(1, (row.tokens / most) * (width - ROLE_BAND - 1)), 1);
  });
  rows.forEach((row, y) => {
    context.fillStyle = colours[row.role] ?? '#888';
    context.fillRect(0, y, ROLE_BAND, 1);
  });
}

/** The part of the run in the timeline's viewport; its own component, as it changes on every scroll. */
function InView({ count, height }: { count: number; height: number }) {
  const { first, last } = useVisibleRange();
  if (last < first || count === 0) return null;
  const size = Math.max(3, ((last - first + 1) / count) * height);
  // At the end of a long run the least size reaches past the strip's bottom, and the page grew a scrollbar there.
  return <div className="overview-view" style={{ top: Math.min((first / count) * height, height - size), height: size }} />;
}

/**
 * The whole run at a glance beside the timeline, like an editor's scrollbar markers: role colours,
 * token use as density, findings as markers and the part in view. Clicking scrolls there.
 */
export function Overview({ view }: { view: TranscriptView }) {
  const ref = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const height = useHeight(ref);
  const scrollTo = useStore((s) => s.scrollTo);
  const jumpTo = useStore((s) => s.jumpTo);
  const markers = useMemo(() => overviewMarkers(view.findings, view.count, height), [view, height]);

  // The canvas takes the theme's colours as it draws: another theme draws it again.
  const { theme } = useTheme();
  useEffect(() => {
    if (canvasRef.current && height > 0) draw(canvasRef.current, view, height);
  }, [view, height, theme]);

  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    if (height === 0 || view.count === 0) return;
    const y = event.clientY - event.currentTarget.getBoundingClientRect().top;
    scrollTo(messagesAt(Math.max(0, Math.min(height - 1, Math.floor(y))), height, view.count).from, 'center');
  };

  return (
    <div
      ref={ref}
      className="overview"
      data-testid="overview"
      role="navigation"
      aria-label="Overview of the whole run: click to scroll there"
      onClick={onClick}
    >
      <canvas ref={canvasRef} className="overview-canvas" aria-hidden="true" />
      <InView count={view.count} height={height} />
      {markers.map(({ y, finding, others }) => (
        <button
          key={y}
          type="button"
          className={`overview-marker sev-${finding.severity}`}
          data-testid="overview-marker"
          data-index={finding.messageIndex}
          data-severity={finding.severity}
          style={{ top: y }}
          title={`#${finding.messageIndex} ${finding.rule}: ${finding.text}${others > 0 ? ` (and ${plural(others, 'other finding')} nearby)` : ''}`}
          onClick={(event) => {
            event.stopPropagation();
            jumpTo({
              index: finding.messageIndex,
              related: [finding.messageIndex, ...finding.related],
              ...(finding.toolCallId !== undefined ? { toolCallId: finding.toolCallId } : {}),
            });
          }}
        />
      ))}
    </div>
  );
}
