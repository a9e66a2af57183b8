import type { Finding, Message } from '../model';
import { geminiResponseCount as countRejection } from '../providers/gemini';
import { at, atStart, messageRule, report, type MessageRule } from './rule';

/**
 * How many tool messages the turn right after `i` has: the unbroken run of tool messages, widened to
 * the whole wire turn when the adapter says (with `turn`) that human text came in the same turn.
 * They are listed into `found` when given: counting alone does for nearly every call turn.
 */
function responsesAfter(messages: readonly Message[], i: number, found?: number[]): number {
  const turn = messages[i + 1]?.turn;
  let count = 0;
  for (let j = i + 1; j < messages.length; j++) {
    const m = messages[j];
    if (m === undefined || m.role === 'ai') break;
    if (m.role !== 'tool' && (turn === undefined || m.turn !== turn)) break;
    if (m.role !== 'tool') continue;
    count++;
    found?.push(j);
  }
  return count;
}

/**
 * Gemini wants as many function responses in the turn after a call turn as that turn has calls.
 * When every call and result has an id, the id rules (orphan-tool-call, orphan-tool-result,
 * duplicate-tool-call-id, tool-results-not-adjacent) report each mismatch with Gemini's text; this
 * rule counts the turns ids cannot explain (Gemini's functionCall.id is optional).
 */
export const geminiResponseCount: MessageRule<'gemini-response-count'> = messageRule({
  id: 'gemini-response-count',
  severity: 'error',
  scope: ['gemini'],
  perMessage:
    ({ messages }, findings: Finding[]) =>
    (m) => {
      // A call turn is a model turn. Counting from a tool or human message that carries calls (a
      // hand-edited msgscope file) would scan on through the same run again from each of them, and
      // list it again in each finding: quadratic in time and in output. From AI messages only, each
      // scan stops at the next AI message, so the scans together read each message once.
      if (m.role !== 'ai' || m.toolCalls.length === 0) return;
      const i = m.index;
      if (responsesAfter(messages, i) === m.toolCalls.length) return;
      const responses: number[] = [];
      responsesAfter(messages, i, responses);
      const unlinked = m.toolCalls.some((c) => c.id === undefined) || responses.some((r) => messages[r]?.toolCallId === undefined);
      if (!unlinked) return;
      const calls = m.toolCalls.length;
      findings.push(
        report(
          geminiResponseCount,
          messages,
          {
            messageIndex: i,
            related: responses,
            text: `${atStart(i)} makes ${calls} tool call${calls === 1 ? '' : 's'}, but the turn after it has ${responses.length} tool result${responses.length === 1 ? '' : 's'}, and missing ids leave no way to tell which call lacks its answer.`,
            why: 'Gemini pairs a call turn with the function response turn right after it, part for part.',
            fix: `Give ${at(i)} exactly one tool result per call, right after it; giving calls and results ids lets msgscope say which one is missing.`,
          },
          { rejectedBy: [countRejection] },
        ),
      );
    },
});
