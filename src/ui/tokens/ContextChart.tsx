// The context-growth chart: uPlot draws it on a canvas. This module, uPlot and its stylesheet load only when
// the Tokens view shows a run with usage (TokensView imports it lazily): the first paint carries none of them.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ContextGrowth } from '../../core/analytics/contextGrowth';
import { useStore } from '../../store/store';
import { useTheme } from '../theme/useTheme';
import { formatCount } from '../text/format';
import { chartSeries, pointOf, xRange, type ChartSeries } from './chartData';
import { compactTokens, percent } from './tokenFormat';

const HEIGHT = 280;
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 25_000, 50_000, 100_000, 200_000, 250_000, 500_000, 1_000_000,
];

interface Colors {
  input: string;
  cached: string;
  window: string;
  selected: string;
  axis: string;
  grid: string;
  surface: string;
}

/** The theme's colours (src/ui/theme.css) as the canvas needs them: concrete values, read from the page. */
function themeColors(element: Element): Colors {
  const style = getComputedStyle(element);
  const color = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  return {
    input: color('--accent', '#3b5bdb'),
    cached: color('--role-ai', '#0f8a65'),
    window: color('--sev-error', '#d92d20'),
    selected: color('--highlight-border', '#e0b100'),
    axis: color('--muted', '#667085'),
    grid: color('--border', '#e2e5ea'),
    surface: color('--surface', '#ffffff'),
  };
}

/** `#rrggbb` at `alpha`, for fills; any other colour is used as it is. */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!hex) return color;
  const [r, g, b] = hex.slice(1).map((part) => parseInt(part, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

interface Handlers {
  hover: (point: number | null) => void;
  select: (point: number) => void;
  /** The point marked as selected, read at each draw. */
  selected: () => number;
  zoomed: (min: number, max: number) => void;
}

function chartOptions(series: ChartSeries, colors: Colors, showWindow: boolean, width: number, on: Handlers): uPlot.Options {
  const drawWindow = showWindow && series.window !== undefined;
  const top = Math.max(series.maxInput, drawWindow ? series.maxWindow : 0) * 1.06 || 1;
  const axis = { stroke: colors.axis, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid, width: 1 } };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    scales: {
      x: { time: false, range: (_u, min, max) => (min === series.x[0] && max === series.x[series.x.length - 1] ? xRange(series.x) : [min, max]) },
      y: { range: () => [0, top] },
    },
    axes: [
      // Message numbers are whole: no tick at 2.5.
      { ...axis, label: 'Message #', labelSize: 20, incrs: WHOLE_STEPS },
      { ...axis, label: 'Input tokens', labelSize: 20, size: 56, values: (_u, splits) => splits.map(compactTokens) },
    ],
    series: [
      {},
      { label: 'Input', stroke: colors.input, width: 1.5, fill: withAlpha(colors.input, 0.1), points: { size: 6, fill: colors.input } },
      // Across a turn that does not say what it read from the cache the shading goes on (the readout says "not
      // reported"): a run whose answers omit it would otherwise show no cached part at all.
      { label: 'Cached', stroke: withAlpha(colors.cached, 0.9), width: 1, fill: withAlpha(colors.cached, 0.28), points: { show: false }, spanGaps: true },
      ...(drawWindow ? [{ label: 'Context window', stroke: colors.window, width: 1.5, dash: [6, 4], points: { show: false } }] : []),
    ],
    cursor: {
      y: false,
      drag: { x: true, y: false, setScale: true },
      // A ring on the input only: the readout gives the rest.
      points: {
        size: (_u, seriesIdx) => (seriesIdx === 1 ? 9 : 0),
        width: (_u, seriesIdx) => (seriesIdx === 1 ? 2 : 0),
        stroke: (_u, seriesIdx) => (seriesIdx === 1 ? colors.input : 'transparent'),
        fill: (_u, seriesIdx) => (seriesIdx === 1 ? colors.surface : 'transparent'),
      },
    },
    hooks: {
      setCursor: [(u) => on.hover(u.cursor.idx ?? null)],
      setScale: [
        (u, key) => {
          if (key !== 'x') return;
          const { min, max } = u.scales.x ?? {};
          if (min !== undefined && max !== undefined) on.zoomed(min, max);
        },
      ],
      // The selected turn: a line across the plot and a ring on its point.
      draw: [
        (u) => {
          const point = on.selected();
          if (point < 0) return;
          const x = u.valToPos(series.x[point]!, 'x', true);
          const y = u.valToPos(series.input[point]!, 'y', true);
          const { ctx } = u;
          const ratio = devicePixelRatio;
          ctx.save();
          ctx.setLineDash([]);
          ctx.strokeStyle = colors.selected;
          ctx.lineWidth = 2 * ratio;
          ctx.beginPath();
          ctx.moveTo(x, u.bbox.top);
          ctx.lineTo(x, u.bbox.top + u.bbox.height);
          ctx.stroke();
          ctx.beginPath();
          ctx.arc(x, y, 5 * ratio, 0, 2 * Math.PI);
          ctx.fillStyle = colors.selected;
          ctx.fill();
          ctx.restore();
        },
      ],
      ready: [
        (u) => {
          // A click selects the turn under the cursor; the end of a drag (a zoom) does not.
          let downX = 0;
          u.over.addEventListener('mousedown', (event) => (downX = event.clientX));
          u.over.addEventListener('click', (event) => {
            const idx = u.cursor.idx;
            if (Math.abs(event.clientX - downX) < 4 && idx !== null && idx !== undefined) on.select(idx);
          });
        },
      ],
    },
  };
}

/** What the readout says of a turn: its input, the cached part, its output and its window. */
function Readout({ growth, series, point, hovering }: { growth: ContextGrowth; series: ChartSeries; point: number; hovering: boolean }) {
  const input = growth.input[point]!;
  const cached = series.cached[point];
  const window = growth.windows[growth.model[point]!];
  return (
    <p className="context-readout" data-testid="context-chart-readout" data-index={growth.index[point]} data-hovering={hovering}>
      <strong>Message #{growth.index[point]}</strong>
      <span className="mono">{growth.models[growth.model[point]!]}</span>
      <span>input {formatCount(input)}</span>
      <span>cached {cached === null || cached === undefined ? 'not reported' : `${formatCount(cached)} (${percent(cached, input)})`}</span>
      <span>output {formatCount(growth.output[point]!)}</span>
      {window && (
        <span>
          window {formatCount(window.tokens)} ({percent(input, window.tokens)} used)
        </span>
      )}
    </p>
  );
}

/** Input tokens of each AI turn along the run (x: message index), its cached part shaded, the context window where known. */
export default function ContextChart({ growth }: { growth: ContextGrowth }) {
  const series = useMemo(() => chartSeries(growth), [growth]);
  const selected = useStore((s) => s.selection?.index);
  const select = useStore((s) => s.select);
  const [showWindow, setShowWindow] = useState(true);
  const [hover, setHover] = useState<number | null>(null);
  const [range, setRange] = useState(() => xRange(series.x));
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const selectedPoint = pointOf(series.x, selected);
  const selectedRef = useRef(selectedPoint);
  // The canvas takes concrete colours, read from the page as the chart is made: another theme makes it again.
  const { theme } = useTheme();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const handlers: Handlers = {
      hover: setHover,
      select: (point) => select({ index: growth.index[point]! }),
      selected: () => selectedRef.current,
      zoomed: (min, max) => setRange([min, max]),
    };
    const data: uPlot.AlignedData = [series.x, series.input, series.cached, ...(showWindow && series.window ? [series.window] : [])];
    const chart = new uPlot(chartOptions(series, themeColors(element), showWindow, element.clientWidth, handlers), data, element);
    plot.current = chart;
    // The chart follows its column's width (the side panels and the window resize it).
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0 && element.clientWidth !== chart.width) chart.setSize({ width: element.clientWidth, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [series, showWindow, growth, select, theme]);

  useEffect(() => {
    selectedRef.current = selectedPoint;
    plot.current?.redraw(false);
  }, [selectedPoint]);

  // Arrow keys move along the turns, Enter selects the one shown.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const chart = plot.current;
    if (!chart || series.x.length === 0) return;
    const current = hover ?? (selectedPoint >= 0 ? selectedPoint : -1);
    if (event.key === 'Enter' && current >= 0) {
      event.preventDefault();
      select({ index: growth.index[current]! });
      return;
    }
    const step =
      event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : event.key === 'End' ? series.x.length : event.key === 'Home' ? -series.x.length : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = Math.min(series.x.length - 1, Math.max(0, current + step));
    chart.setCursor({ left: chart.valToPos(series.x[next]!, 'x'), top: chart.valToPos(series.input[next]!, 'y') });
  };

  const shown = hover ?? (selectedPoint >= 0 ? selectedPoint : null);
  const drawn = series.windows.filter((w, i, all) => all.findIndex((o) => o.family === w.family) === i);
  return (
    <div className="context-chart-wrap">
      <div className="context-legend">
        <span className="legend-item">
          <i className="swatch swatch-input" /> Input tokens of the AI turn
        </span>
        <span className="legend-item">
          <i className="swatch swatch-cached" /> Cached part (cache read)
        </span>
        {drawn.length > 0 ? (
          <span className="legend-item">
            <label className="legend-item">
              <input type="checkbox" checked={showWindow} onChange={(event) => setShowWindow(event.target.checked)} data-testid="context-window-toggle" />
              <i className="swatch swatch-window" /> Context window
            </label>
            {drawn.map((w) => (
              <a key={w.family} href={w.source} target="_blank" rel="noopener noreferrer" title={`The provider's page, read ${w.checked}`}>
                {w.family}: {formatCount(w.tokens)}
              </a>
            ))}
          </span>
        ) : (
          <span className="legend-item muted">Context window: not known for this model</span>
        )}
      </div>
      <div
        ref={box}
        className="context-chart"
        data-testid="context-chart"
        data-points={series.x.length}
        data-x="message-index"
        data-x-min={range[0]}
        data-x-max={range[1]}
        data-window={series.window && showWindow ? series.maxWindow : undefined}
        data-selected-index={selectedPoint >= 0 ? growth.index[selectedPoint] : undefined}
        role="group"
        aria-label={`Context growth: input tokens of ${formatCount(series.x.length)} AI turns. Arrow keys move between turns, Enter selects one.`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onMouseLeave={() => setHover(null)}
      />
      {shown !== null ? (
        <Readout growth={growth} series={series} point={shown} hovering={hover !== null} />
      ) : (
        <p className="context-readout muted">Hover a turn for its numbers, click it to select it; drag across the chart to zoom, double-click to zoom out.</p>
      )}
    </div>
  );
}
