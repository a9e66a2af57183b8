import { anthropicLayout } from '../providers/anthropic/requestLayout';
import type { Finding } from '../model';
import { anthropicUnexpectedResult } from '../providers/anthropic/errors';
import { geminiResponseNotAfterCall } from '../providers/gemini';
import { LANGGRAPH_ACCEPTS_ORDER } from '../providers/langgraph/errors';
import { openaiChatResultWithoutCall } from '../providers/openaiChat';
import { callRef, idInError, madeUpAt } from './callNames';
import { at, callAt, linkRule, report, type LinkRule } from './rule';

export const toolResultBeforeCall: LinkRule<'tool-result-before-call'> = linkRule({
  id: 'tool-result-before-call',
  severity: 'error',
  scope: 'neutral',
  perLink:
    ({ messages }, findings: Finding[]) =>
    (link, { early }) => {
      const id = link.id;
      const madeUp = madeUpAt(messages, link);
      for (const { call, result } of early) {
        const name = callAt(messages, call)?.name ?? 'unknown';
        const { turnOf, blockOf } = anthropicLayout(messages);
        findings.push(
          report(
            toolResultBeforeCall,
            messages,
            {
              messageIndex: result,
              toolCallId: id,
              related: [call.messageIndex],
              text: `Tool result ${at(result)} answers ${callRef(id, madeUp, name)}, but the call is only issued later, in ${at(call.messageIndex)}.`,
              why: 'A result must follow the AI message that asked for it.',
              fix: `Move ${at(result)} to just after ${at(call.messageIndex)}, with that message's other tool results.`,
            },
            {
              rejectedBy: [
                openaiChatResultWithoutCall,
                anthropicUnexpectedResult(turnOf[result] ?? 0, blockOf[result] ?? 0, idInError(id, madeUp)),
                geminiResponseNotAfterCall,
              ],
              notes: [LANGGRAPH_ACCEPTS_ORDER],
            },
          ),
        );
      }
    },
});
