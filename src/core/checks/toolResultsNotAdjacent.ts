import type { Finding } from '../model';
import { pairResults } from './pairing';
import {
  anthropicMissingResult,
  geminiResponseNotAfterCall,
  LANGGRAPH_ACCEPTS_ORDER,
  openaiChatMissingResult,
  why,
} from './providerErrors';
import { at, nextNonTool, report, type Rule } from './rule';

/** OpenAI, Anthropic and Gemini want every result in the unbroken run of tool messages right after its call. */
export const toolResultsNotAdjacent: Rule = {
  id: 'tool-results-not-adjacent',
  severity: 'error',
  check({ messages, links }) {
    const findings: Finding[] = [];
    const runEnd = nextNonTool(messages);
    for (const link of links.values()) {
      const id = link.id;
      for (const { call, result } of pairResults(link).answered) {
        const between = runEnd[call.messageIndex + 1] ?? messages.length;
        if (between >= result) continue;
        const role = messages[between]?.role ?? 'unknown';
        findings.push(
          report(toolResultsNotAdjacent, messages, {
            messageIndex: result,
            toolCallId: id,
            related: [call.messageIndex, between],
            text: `Tool result ${at(result)} answers "${id}" from ${at(call.messageIndex)}, but ${at(between)} (${role}) stands between them.`,
            why: why(
              'Only tool messages may stand between an AI message with tool calls and their results.',
              [openaiChatMissingResult(id), anthropicMissingResult(id), geminiResponseNotAfterCall],
              [LANGGRAPH_ACCEPTS_ORDER],
            ),
            fix: `Move ${at(result)} to just before ${at(between)}, so it follows the other results of ${at(call.messageIndex)}.`,
          }),
        );
      }
    }
    return findings;
  },
};
