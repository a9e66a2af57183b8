// How the context grew along a run: one point per AI turn that reports usage, in columns (typed arrays), so
// that a run of 30,000 turns crosses from the worker to the page as a few buffers rather than 30,000 objects.
import type { Message } from '../model';
import { contextWindowOf, type ContextWindow } from './contextWindows';

export interface ContextGrowth {
  /** Point i is the AI turn at message index `index[i]`, in message order. */
  index: Int32Array<ArrayBuffer>;
  /** The turn's input tokens, cache reads and writes included (`Usage.input`). */
  input: Float64Array<ArrayBuffer>;
  /** Of that input, the part read from the cache; NaN when the turn does not say. */
  cacheRead: Float64Array<ArrayBuffer>;
  output: Float64Array<ArrayBuffer>;
  /** Position of the turn's model in `models`. */
  model: Uint32Array<ArrayBuffer>;
  /** The models of the points (`unknown` for a turn that names none), in order of first use. */
  models: string[];
  /** By position in `models`: its documented context window, null when its family is not known. */
  windows: (ContextWindow | null)[];
}

/** Two walks of the messages: one to size the columns, one to fill them. */
export function contextGrowth(messages: readonly Message[]): ContextGrowth {
  let n = 0;
  for (const m of messages) if (m.role === 'ai' && m.usage !== undefined) n++;
  const growth: ContextGrowth = {
    index: new Int32Array(n),
    input: new Float64Array(n),
    cacheRead: new Float64Array(n),
    output: new Float64Array(n),
    model: new Uint32Array(n),
    models: [],
    windows: [],
  };
  const codes = new Map<string, number>();
  let i = 0;
  for (const m of messages) {
    const usage = m.usage;
    if (m.role !== 'ai' || usage === undefined) continue;
    const name = m.model ?? 'unknown';
    let code = codes.get(name);
    if (code === undefined) {
      codes.set(name, (code = growth.models.length));
      growth.models.push(name);
      growth.windows.push((m.model !== undefined && contextWindowOf(m.model)) || null);
    }
    growth.index[i] = m.index;
    growth.input[i] = usage.input;
    growth.cacheRead[i] = usage.cacheRead ?? Number.NaN;
    growth.output[i] = usage.output;
    growth.model[i] = code;
    i++;
  }
  return growth;
}

/** The buffers of a series, to hand over to the page rather than copy. */
export const growthBuffers = (growth: ContextGrowth): ArrayBuffer[] => [
  growth.index.buffer,
  growth.input.buffer,
  growth.cacheRead.buffer,
  growth.output.buffer,
  growth.model.buffer,
];
