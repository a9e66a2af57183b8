import { anthropicLayout } from '../providers/anthropic/requestLayout';
import type { Finding } from '../model';
import { anthropicUnexpectedResult } from '../providers/anthropic/errors';
import { geminiResponseNotAfterCall } from '../providers/gemini';
import { openaiChatResultWithoutCall } from '../providers/openaiChat';
import { openaiResponsesMissingCall } from '../providers/openaiResponses';
import { idInError, madeUpAt } from './callNames';
import { at, linkRule, report, type LinkRule } from './rule';

export const orphanToolResult: LinkRule<'orphan-tool-result'> = linkRule({
  id: 'orphan-tool-result',
  severity: 'error',
  scope: 'neutral',
  perLink:
    ({ messages }, findings: Finding[]) =>
    (link) => {
      if (link.calls.length > 0) return;
      const id = link.id;
      const { turnOf, blockOf } = anthropicLayout(messages);
      const madeUp = madeUpAt(messages, link);
      const wire = idInError(id, madeUp);
      for (const result of link.results) {
        const name = messages[result]?.name ?? 'unnamed';
        findings.push(
          report(
            orphanToolResult,
            messages,
            {
              messageIndex: result,
              toolCallId: id,
              text:
                madeUp === undefined
                  ? `Tool result ${at(result)} answers "${id}", but no AI message issued a call with that id.`
                  : `Tool result ${at(result)} (${madeUp}) has no id, and no ${name} call waits for it in the AI message before it.`,
              why: 'The model never asked for this result, so nothing links it to a call.',
              fix:
                madeUp === undefined
                  ? `Remove ${at(result)}, or set its tool_call_id to the id of the call it answers.`
                  : `Remove ${at(result)}, or move it right after the AI message whose ${name} call it answers.`,
            },
            {
              rejectedBy: [
                openaiChatResultWithoutCall,
                openaiResponsesMissingCall(wire),
                anthropicUnexpectedResult(turnOf[result] ?? 0, blockOf[result] ?? 0, wire),
                geminiResponseNotAfterCall,
              ],
            },
          ),
        );
      }
    },
});
