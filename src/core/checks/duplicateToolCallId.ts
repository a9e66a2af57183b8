import { anthropicLayout } from '../providers/anthropic/requestLayout';
import type { Finding, Rejection, ToolLink } from '../model';
import { anthropicUnexpectedResult } from '../providers/anthropic/errors';
import { geminiResponseCount } from '../providers/gemini';
import { openaiChatDuplicateResult, openaiChatLayout, openaiChatRepeatedId } from '../providers/openaiChat';
import { callRef, idInError, madeUpAt } from './callNames';
import { at, callAt, linkRule, report, type CheckContext, type LinkRule } from './rule';

/** One finding when an id is issued more than once, and one per result beyond the calls it has. */
export const duplicateToolCallId: LinkRule<'duplicate-tool-call-id'> = linkRule({
  id: 'duplicate-tool-call-id',
  severity: 'error',
  scope: 'neutral',
  perLink:
    ({ messages }, findings: Finding[]) =>
    (link, { answered, surplus }) => {
      if (link.calls.length > 1) findings.push(issuedTwice(messages, link));
      // A second answer needs more results than calls; otherwise a surplus result belongs to a later call.
      if (link.calls.length === 0 || link.results.length <= link.calls.length) return;
      for (const result of surplus) findings.push(answeredTwice(messages, link, answered, result));
    },
});

function issuedTwice(messages: CheckContext['messages'], link: ToolLink): Finding {
  const where = [...new Set(link.calls.map((c) => c.messageIndex))];
  const [first = 0, second = first] = where;
  const id = link.id;
  const text =
    where.length === 1
      ? `Call id "${id}" is issued ${link.calls.length} times in ${at(first)}.`
      : `Call id "${id}" is issued ${link.calls.length} times, in ${where.map(at).join(', ')}.`;
  return report(
    duplicateToolCallId,
    messages,
    {
      messageIndex: second,
      toolCallId: id,
      related: where,
      text,
      why: 'A result names the call it answers by id; with two calls on one id, which one it answers is ambiguous.',
      fix: `Give the repeated call in ${at(second)} a new id (and its result the same new id), or remove the repeated call.`,
    },
    { rejectedBy: [openaiChat(messages, link, undefined)] },
  );
}

/**
 * OpenAI Chat names two tool messages of one id within one run of tool messages, by their positions in
 * the request; `result` is the second one, or, when undefined, the first such pair among the link's results.
 */
function openaiChat(messages: CheckContext['messages'], link: ToolLink, result: number | undefined): Rejection {
  const id = idInError(link.id, madeUpAt(messages, link));
  const { position, run } = openaiChatLayout(messages);
  const firstOfRun = new Map<number, number>();
  for (const r of link.results) {
    const start = run[r] ?? -1;
    if (start < 0) continue;
    const earlier = firstOfRun.get(start);
    if (earlier !== undefined && (result === undefined || r === result)) return openaiChatDuplicateResult(id, position[earlier] ?? 0, position[r] ?? 0);
    if (earlier === undefined) firstOfRun.set(start, r);
  }
  return openaiChatRepeatedId(id);
}

function answeredTwice(messages: CheckContext['messages'], link: ToolLink, answered: readonly { result: number }[], result: number): Finding {
  const id = link.id;
  const madeUp = madeUpAt(messages, link);
  const [call] = link.calls;
  const name = (call && callAt(messages, call)?.name) ?? 'unknown';
  const earlier = answered.map((a) => a.result);
  // Anthropic checks each tool_result against the tool_use blocks of the message just before it.
  const { turnOf, blockOf } = anthropicLayout(messages);
  const turn = turnOf[result] ?? -1;
  const afterItsCall = link.calls.some((c) => (turnOf[c.messageIndex] ?? -1) === turn - 1);
  const rejectedBy: Rejection[] = [openaiChat(messages, link, result)];
  if (turn >= 0 && !afterItsCall) rejectedBy.push(anthropicUnexpectedResult(turn, blockOf[result] ?? 0, idInError(id, madeUp)));
  rejectedBy.push(geminiResponseCount);
  return report(
    duplicateToolCallId,
    messages,
    {
      messageIndex: result,
      toolCallId: id,
      related: [...link.calls.map((c) => c.messageIndex), ...earlier],
      text: `Tool result ${at(result)} answers ${callRef(id, madeUp, name)} again: ${earlier.map(at).join(', ')} already answered it.`,
      why: 'Each call gets exactly one result; the extra one is a second answer to the same call.',
      fix: `Remove ${at(result)}, or merge its content into ${at(earlier[earlier.length - 1] ?? result)}.`,
    },
    { rejectedBy },
  );
}
