import { anthropicLayout, type AnthropicLayout } from '../providers/anthropic/requestLayout';
import type { Finding, Rejection } from '../model';
import { anthropicMissingResult, anthropicResultsNotFirst } from '../providers/anthropic/errors';
import { geminiResponseNotAfterCall } from '../providers/gemini';
import { LANGGRAPH_ACCEPTS_ORDER } from '../providers/langgraph/errors';
import { openaiChatMissingResult } from '../providers/openaiChat';
import { callRef, idInError, madeUpAt } from './callNames';
import { at, callAt, linkRule, nextNonTool, report, type LinkRule } from './rule';

/**
 * Anthropic sees the request its export builds: a human message that shares the result's user turn
 * leaves the result out of the leading tool_result run; one in a turn of its own leaves the
 * assistant turn without results; a system or unreadable message between is not in `messages` at all.
 */
function anthropicRejection(layout: AnthropicLayout, call: number, result: number, id: string): Rejection | undefined {
  const callTurn = layout.turnOf[call] ?? -1;
  const resultTurn = layout.turnOf[result] ?? -1;
  if (callTurn < 0 || resultTurn < 0) return undefined;
  if (resultTurn > callTurn + 1) return anthropicMissingResult(callTurn, id);
  if (layout.leading[result] === 1) return undefined;
  return anthropicResultsNotFirst(resultTurn, layout.toolUses[callTurn] ?? 0);
}

/** OpenAI, Anthropic and Gemini want every result in the unbroken run of tool messages right after its call. */
export const toolResultsNotAdjacent: LinkRule<'tool-results-not-adjacent'> = linkRule({
  id: 'tool-results-not-adjacent',
  severity: 'error',
  scope: 'neutral',
  perLink({ messages }, findings: Finding[]) {
    const runEnd = nextNonTool(messages);
    return (link, { answered }) => {
      const id = link.id;
      for (const { call, result } of answered) {
        const between = runEnd[call.messageIndex + 1] ?? messages.length;
        if (between >= result) continue;
        const madeUp = madeUpAt(messages, link);
        const wire = idInError(id, madeUp);
        const name = callAt(messages, call)?.name ?? 'unknown';
        const role = messages[between]?.role ?? 'unknown';
        const anthropic = anthropicRejection(anthropicLayout(messages), call.messageIndex, result, wire);
        findings.push(
          report(
            toolResultsNotAdjacent,
            messages,
            {
              messageIndex: result,
              toolCallId: id,
              related: [call.messageIndex, between],
              text: `Tool result ${at(result)} answers ${callRef(id, madeUp, name)} from ${at(call.messageIndex)}, but ${at(between)} (${role}) stands between them.`,
              why: 'Only tool messages may stand between an AI message with tool calls and their results.',
              fix: `Move ${at(result)} to just before ${at(between)}, so it follows the other results of ${at(call.messageIndex)}.`,
            },
            { rejectedBy: [openaiChatMissingResult(wire), ...(anthropic ? [anthropic] : []), geminiResponseNotAfterCall], notes: [LANGGRAPH_ACCEPTS_ORDER] },
          ),
        );
      }
    };
  },
});
