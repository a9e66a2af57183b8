import { anthropicLayout } from '../providers/anthropic/requestLayout';
import type { Finding } from '../model';
import { anthropicUnexpectedResult } from '../providers/anthropic/errors';
import { geminiResponseNotAfterCall } from '../providers/gemini';
import { openaiChatResultWithoutCall } from '../providers/openaiChat';
import { openaiResponsesMissingCall } from '../providers/openaiResponses';
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
      for (const result of link.results) {
        findings.push(
          report(
            orphanToolResult,
            messages,
            {
              messageIndex: result,
              toolCallId: id,
              text: `Tool result ${at(result)} answers "${id}", but no AI message issued a call with that id.`,
              why: 'The model never asked for this result, so nothing links it to a call.',
              fix: `Remove ${at(result)}, or set its tool_call_id to the id of the call it answers.`,
            },
            {
              rejectedBy: [
                openaiChatResultWithoutCall,
                openaiResponsesMissingCall(id),
                anthropicUnexpectedResult(turnOf[result] ?? 0, blockOf[result] ?? 0, id),
                geminiResponseNotAfterCall,
              ],
            },
          ),
        );
      }
    },
});
