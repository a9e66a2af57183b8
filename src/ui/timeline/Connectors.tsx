import { useStore } from '../../store/store';
import type { ConnectorShape } from './connectorLayout';

interface Props {
  shapes: readonly ConnectorShape[];
  /** The pixel band the drawing covers, in the window's coordinates. */
  top: number;
  bottom: number;
  width: number;
  /** Links drawn bold. */
  activeIds: ReadonlySet<string>;
}

/** Brackets in the left gutter from each tool call's card to its result cards. */
export function Connectors({ shapes, top, bottom, width, activeIds }: Props) {
  const hoverToolCall = useStore((s) => s.hoverToolCall);
  return (
    <svg
      className="connectors"
      width={width}
      height={bottom - top}
      style={{ transform: `translateY(${top}px)` }}
      viewBox={`0 ${top} ${width} ${bottom - top}`}
      aria-hidden="true"
    >
      {shapes.map((shape) => {
        const active = activeIds.has(shape.id);
        return (
          <g
            key={shape.id}
            data-testid="connector"
            data-tool-call-id={shape.id}
            data-highlighted={active || undefined}
            className={`connector${active ? ' active' : ''}${shape.failed ? ' failed' : ''}`}
            onMouseEnter={() => hoverToolCall(shape.id)}
            onMouseLeave={() => hoverToolCall(null)}
          >
            <title>{shape.id}</title>
            <path className="connector-hit" d={shape.path} />
            <path className="connector-line" d={shape.path} />
            {shape.callDot && <circle className="connector-dot" cx={shape.callDot.x} cy={shape.callDot.y} r={3} />}
            {shape.arrows.map((arrow) => (
              <path key={arrow.y} className="connector-arrow" d={`M${arrow.x} ${arrow.y}l-5 -3.5v7z`} />
            ))}
          </g>
        );
      })}
    </svg>
  );
}
