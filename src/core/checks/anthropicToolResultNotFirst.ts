import { anthropicLayout, type AnthropicLayout } from '../providers/anthropic/requestLayout';
import type { Finding, Message } from '../model';
import { anthropicResultsNotFirst } from '../providers/anthropic/errors';
import { at, atStart, historyRule, report, type CheckContext, type HistoryRule } from './rule';

/**
 * Anthropic wants the user message after tool_use blocks to begin with the tool_result blocks.
 * Results linked by id are reported by tool-results-not-adjacent, which knows the call they answer;
 * this rule covers the tool_result blocks ids cannot place: inside a human message's own content
 * (LangChain users write Anthropic blocks there) and in tool messages without a tool_call_id.
 */
export const anthropicToolResultNotFirst: HistoryRule<'anthropic-tool-result-not-first'> = historyRule({
  id: 'anthropic-tool-result-not-first',
  severity: 'error',
  scope: ['anthropic'],
  check({ messages }) {
    const findings: Finding[] = [];
    const layout = anthropicLayout(messages);
    for (let t = 1; t < layout.assistant.length; t++) {
      if (layout.assistant[t] === 1 || layout.toolUses[t - 1] === 0) continue;
      const misplaced = firstMisplaced(messages, layout, t);
      if (misplaced !== undefined) findings.push(found(messages, layout, t, misplaced));
    }
    return findings;
  },
});

/** The first unlinked tool_result that has other content before it in user turn `turn`, and that content. */
function firstMisplaced(messages: readonly Message[], { start, order }: AnthropicLayout, turn: number): { at: number; after: number } | undefined {
  let other: number | undefined;
  for (let k = start[turn] ?? 0; k < (start[turn + 1] ?? 0); k++) {
    const index = order[k] ?? 0;
    const m = messages[index];
    if (m === undefined) continue;
    if (m.role === 'tool') {
      if (other !== undefined && m.toolCallId === undefined) return { at: index, after: other };
      continue;
    }
    for (const block of m.content) {
      if (block.kind !== 'tool_result') other ??= index;
      else if (other !== undefined) return { at: index, after: other };
    }
    if (m.content.length === 0) other ??= index;
  }
  return undefined;
}

const hasCalls = (m: Message | undefined): boolean => (m?.toolCalls.length ?? 0) + (m?.invalidToolCalls.length ?? 0) > 0;

/** The last message of turn `turn` that makes calls, else its first. */
function callerIn(messages: CheckContext['messages'], { start, order }: AnthropicLayout, turn: number): number {
  const first = start[turn] ?? 0;
  for (let k = (start[turn + 1] ?? 0) - 1; k >= first; k--) {
    const index = order[k] ?? 0;
    if (hasCalls(messages[index])) return index;
  }
  return order[first] ?? 0;
}

function found(messages: CheckContext['messages'], layout: AnthropicLayout, turn: number, { at: index, after }: { at: number; after: number }): Finding {
  const caller = callerIn(messages, layout, turn - 1);
  const where = index === after ? `${atStart(index)} has text before its tool_result block` : `${atStart(after)} comes before the tool result ${at(index)}`;
  return report(
    anthropicToolResultNotFirst,
    messages,
    {
      messageIndex: index,
      related: [caller, after],
      text: `${where}, in the user turn that answers the tool_use blocks of ${at(caller)}.`,
      why: 'Anthropic looks for the results of a tool_use turn only at the start of the next user message, so content before them is refused.',
      fix: 'Put the tool_result blocks first in that user message, before any text or other content.',
    },
    { rejectedBy: [anthropicResultsNotFirst(turn, layout.toolUses[turn - 1] ?? 0)] },
  );
}
