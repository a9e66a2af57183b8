// The context composition of the open conversation (core/composition), counted with the real tokenizer: once per
// conversation, kept while the history is loaded, sent to the page as columns it takes over (transferred).
import { composeContext, countMessages, newMessageCounts, type Composition } from '../core/composition';
import type { Transcript } from '../core/model';
import type { CompositionView, CountProgress } from '../protocol/workerApi';
import { loadTokenCounter, TOKEN_ENCODING } from './tokenCounter';

/** Counting runs in slices this long, so that the worker answers other requests (cards, details) in between. */
const SLICE_MS = 40;
/** No progress is reported before the count has taken this long: a short one just answers. */
const QUIET_MS = 150;

// Keyed by the conversation's Transcript: a file of several keeps one each, and a reload (another Transcript) counts again.
const kept = new WeakMap<Transcript, Promise<Composition>>();

/**
 * The conversation's composition, counted on the first request; `progress` hears how far a count has got once it has
 * taken `quietMs`.
 */
export function compositionOf(transcript: Transcript, progress: (p: CountProgress) => void, quietMs = QUIET_MS): Promise<Composition> {
  let composition = kept.get(transcript);
  if (!composition) {
    composition = compose(transcript, progress, quietMs);
    // A failed count is not kept: asking again tries again.
    composition.catch(() => kept.delete(transcript));
    kept.set(transcript, composition);
  }
  return composition;
}

async function compose({ messages, links }: Transcript, progress: (p: CountProgress) => void, quietMs: number): Promise<Composition> {
  const count = await loadTokenCounter();
  const counts = newMessageCounts(messages.length);
  const started = performance.now();
  let from = 0;
  while (from < messages.length) {
    const sliceStart = performance.now();
    // Whole messages, in chunks of 64 between looks at the clock.
    while (from < messages.length && performance.now() - sliceStart < SLICE_MS) {
      const to = Math.min(messages.length, from + 64);
      countMessages(messages, count, counts, from, to);
      from = to;
    }
    if (from < messages.length) {
      if (performance.now() - started >= quietMs) progress({ phase: 'count', done: from, total: messages.length });
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  return composeContext(messages, links, counts);
}

/**
 * A copy of `composition` whose buffers can be handed to the page: the worker keeps its own, so asking again (another
 * view of the same conversation) costs a copy, not a count.
 */
export function compositionReply(composition: Composition): { result: CompositionView; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const copy = <T extends { slice(): T; readonly buffer: ArrayBuffer }>(array: T): T => {
    const copied = array.slice();
    transfer.push(copied.buffer);
    return copied;
  };
  const { messages: m, turns: t, categories } = composition;
  const result: CompositionView = {
    encoding: TOKEN_ENCODING,
    categories,
    messages: { tokens: copy(m.tokens), reasoning: copy(m.reasoning), media: copy(m.media), category: copy(m.category) },
    turns: {
      count: t.count,
      index: copy(t.index),
      contextEnd: copy(t.contextEnd),
      usageAt: copy(t.usageAt),
      reported: copy(t.reported),
      counted: copy(t.counted),
      scale: copy(t.scale),
      leftover: copy(t.leftover),
      over: copy(t.over),
      media: copy(t.media),
      raw: copy(t.raw),
      scaled: copy(t.scaled),
      contributorStart: copy(t.contributorStart),
      contributorIndex: copy(t.contributorIndex),
      contributorTokens: copy(t.contributorTokens),
    },
  };
  return { result, transfer };
}
