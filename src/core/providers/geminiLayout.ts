// How a history splits into the `contents` of a Gemini generateContent request. The Gemini export builds its
// request from this, and the empty-parts rule quotes `contents[N]` from it, so an error names the position the
// exported request has. System messages go to `systemInstruction` and unreadable ones are left out: neither is in
// `contents`.
import type { Message } from '../model';

const cache = new WeakMap<readonly Message[], Int32Array>();

/**
 * Whether user-side message `m` shares the content of `prev`, the user-side message before it: as the Anthropic
 * layout splits user turns (requestLayout.ts), messages an adapter split from one wire message (`turn`) share it
 * again; otherwise tool results and the human text around them share one, and two human messages stay two.
 */
function sharesContent(prev: Message, m: Message): boolean {
  if (prev.turn !== undefined && m.turn !== undefined) return prev.turn === m.turn;
  return !(prev.role === 'human' && m.role === 'human');
}

/** Per message: its position in `contents`, or -1 for a message outside it. Linear; computed once per messages array. */
export function geminiContents(messages: readonly Message[]): Int32Array {
  const cached = cache.get(messages);
  if (cached) return cached;
  const position = new Int32Array(messages.length).fill(-1);
  let next = -1;
  let prev: Message | undefined;
  for (const m of messages) {
    if (m.role === 'system' || m.role === 'other') continue;
    const user = m.role !== 'ai';
    if (!(user && prev !== undefined && prev.role !== 'ai' && sharesContent(prev, m))) next++;
    position[m.index] = next;
    prev = m;
  }
  cache.set(messages, position);
  return position;
}
