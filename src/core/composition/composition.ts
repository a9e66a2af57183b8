// What each AI turn's input was made of: the messages before it counted by category (system, human, AI, each tool's
// results, other), reconciled with the input the turn reported. One walk of the history with running sums: a turn's
// row is the sums at its first message, so 100,000 messages and 30,000 turns cost one pass, not one pass a turn.
import { linkedCallNames } from '../tokens';
import type { Message, ToolLinks } from '../model';
import { countMessages, newMessageCounts, type MessageCounts, type TokenCounter } from './messageTokens';
import { TopMessages } from './topMessages';
import { findAiTurns, type AiTurns } from './turns';

/** `tool` is one tool's results (`name`); `otherTools` the results of the tools past the MAX_TOOL_CATEGORIES largest. */
export type CategoryKind = 'system' | 'human' | 'ai' | 'tool' | 'otherTools' | 'other';

export interface CompositionCategory {
  kind: CategoryKind;
  /** The tool's name, for `tool`. */
  name?: string;
}

/** Tools with a category of their own, the largest by their results' tokens; the others share `otherTools`. */
export const MAX_TOOL_CATEGORIES = 10;

/** Contributors kept per turn. */
export const CONTRIBUTORS_KEPT = 10;

export interface CompositionTurns extends AiTurns {
  /** The turn's reported input tokens (`Usage.input`, cache reads and writes included), NaN where none is reported. */
  reported: Float64Array<ArrayBuffer>;
  /** The tokens counted in its context: the sum of its `raw` row. */
  counted: Float64Array<ArrayBuffer>;
  /** What `raw` is multiplied by to give `scaled`: 1, or reported ÷ counted when the count exceeds the report. */
  scale: Float64Array<ArrayBuffer>;
  /** Reported − counted where that is positive (tool definitions, formatting, images, the tokenizers' difference); 0 when not; NaN without a report. */
  leftover: Float64Array<ArrayBuffer>;
  /** Counted − reported where the count exceeds the report (then `scaled` fits the report and `leftover` is 0); else 0. */
  over: Float64Array<ArrayBuffer>;
  /** Image, audio and file blocks in the context: counted as 0, so where usage is reported they are in `leftover`. */
  media: Uint32Array<ArrayBuffer>;
  /** Row-major, `count × categories.length`: the tokens counted in each category of the turn's context. */
  raw: Float64Array<ArrayBuffer>;
  /** `raw` × `scale`: with `leftover`, the row sums to the reported input when there is one. */
  scaled: Float64Array<ArrayBuffer>;
  /** Turn t's biggest contributors are `contributorIndex[contributorStart[t] .. contributorStart[t + 1])`, largest first. */
  contributorStart: Int32Array<ArrayBuffer>;
  /** Message indices. */
  contributorIndex: Int32Array<ArrayBuffer>;
  /** Their counted tokens (unscaled). */
  contributorTokens: Float64Array<ArrayBuffer>;
}

export interface Composition {
  categories: CompositionCategory[];
  /** Per message: its counts, and its category (a position in `categories`). */
  messages: MessageCounts & { category: Uint16Array<ArrayBuffer> };
  turns: CompositionTurns;
}

/** Counts every message with `count`, then composes: for tests and callers that need no slices. */
export function computeComposition(messages: readonly Message[], links: ToolLinks, count: TokenCounter): Composition {
  const counts = newMessageCounts(messages.length);
  countMessages(messages, count, counts);
  return composeContext(messages, links, counts);
}

/** The composition of every AI turn from the messages' counts (`countMessages`). */
export function composeContext(messages: readonly Message[], links: ToolLinks, counts: MessageCounts, kept = CONTRIBUTORS_KEPT): Composition {
  const n = messages.length;
  const { categories, category } = categorize(messages, links, counts.tokens);
  const k = categories.length;
  const aiTurns = findAiTurns(messages);
  const turns = aiTurns.count;
  const out: CompositionTurns = {
    ...aiTurns,
    reported: new Float64Array(turns),
    counted: new Float64Array(turns),
    scale: new Float64Array(turns),
    leftover: new Float64Array(turns),
    over: new Float64Array(turns),
    media: new Uint32Array(turns),
    raw: new Float64Array(turns * k),
    scaled: new Float64Array(turns * k),
    contributorStart: new Int32Array(turns + 1),
    contributorIndex: new Int32Array(0),
    contributorTokens: new Float64Array(0),
  };

  const sums = new Float64Array(k);
  let total = 0;
  let media = 0;
  const top = new TopMessages(kept);
  const contributors = { index: [] as number[], tokens: [] as number[] };
  let t = 0;
  // Turn t's context ends where it starts, so its row is taken before message contextEnd[t] is added.
  for (let i = 0; i <= n && t < turns; i++) {
    while (t < turns && out.contextEnd[t] === i) {
      out.raw.set(sums, t * k);
      out.counted[t] = total;
      out.media[t] = media;
      reconcile(out, t, k, reportedInput(messages, out.usageAt[t] ?? -1));
      out.contributorStart[t] = contributors.index.length;
      top.appendSorted(contributors);
      t++;
    }
    if (i === n) break;
    const tokens = counts.tokens[i] ?? 0;
    const c = category[i] ?? 0;
    sums[c] = (sums[c] ?? 0) + tokens;
    total += tokens;
    media += counts.media[i] ?? 0;
    top.add(i, tokens);
  }
  out.contributorStart[turns] = contributors.index.length;
  out.contributorIndex = Int32Array.from(contributors.index);
  out.contributorTokens = Float64Array.from(contributors.tokens);
  return { categories, messages: { ...counts, category }, turns: out };
}

function reportedInput(messages: readonly Message[], at: number): number {
  return at < 0 ? NaN : (messages[at]?.usage?.input ?? NaN);
}

/**
 * Fits turn t's counted row to its report. The count is a lower bound of what the provider saw: it misses the tool
 * definitions, the chat template's formatting and the media, so what the report has beyond it is left over, and a
 * count above the report (a provider that dropped or truncated messages, another tokenizer) is scaled down to it and
 * said (`over`). Without a report nothing is scaled and nothing is left over.
 */
function reconcile(out: CompositionTurns, t: number, k: number, reported: number): void {
  const counted = out.counted[t] ?? 0;
  out.reported[t] = reported;
  const scale = Number.isNaN(reported) || counted <= reported ? 1 : reported / counted;
  out.scale[t] = scale;
  out.leftover[t] = Number.isNaN(reported) ? NaN : Math.max(0, reported - counted);
  out.over[t] = Number.isNaN(reported) ? 0 : Math.max(0, counted - reported);
  for (let c = t * k; c < (t + 1) * k; c++) out.scaled[c] = (out.raw[c] ?? 0) * scale;
}

/** The categories (tools ordered by their results' tokens, largest first) and each message's category. */
function categorize(
  messages: readonly Message[],
  links: ToolLinks,
  tokens: Float64Array,
): { categories: CompositionCategory[]; category: Uint16Array<ArrayBuffer> } {
  const callNames = linkedCallNames(messages, links);
  const toolOf = (i: number): string => callNames[i] ?? messages[i]?.name ?? 'unknown';
  const toolTokens = new Map<string, number>();
  for (let i = 0; i < messages.length; i++) {
    if (messages[i]?.role !== 'tool') continue;
    const name = toolOf(i);
    toolTokens.set(name, (toolTokens.get(name) ?? 0) + (tokens[i] ?? 0));
  }
  const tools = [...toolTokens].sort(([a, ta], [b, tb]) => tb - ta || (a < b ? -1 : a > b ? 1 : 0)).map(([name]) => name);
  const own = tools.slice(0, MAX_TOOL_CATEGORIES);

  const categories: CompositionCategory[] = [{ kind: 'system' }, { kind: 'human' }, { kind: 'ai' }, ...own.map((name) => ({ kind: 'tool' as const, name }))];
  const toolCategory = new Map(own.map((name, i) => [name, 3 + i]));
  // Every tool past the largest ones shares one category, made only when there are such tools.
  const otherTools = tools.length > own.length ? categories.push({ kind: 'otherTools' }) - 1 : 0;
  const other = categories.push({ kind: 'other' }) - 1;

  const category = new Uint16Array(messages.length);
  for (let i = 0; i < messages.length; i++) {
    const role = messages[i]?.role;
    category[i] = role === 'system' ? 0 : role === 'human' ? 1 : role === 'ai' ? 2 : role === 'tool' ? (toolCategory.get(toolOf(i)) ?? otherTools) : other;
  }
  return { categories, category };
}
