// Context composition: for each AI turn, what its input was made of (system prompt, human turns, AI turns, each tool's
// results, left over), counted with o200k_base in the worker and scaled to the turn's reported input where it has one.
import { useMemo, useState } from 'react';
import type { CompositionView, CountProgress } from '../../protocol/workerApi';
import { useStore } from '../../store/store';
import { formatCount, plural } from '../text/format';
import { ContextCompositionChart, plotWidth, useWidth } from './ContextCompositionChart';
import { ContextCompositionDetails } from './ContextCompositionDetails';
import { initialTurn, layoutBars, turnHeights } from './contextCompositionBars';
import { useContextComposition } from './useContextComposition';
import './contextComposition.css';

function Counting({ progress }: { progress: CountProgress | undefined }) {
  const fraction = progress && progress.total > 0 ? progress.done / progress.total : undefined;
  return (
    <div className="cc-counting" data-testid="composition-counting">
      <p className="view-loading">
        Counting tokens with o200k_base…
        {progress && ` ${formatCount(progress.done)} of ${plural(progress.total, 'message')}`}
      </p>
      {fraction !== undefined && (
        <div
          className="cc-progress"
          role="progressbar"
          aria-label="Counting tokens"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(fraction * 100)}
        >
          <div style={{ transform: `scaleX(${fraction})` }} />
        </div>
      )}
    </div>
  );
}

/** What the figures are: which tokenizer, and whether they were fitted to reported usage. */
function scalingNote(c: CompositionView, encoding: string): string {
  let reported = 0;
  for (const r of c.turns.reported) if (!Number.isNaN(r)) reported++;
  if (reported === 0) return `Estimated with ${encoding}, not scaled: no usage reported.`;
  if (reported === c.turns.count) return `Estimated with ${encoding}, scaled to reported input.`;
  return `Estimated with ${encoding}, scaled to reported input where reported (${formatCount(reported)} of ${plural(c.turns.count, 'turn')}; the others not scaled: no usage reported).`;
}

function Composition({ composition: c }: { composition: CompositionView }) {
  const kind = useStore((s) => s.view?.kind);
  const selection = useStore((s) => s.selection);
  const selected = selection?.index;
  const select = useStore((s) => s.select);
  const heights = useMemo(() => turnHeights(c), [c]);
  const [chosen, setChosen] = useState(() => initialTurn(c, heights, selected));
  // A turn selected elsewhere (a point of the growth chart, a row of the table) is the one broken down; a contributor
  // chosen below names its turn in `related` and keeps it. Adjusted while rendering, as React advises over an effect.
  const [followed, setFollowed] = useState(selection);
  if (followed !== selection) {
    setFollowed(selection);
    const turn = selected === undefined || selection?.related?.length ? -1 : c.turns.index.indexOf(selected);
    if (turn >= 0 && turn !== chosen) setChosen(turn);
  }
  const [box, width] = useWidth();
  const layout = useMemo(() => layoutBars(heights, plotWidth(width)), [heights, width]);
  const { present, anyLeftover } = useMemo(() => presentCategories(c), [c]);

  const choose = (turn: number): void => {
    setChosen(turn);
    const index = c.turns.index[turn];
    if (index !== undefined) select({ index });
  };

  if (c.turns.count === 0) {
    return (
      <p className="tokens-empty" data-testid="composition-empty">
        {kind === 'request'
          ? 'No AI turn in this file: it is a request the model has not answered, so no model call’s input can be broken down.'
          : 'No AI turn in this history: no model call’s input to break down.'}
      </p>
    );
  }
  return (
    <>
      <p className="tokens-note muted" data-testid="composition-scaling">
        {scalingNote(c, c.encoding)} Reasoning from earlier turns is not counted (providers drop it); images and files count as 0.
      </p>
      {kind === 'response' && (
        <p className="tokens-note muted">This file is a response: the request it answered is not in it, so most of its reported input shows as left over.</p>
      )}
      {layout.perBar > 1 && (
        <p className="tokens-note" data-testid="composition-bucketed">
          {formatCount(c.turns.count)} turns are more than the chart has room for: each bar stands for up to {formatCount(layout.perBar)} consecutive turns and
          shows the largest of them.
        </p>
      )}
      <div className="cc-chart" ref={box}>
        {width > 0 && <ContextCompositionChart composition={c} heights={heights} layout={layout} width={width} chosen={chosen} onChoose={choose} />}
      </div>
      {chosen >= 0 && <ContextCompositionDetails composition={c} present={present} anyLeftover={anyLeftover} turn={chosen} height={heights[chosen] ?? 0} />}
    </>
  );
}

/** The categories that hold tokens in some turn, and whether any turn has a left over. */
function presentCategories(c: CompositionView): { present: number[]; anyLeftover: boolean } {
  const k = c.categories.length;
  const seen = new Uint8Array(k);
  for (let i = 0; i < c.turns.raw.length; i++) if ((c.turns.raw[i] ?? 0) > 0) seen[i % k] = 1;
  const present = Array.from(seen.keys()).filter((i) => seen[i] === 1);
  return { present, anyLeftover: c.turns.leftover.some((l) => l > 0) };
}

/** The Tokens view's context composition section: its data counted on first open, then kept for the conversation. */
export function ContextComposition() {
  const fetched = useContextComposition();
  return (
    <section
      className="tokens-section context-composition"
      aria-labelledby="context-composition-title"
      data-testid="context-composition"
      data-state={fetched.status}
      data-turns={fetched.status === 'ready' ? fetched.composition.turns.count : undefined}
    >
      <h2 id="context-composition-title" className="tokens-title">
        Context composition
      </h2>
      {fetched.status === 'counting' && <Counting progress={fetched.progress} />}
      {fetched.status === 'error' && (
        <p className="panel-empty" role="alert" data-testid="composition-error">
          Could not count the context: {fetched.message}
        </p>
      )}
      {fetched.status === 'ready' && <Composition composition={fetched.composition} />}
    </section>
  );
}
