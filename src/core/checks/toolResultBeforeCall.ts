import { anthropicLayout } from '../convert/anthropicTurns';
import type { Finding } from '../model';
import { pairResults } from './pairing';
import {
  anthropicUnexpectedResult,
  geminiResponseNotAfterCall,
  LANGGRAPH_ACCEPTS_ORDER,
  openaiChatResultWithoutCall,
} from './providerErrors';
import { at, report, type Rule } from './rule';

export const toolResultBeforeCall: Rule = {
  id: 'tool-result-before-call',
  severity: 'error',
  check({ messages, links }) {
    const findings: Finding[] = [];
    for (const link of links.values()) {
      if (link.calls.length === 0) continue;
      const id = link.id;
      for (const { call, result } of pairResults(link).early) {
        const { turnOf, blockOf } = anthropicLayout(messages);
        findings.push(
          report(toolResultBeforeCall, messages, {
            messageIndex: result,
            toolCallId: id,
            related: [call.messageIndex],
            text: `Tool result ${at(result)} answers "${id}", but the call is only issued later, in ${at(call.messageIndex)}.`,
            why: 'A result must follow the AI message that asked for it.',
            rejectedBy: [
              openaiChatResultWithoutCall,
              anthropicUnexpectedResult(turnOf[result] ?? 0, blockOf[result] ?? 0, id),
              geminiResponseNotAfterCall,
            ],
            notes: [LANGGRAPH_ACCEPTS_ORDER],
            fix: `Move ${at(result)} to just after ${at(call.messageIndex)}, with that message's other tool results.`,
          }),
        );
      }
    }
    return findings;
  },
};
