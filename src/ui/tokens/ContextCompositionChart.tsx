// The composition chart: one stacked bar an AI turn (SVG, coloured by the theme through contextComposition.css), or
// one bar a group of turns when there are more turns than room.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { CompositionView } from '../../protocol/workerApi';
import { formatCount } from '../text/format';
import { axisTicks, barOf, stackOf, type BarLayout } from './contextCompositionBars';
import { categoryClass, categoryLabel, LEFTOVER_LABEL } from './contextCompositionLabels';
import { compactTokens } from './tokenFormat';

const HEIGHT = 220;
const LEFT = 46;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 22;

/** The chart's width: its box's, followed as the column resizes. */
export function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** Plot width for a box `width` wide. */
export const plotWidth = (width: number): number => Math.max(0, width - LEFT - RIGHT);

interface Props {
  composition: CompositionView;
  heights: Float64Array;
  layout: BarLayout;
  width: number;
  chosen: number;
  onChoose: (turn: number) => void;
}

function turnTitle(c: CompositionView, heights: Float64Array, t: number, perBar: number): string {
  const reported = c.turns.reported[t] ?? NaN;
  const input = Number.isNaN(reported) ? `${formatCount(heights[t] ?? 0)} counted, no usage reported` : `${formatCount(reported)} input reported`;
  const group = perBar > 1 ? ' (the largest of its group)' : '';
  return `Turn ${formatCount(t + 1)}${group}, message #${c.turns.index[t]}: ${input}`;
}

export function ContextCompositionChart({ composition: c, heights, layout, width, chosen, onChoose }: Props) {
  const svg = useRef<SVGSVGElement | null>(null);
  // An id of letters and digits only: it is referenced from url(#…).
  const hatch = `cc-hatch-${useId().replace(/[^a-z0-9]/gi, '')}`;
  const plot = plotWidth(width);
  const inner = HEIGHT - TOP - BOTTOM;
  const max = useMemo(() => heights.reduce((a, b) => Math.max(a, b), 0), [heights]);
  const ticks = axisTicks(max);
  const top = ticks.at(-1) ?? 1;
  const y = (tokens: number): number => (tokens / (top || 1)) * inner;
  const chosenBar = chosen >= 0 ? barOf(layout, c.turns.count, chosen) : -1;
  // Wide bars keep a quarter of their pitch as the gap, narrow ones a pixel.
  const gap = layout.pitch >= 8 ? Math.max(2, Math.round(layout.pitch / 4)) : 1;
  const barWidth = Math.max(1, layout.pitch - gap);

  const focusBar = (bar: number): void => {
    const target = layout.turns[bar];
    if (target === undefined) return;
    onChoose(target);
    svg.current?.querySelector<SVGGElement>(`[data-bar="${bar}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>): void => {
    const last = layout.turns.length - 1;
    const step: Record<string, number> = { ArrowLeft: chosenBar - 1, ArrowRight: chosenBar + 1, Home: 0, End: last };
    const bar = step[event.key];
    if (bar === undefined) return;
    event.preventDefault();
    focusBar(Math.max(0, Math.min(last, bar)));
  };

  return (
    <svg
      ref={svg}
      className="cc-svg"
      width={width}
      height={HEIGHT}
      role="group"
      aria-label="Input tokens of each AI turn, by what they were"
      onKeyDown={onKeyDown}
    >
      <defs>
        <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect className="cc-hatch-bg" width="6" height="6" />
          <line className="cc-hatch-line" x1="0" y1="0" x2="0" y2="6" />
        </pattern>
      </defs>
      {ticks.map((tick) => {
        const ty = TOP + inner - y(tick);
        return (
          <g key={tick} className="cc-tick">
            <line x1={LEFT} x2={LEFT + plot} y1={ty} y2={ty} />
            <text x={LEFT - 6} y={ty} dy="0.32em" textAnchor="end">
              {compactTokens(tick)}
            </text>
          </g>
        );
      })}
      <g transform={`translate(${LEFT}, ${TOP})`}>
        {Array.from(layout.turns, (t, bar) => {
          const x = bar * layout.pitch;
          let base = inner;
          const on = bar === chosenBar;
          return (
            <g
              key={bar}
              className={`cc-bar${on ? ' on' : ''}`}
              data-testid="composition-bar"
              data-index={c.turns.index[t]}
              data-turn={t}
              data-bar={bar}
              role="button"
              tabIndex={on || (chosenBar < 0 && bar === 0) ? 0 : -1}
              aria-pressed={on}
              aria-label={turnTitle(c, heights, t, layout.perBar)}
              onClick={() => onChoose(t)}
            >
              <title>{turnTitle(c, heights, t, layout.perBar)}</title>
              <rect className="cc-hit" x={x} y={0} width={layout.pitch} height={inner} />
              {stackOf(c, t).map(({ category, tokens }) => {
                const h = y(tokens);
                base -= h;
                return (
                  <rect
                    key={category}
                    // The left over is hatched: its fill is the pattern, which a class's CSS fill would override.
                    className={category < 0 ? 'cc-leftover-seg' : `cc-seg ${categoryClass(c.categories, category)}`}
                    x={x + gap / 2}
                    y={base}
                    width={barWidth}
                    height={h}
                    {...(category < 0 && { fill: `url(#${hatch})` })}
                  >
                    {layout.turns.length <= 60 && (
                      <title>{`${category < 0 ? LEFTOVER_LABEL : categoryLabel(c.categories[category] ?? { kind: 'other' })}: ${formatCount(Math.round(tokens))}`}</title>
                    )}
                  </rect>
                );
              })}
            </g>
          );
        })}
      </g>
      <line className="cc-axis" x1={LEFT} x2={LEFT + plot} y1={TOP + inner} y2={TOP + inner} />
      <text className="cc-axis-label" x={LEFT} y={HEIGHT - 6}>
        turn 1
      </text>
      <text className="cc-axis-label" x={LEFT + Math.min(plot, layout.turns.length * layout.pitch)} y={HEIGHT - 6} textAnchor="end">
        turn {formatCount(c.turns.count)}
      </text>
    </svg>
  );
}
