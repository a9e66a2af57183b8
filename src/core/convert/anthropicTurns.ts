// How a history splits into the turns of an Anthropic Messages request. The Anthropic export builds
// its request from this, and rules quote Anthropic's `messages.N.content.M` from it, so an error
// names the same position the exported request has.
import type { Message, ToolCall } from '../model';
import { isServerCall, isServerResult } from './serverTools';

export type AnthropicRole = 'user' | 'assistant';

export interface AnthropicTurn {
  role: AnthropicRole;
  /** Indices of the messages that make up this turn, in order. */
  messages: number[];
  /** tool_use blocks in this turn (assistant turns; invalid calls count when a result answers them). */
  toolUses: number;
}

export interface AnthropicLayout {
  turns: AnthropicTurn[];
  /** Per message: its turn (`messages.N`), or -1 for messages outside `messages` (system, unreadable). */
  turnOf: Int32Array;
  /** Per user-side message: the position of its first block in its turn (`content.M`). */
  blockOf: Int32Array;
  /** Per user-side message: 1 when only tool_result blocks come before it in its turn. */
  leading: Uint8Array;
  /** Every tool_call_id some tool message answers. */
  answered: ReadonlySet<string>;
}

function sideOf(m: Message): AnthropicRole | undefined {
  if (m.role === 'ai' || isServerResult(m)) return 'assistant';
  return m.role === 'human' || m.role === 'tool' ? 'user' : undefined;
}

/** Blocks a user-side message adds to its turn: one tool_result, or one per content block. */
const userBlockCount = (m: Message): number => (m.role === 'tool' ? 1 : Math.max(1, m.content.length));

/**
 * Whether `m` continues the turn `prev` is in. Adapters that split wire messages say so with `turn`;
 * otherwise tool results and the human text after them share a user turn (as langchain-anthropic
 * merges them), but two human messages stay two turns so neither boundary is lost.
 */
function continues(prev: Message, m: Message): boolean {
  if (sideOf(prev) !== sideOf(m)) return false;
  if (isServerResult(m)) return true;
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

/** The calls a user's tool_result must answer: server tools answer themselves. */
const clientCalls = (m: Message): ToolCall[] => m.toolCalls.filter((c) => !isServerCall(c));

/** Linear; computed once per messages array (rules and the export share it). */
export function anthropicLayout(messages: readonly Message[]): AnthropicLayout {
  const cached = cache.get(messages);
  if (cached) return cached;
  const answered = new Set<string>();
  for (const m of messages) if (m.role === 'tool' && m.toolCallId !== undefined) answered.add(m.toolCallId);
  const turns: AnthropicTurn[] = [];
  const turnOf = new Int32Array(messages.length).fill(-1);
  const blockOf = new Int32Array(messages.length);
  const leading = new Uint8Array(messages.length);
  let prev: Message | undefined;
  let blocks = 0;
  let clean = true;
  for (const m of messages) {
    const role = sideOf(m);
    if (role === undefined) continue;
    if (prev === undefined || !continues(prev, m)) {
      turns.push({ role, messages: [], toolUses: 0 });
      blocks = 0;
      clean = true;
    }
    const turn = turns[turns.length - 1];
    if (turn === undefined) continue;
    turn.messages.push(m.index);
    turnOf[m.index] = turns.length - 1;
    if (role === 'assistant') turn.toolUses += clientCalls(m).length + sentInvalidCalls(m, answered).length;
    else {
      blockOf[m.index] = blocks;
      leading[m.index] = clean ? 1 : 0;
      blocks += userBlockCount(m);
      if (m.role === 'human' && (m.content.length === 0 || m.content.some((b) => b.kind !== 'tool_result'))) clean = false;
    }
    prev = m;
  }
  const layout = { turns, turnOf, blockOf, leading, answered };
  cache.set(messages, layout);
  return layout;
}
