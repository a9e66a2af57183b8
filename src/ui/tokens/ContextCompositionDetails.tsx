// The chosen turn of the composition chart: its legend with each category's tokens, how the count met the report,
// and its biggest contributors, each a button that selects its message.
import { useEffect } from 'react';
import type { CompositionView } from '../../protocol/workerApi';
import { useCard } from '../../store/hooks';
import { useStore } from '../../store/store';
import { oneLine } from '../table/tableFormat';
import { formatCount, plural } from '../text/format';
import { categoryClass, categoryLabel, isToolCategory, LEFTOVER_HINT, LEFTOVER_LABEL, messageLabel } from './contextCompositionLabels';
import { percent } from './tokenFormat';

interface Props {
  composition: CompositionView;
  /** Categories with tokens in some turn: the legend lists only these. */
  present: readonly number[];
  anyLeftover: boolean;
  turn: number;
  height: number;
}

const round = (n: number): string => formatCount(Math.round(n));

function Swatch({ className }: { className: string }) {
  return (
    <svg className="cc-swatch" width="10" height="10" aria-hidden="true">
      <rect className={className} width="10" height="10" rx="2" />
    </svg>
  );
}

/** How the turn's count met its report, in a sentence. */
function reconciliation(c: CompositionView, t: number): string {
  const { reported, counted, leftover, over, scale, media } = c.turns;
  const r = reported[t] ?? NaN;
  const n = counted[t] ?? 0;
  const images = (media[t] ?? 0) > 0 ? ` The context holds ${plural(media[t] ?? 0, 'image or file', 'images or files')}, counted as 0.` : '';
  if (Number.isNaN(r)) return `No usage reported for this turn: ${round(n)} tokens counted, not scaled.${images}`;
  if ((over[t] ?? 0) > 0) {
    return `Counted ${round(n)}, more than the ${round(r)} reported (by ${round(over[t] ?? 0)}): the shares are scaled by ${(scale[t] ?? 1).toFixed(2)} to fit the report.${images}`;
  }
  return `Reported ${round(r)}; the messages account for ${round(n)} (${percent(n, r) || '0%'}), ${round(leftover[t] ?? 0)} left over.${images}`;
}

interface ContributorProps {
  composition: CompositionView;
  index: number;
  tokens: number;
  scale: number;
  counted: number;
  largest: number;
  selected: boolean;
  onSelect: () => void;
}

/** One of the biggest contributors: its message, category, text, counted tokens and share of the count. */
function Contributor({ composition: c, index, tokens, scale, counted, largest, selected, onSelect }: ContributorProps) {
  const session = useStore((s) => s.session);
  const card = useCard(session?.cards, index);
  const category = c.messages.category[index] ?? 0;
  const kind = c.categories[category] ?? { kind: 'other' as const };
  const colour = categoryClass(c.categories, category);
  // A tool past the largest ones shares a category: its card names it.
  const label = kind.kind === 'otherTools' ? (card?.resultOf?.name ?? card?.name ?? messageLabel(kind)) : messageLabel(kind);
  return (
    <li>
      <button
        type="button"
        className={`cc-contributor${selected ? ' on' : ''}`}
        data-testid="composition-contributor"
        data-index={index}
        data-tokens={tokens}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
      >
        <span className="cc-contributor-index">#{index}</span>
        <Swatch className={`cc-seg ${colour}`} />
        <span className={`cc-contributor-label${isToolCategory(kind) ? ' mono' : ''}`}>{label}</span>
        <span className="cc-contributor-preview muted">{card ? oneLine(card.text || card.calls.map((call) => call.name).join(', '), 160) : ''}</span>
        <span className="cc-contributor-bar" aria-hidden="true">
          <span className={`cc-seg-bg ${colour}`} style={{ width: `${(tokens / (largest || 1)) * 100}%` }} />
        </span>
        <span
          className="cc-contributor-tokens"
          title={scale !== 1 ? `${round(tokens * scale)} in the bar, scaled by ${scale.toFixed(2)} to the report` : undefined}
        >
          {round(tokens)}
        </span>
        <span className="cc-contributor-share muted">{percent(tokens, counted)}</span>
      </button>
    </li>
  );
}

export function ContextCompositionDetails({ composition: c, present, anyLeftover, turn: t, height }: Props) {
  const select = useStore((s) => s.select);
  const selected = useStore((s) => s.selection?.index);
  const k = c.categories.length;
  const scale = c.turns.scale[t] ?? 1;
  const counted = c.turns.counted[t] ?? 0;
  const from = c.turns.contributorStart[t] ?? 0;
  const to = c.turns.contributorStart[t + 1] ?? from;
  const contributors = Array.from({ length: to - from }, (_, i) => ({
    index: c.turns.contributorIndex[from + i] ?? 0,
    tokens: c.turns.contributorTokens[from + i] ?? 0,
  }));
  const index = c.turns.index[t] ?? 0;
  const leftover = c.turns.leftover[t] ?? NaN;
  const session = useStore((s) => s.session);
  // Their cards, for the text each contributor shows: one request for the list.
  useEffect(() => {
    session?.cards.ensure(Array.from(c.turns.contributorIndex.subarray(from, to)));
  }, [session, c, from, to]);

  return (
    <div className="cc-details" data-testid="composition-turn" data-turn={t} data-index={index}>
      <ul className="cc-legend" aria-label={`Turn ${t + 1}'s input by category`}>
        {present.map((i) => {
          const category = c.categories[i] ?? { kind: 'other' as const };
          const tokens = c.turns.scaled[t * k + i] ?? 0;
          return (
            <li key={i} className={`cc-legend-item${tokens > 0 ? '' : ' none'}`} data-category={category.kind} data-name={category.name}>
              <Swatch className={`cc-seg ${categoryClass(c.categories, i)}`} />
              <span className={isToolCategory(category) ? 'mono' : undefined}>{categoryLabel(category)}</span>
              <span className="cc-legend-value">
                {round(tokens)} <span className="muted">{percent(tokens, height)}</span>
              </span>
            </li>
          );
        })}
        {anyLeftover && (
          <li className={`cc-legend-item${leftover > 0 ? '' : ' none'}`} data-category="leftover" title={LEFTOVER_HINT}>
            <Swatch className="cc-leftover-swatch" />
            <span>{LEFTOVER_LABEL}</span>
            <span className="cc-legend-value">
              {Number.isNaN(leftover) ? '–' : round(leftover)} <span className="muted">{leftover > 0 ? percent(leftover, height) : ''}</span>
            </span>
          </li>
        )}
      </ul>

      <p className="cc-turn-line">
        <strong>
          Turn {formatCount(t + 1)} of {formatCount(c.turns.count)}
        </strong>{' '}
        <button type="button" className="link-button" data-testid="composition-turn-message" onClick={() => select({ index })}>
          message #{index}
        </button>
        {' · '}
        <span data-testid="composition-reconciliation">{reconciliation(c, t)}</span>
      </p>

      <h3 className="cc-subtitle">
        Biggest contributors{' '}
        <span className="cc-subtitle-note">
          tokens counted with {c.encoding}, share of the {round(counted)} counted
        </span>
      </h3>
      {contributors.length === 0 ? (
        <p className="tokens-note muted">Nothing before this turn in the file: its whole input is outside it.</p>
      ) : (
        <ol className="cc-contributors">
          {contributors.map(({ index: m, tokens }) => (
            <Contributor
              key={m}
              composition={c}
              index={m}
              tokens={tokens}
              scale={scale}
              counted={counted}
              largest={contributors[0]?.tokens ?? tokens}
              selected={selected === m}
              onSelect={() => select({ index: m, related: [index] })}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
