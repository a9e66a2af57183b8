import { useEffect, useState } from 'react';
import type { CompositionView, MessageColumns, TranscriptView } from '../../protocol/workerApi';
import { ROLE_ORDER } from '../../protocol/workerApi';
import type { ViewSession } from '../../store/session';

/**
 * Estimated tokens for the messages that report no usage, indexed by message (NaN where there is no estimate or the
 * message reports usage): never reported tokens, never in a total, never priced.
 */
export interface TokenEstimates {
  /** A message's own tokens (what it adds to every later call's input); for an AI turn, the tokens of its context. */
  input: Float64Array;
  /** An AI message's own tokens: its text, calls and reasoning. */
  output: Float64Array;
  encoding: string;
}

const AI = ROLE_ORDER.indexOf('ai');

/** The estimates from a composition, for the messages of `view` without usage. */
export function estimatesOf(view: { count: number; columns: Pick<MessageColumns, 'role' | 'usageTotal'> }, c: CompositionView): TokenEstimates {
  const n = view.count;
  const input = new Float64Array(n).fill(NaN);
  const output = new Float64Array(n).fill(NaN);
  const { role, usageTotal } = view.columns;
  for (let i = 0; i < n; i++) {
    if ((usageTotal[i] ?? -1) >= 0) continue;
    const own = c.messages.tokens[i] ?? NaN;
    if (role[i] === AI) output[i] = own + (c.messages.reasoning[i] ?? 0);
    else input[i] = own;
  }
  for (let t = 0; t < c.turns.count; t++) {
    const index = c.turns.index[t] ?? -1;
    if ((usageTotal[index] ?? -1) < 0) input[index] = c.turns.counted[t] ?? NaN;
  }
  return { input, output, encoding: c.encoding };
}

/**
 * The estimates for the history on screen once its composition is counted (the session asks the worker once); null
 * before, on failure, or when every message reports usage (then nothing is counted for them).
 */
export function useTokenEstimates(view: TranscriptView, session: ViewSession | null): TokenEstimates | null {
  const [estimates, setEstimates] = useState<{ view: TranscriptView; estimates: TokenEstimates } | null>(null);
  useEffect(() => {
    if (!session || view.columns.usageTotal.every((total) => total >= 0)) return;
    let live = true;
    // Asked once the page is idle: loading the tokenizer and counting keep the worker busy, and the table's first
    // sort or filter, asked of the same worker, would wait behind them (a first sort of 100k rows: 995 ms, else 205).
    const idle = requestIdleCallback(
      () =>
        void session.composition().then(
          (c) => live && setEstimates({ view, estimates: estimatesOf(view, c) }),
          // Without estimates the columns say what is reported, as they would anyway.
          () => undefined,
        ),
      { timeout: 3000 },
    );
    return () => {
      live = false;
      cancelIdleCallback(idle);
    };
  }, [view, session]);
  return estimates?.view === view ? estimates.estimates : null;
}
