import { anthropicLayout } from '../providers/anthropic/requestLayout';
import type { Finding, Rejection } from '../model';
import { anthropicMissingResult } from '../providers/anthropic/errors';
import { geminiResponseCount } from '../providers/gemini';
import { langgraphMissingToolMessage } from '../providers/langgraph/errors';
import { openaiChatMissingResult } from '../providers/openaiChat';
import { openaiResponsesMissingOutput } from '../providers/openaiResponses';
import { at, callAt, linkRule, nextNonTool, report, type LinkRule } from './rule';

export const orphanToolCall: LinkRule<'orphan-tool-call'> = linkRule({
  id: 'orphan-tool-call',
  severity: 'error',
  scope: 'neutral',
  perLink:
    ({ messages }, findings: Finding[]) =>
    (link, { unanswered }) => {
      const id = link.id;
      for (const ref of unanswered) {
        // LangChain's invalid_tool_calls never reach ToolNode and create_react_agent's history
        // check ignores them; invalid-tool-call reports them with their own fix.
        if (ref.invalid) continue;
        const c = callAt(messages, ref);
        const name = c?.name ?? 'unknown';
        const insertAfter = (nextNonTool(messages)[ref.messageIndex + 1] ?? messages.length) - 1;
        const turn = anthropicLayout(messages).turnOf[ref.messageIndex] ?? -1;
        const rejectedBy: Rejection[] = [openaiChatMissingResult(id), openaiResponsesMissingOutput(id)];
        if (turn >= 0) rejectedBy.push(anthropicMissingResult(turn, id));
        rejectedBy.push(geminiResponseCount, langgraphMissingToolMessage(id, name, c?.args));
        findings.push(
          report(
            orphanToolCall,
            messages,
            {
              messageIndex: ref.messageIndex,
              toolCallId: id,
              text: `The ${name} call "${id}" in ${at(ref.messageIndex)} has no tool result after it.`,
              why: 'The next request would send a call the model never got an answer to.',
              fix: `Add a ToolMessage with tool_call_id="${id}" right after ${at(insertAfter)}, or remove the call from ${at(ref.messageIndex)}.`,
            },
            { rejectedBy },
          ),
        );
      }
    },
});
