import { anthropicLayout } from '../convert/anthropicTurns';
import type { Finding, Rejection } from '../model';
import { pairResults } from './pairing';
import {
  anthropicMissingResult,
  geminiResponseCount,
  langgraphMissingToolMessage,
  openaiChatMissingResult,
  openaiResponsesMissingOutput,
} from './providerErrors';
import { at, callAt, nextNonTool, report, type Rule } from './rule';

export const orphanToolCall: Rule = {
  id: 'orphan-tool-call',
  severity: 'error',
  check({ messages, links }) {
    const findings: Finding[] = [];
    let runEnd: Int32Array | undefined;
    for (const link of links.values()) {
      if (link.calls.length === 0) continue;
      const id = link.id;
      for (const ref of pairResults(link).unanswered) {
        // LangChain's invalid_tool_calls never reach ToolNode and create_react_agent's history
        // check ignores them; invalid-tool-call reports them with their own fix.
        if (ref.invalid) continue;
        const c = callAt(messages, ref);
        const name = c?.name ?? 'unknown';
        runEnd ??= nextNonTool(messages);
        const insertAfter = (runEnd[ref.messageIndex + 1] ?? messages.length) - 1;
        const turn = anthropicLayout(messages).turnOf[ref.messageIndex] ?? -1;
        const rejectedBy: Rejection[] = [openaiChatMissingResult(id), openaiResponsesMissingOutput(id)];
        if (turn >= 0) rejectedBy.push(anthropicMissingResult(turn, id));
        rejectedBy.push(geminiResponseCount, langgraphMissingToolMessage(id, name, c?.args));
        findings.push(
          report(orphanToolCall, messages, {
            messageIndex: ref.messageIndex,
            toolCallId: id,
            text: `The ${name} call "${id}" in ${at(ref.messageIndex)} has no tool result after it.`,
            why: 'The next request would send a call the model never got an answer to.',
            rejectedBy,
            fix: `Add a ToolMessage with tool_call_id="${id}" right after ${at(insertAfter)}, or remove the call from ${at(ref.messageIndex)}.`,
          }),
        );
      }
    }
    return findings;
  },
};
