// How a history splits into the turns of an Anthropic Messages request. The Anthropic export builds
// its request from this, and rules quote Anthropic's `messages.N.content.M` from it, so an error
// names the same position the exported request has.
import type { Message, ToolCall } from '../../model';
import { isServerCall, isServerResult } from './serverTools';

export type AnthropicRole = 'user' | 'assistant';

export interface AnthropicTurn {
  role: AnthropicRole;
  /** Indices of the messages that make up this turn, in order. */
  messages: number[];
  /** tool_use blocks in this turn (assistant turns; invalid calls count when a result answers them). */
  toolUses: number;
}

/**
 * The turns in typed arrays, one entry a turn: a history of a million messages has most of a million
 * turns, and rules walk them all. `turns` gives them as objects, built on first use (the export).
 */
export interface AnthropicLayout {
  readonly turns: AnthropicTurn[];
  /** Per turn: 1 for an assistant turn, 0 for a user turn. */
  assistant: Uint8Array;
  /** Per turn: its tool_use blocks, as AnthropicTurn.toolUses. */
  toolUses: Int32Array;
  /** The messages of turn t are `order[start[t]]` up to, not including, `order[start[t + 1]]`. */
  start: Int32Array;
  order: Int32Array;
  /** Per message: its turn (`messages.N`), or -1 for messages outside `messages` (system, unreadable). */
  turnOf: Int32Array;
  /** Per user-side message: the position of its first block in its turn (`content.M`). */
  blockOf: Int32Array;
  /** Per user-side message: 1 when only tool_result blocks come before it in its turn. */
  leading: Uint8Array;
  /** The ids of invalid calls some tool message answers (only invalid calls are asked about, see sentInvalidCalls). */
  answered: ReadonlySet<string>;
}

export const roleOfTurn = (layout: AnthropicLayout, turn: number): AnthropicRole => (layout.assistant[turn] === 1 ? 'assistant' : 'user');

/** `server`: whether `m` is a server tool's result (isServerResult), asked once per message by the caller. */
function sideOf(m: Message, server: boolean): AnthropicRole | undefined {
  if (m.role === 'ai' || server) return 'assistant';
  return m.role === 'human' || m.role === 'tool' ? 'user' : undefined;
}

/** Blocks a user-side message adds to its turn: one tool_result, or one per content block. */
const userBlockCount = (m: Message): number => (m.role === 'tool' ? 1 : Math.max(1, m.content.length));

/**
 * Whether `m` continues the turn `prev` is in, the two being on the same side. Adapters that split
 * wire messages say so with `turn`; otherwise tool results and the human text after them share a
 * user turn (as langchain-anthropic merges them), but two human messages stay two turns so neither
 * boundary is lost.
 */
function continues(prev: Message, m: Message, server: boolean): boolean {
  if (server) return true;
  if (prev.turn !== undefined && m.turn !== undefined) return prev.turn === m.turn;
  return m.role !== 'ai' && !(prev.role === 'human' && m.role === 'human');
}

const cache = new WeakMap<readonly Message[], AnthropicLayout>();

/**
 * LangChain's invalid_tool_calls are sent only when a tool message answers them (LangChain's error
 * ToolMessage): unanswered, they would leave a tool_use without a result.
 */
export const sentInvalidCalls = (m: Message, answered: ReadonlySet<string>): ToolCall[] =>
  m.invalidToolCalls.filter((c) => c.id !== undefined && answered.has(c.id));

/** The calls a user's tool_result must answer: server tools answer themselves, and so do the calls a code run made and answered. */
function clientCallCount(m: Message): number {
  let count = 0;
  for (const call of m.toolCalls) if (!isServerCall(call) && call.answeredInside === undefined) count++;
  return count;
}

/** Whether a human message has anything but tool_result blocks (an empty one is text too). */
function hasOtherThanResults(m: Message): boolean {
  for (const block of m.content) if (block.kind !== 'tool_result') return true;
  return m.content.length === 0;
}

/** The ids of the given invalid calls some tool message answers (before or after the call). */
function answeredInvalidCalls(messages: readonly Message[], withInvalid: readonly Message[]): Set<string> {
  const invalid = new Set<string>();
  for (const m of withInvalid) for (const call of m.invalidToolCalls) if (call.id !== undefined) invalid.add(call.id);
  const answered = new Set<string>();
  for (const m of messages) if (m.role === 'tool' && m.toolCallId !== undefined && invalid.has(m.toolCallId)) answered.add(m.toolCallId);
  return answered;
}

/** Linear; computed once per messages array (rules and the export share it). */
export function anthropicLayout(messages: readonly Message[]): AnthropicLayout {
  const cached = cache.get(messages);
  if (cached) return cached;
  // Sized for the most turns there can be, one a message.
  const assistant = new Uint8Array(messages.length);
  const toolUses = new Int32Array(messages.length);
  const start = new Int32Array(messages.length + 1);
  const order = new Int32Array(messages.length);
  // AI messages with invalid calls: theirs count as tool_use blocks only when answered, which an
  // answer later in the history decides, so they are counted after the walk (few histories have any).
  const withInvalid: Message[] = [];
  const turnOf = new Int32Array(messages.length).fill(-1);
  const blockOf = new Int32Array(messages.length);
  const leading = new Uint8Array(messages.length);
  let count = 0;
  let placed = 0;
  let prev: Message | undefined;
  let blocks = 0;
  let clean = true;
  for (const m of messages) {
    const server = isServerResult(m);
    const role = sideOf(m, server);
    if (role === undefined) continue;
    const side = role === 'assistant' ? 1 : 0;
    // A turn's role is the side of its last message, `prev`.
    if (prev === undefined || assistant[count - 1] !== side || !continues(prev, m, server)) {
      start[count] = placed;
      assistant[count] = side;
      count++;
      blocks = 0;
      clean = true;
    }
    order[placed++] = m.index;
    turnOf[m.index] = count - 1;
    if (role === 'assistant') {
      toolUses[count - 1] = (toolUses[count - 1] ?? 0) + clientCallCount(m);
      if (m.invalidToolCalls.length > 0) withInvalid.push(m);
    } else {
      blockOf[m.index] = blocks;
      leading[m.index] = clean ? 1 : 0;
      blocks += userBlockCount(m);
      if (m.role === 'human' && hasOtherThanResults(m)) clean = false;
    }
    prev = m;
  }
  start[count] = placed;
  const answered = withInvalid.length === 0 ? new Set<string>() : answeredInvalidCalls(messages, withInvalid);
  for (const m of withInvalid) {
    const turn = turnOf[m.index] ?? 0;
    toolUses[turn] = (toolUses[turn] ?? 0) + sentInvalidCalls(m, answered).length;
  }
  let turns: AnthropicTurn[] | undefined;
  const layout: AnthropicLayout = {
    get turns() {
      return (turns ??= Array.from({ length: count }, (_, t) => ({
        role: roleOfTurn(layout, t),
        messages: [...order.subarray(start[t], start[t + 1])],
        toolUses: toolUses[t] ?? 0,
      })));
    },
    assistant: assistant.subarray(0, count),
    toolUses: toolUses.subarray(0, count),
    start: start.subarray(0, count + 1),
    order: order.subarray(0, placed),
    turnOf,
    blockOf,
    leading,
    answered,
  };
  cache.set(messages, layout);
  return layout;
}
