// duplicate-tool-call-id and duplicate-message-id: an id issued again gets a new one (`call_1` → `call_1_2`),
// in the call and in the result that answers it; a second answer to one call goes when it says what the first
// said, and is listed otherwise (which of two different answers is the right one is no mechanical choice).
import { pairResults } from '../checks/pairing';
import type { Finding } from '../model';
import { at, callName, editFor, leaving, skip, type RepairContext } from './plan';

export function uniqueIds(context: RepairContext): void {
  for (const finding of context.findings('duplicate-tool-call-id')) {
    if (context.messages[finding.messageIndex]?.role === 'tool') secondAnswer(context, finding);
    else issuedAgain(context, finding);
  }
  for (const finding of context.findings('duplicate-message-id')) messageId(context, finding);
}

/** Every call of the id after the first is renamed, with the results paired with it (checks/pairing). */
function issuedAgain(context: RepairContext, finding: Finding): void {
  const id = finding.toolCallId;
  const link = id === undefined ? undefined : context.transcript.links.get(id);
  if (!link || id === undefined) return skip(context, finding, 'the repeated id is not linked to its calls');
  const { answered, early } = pairResults(link);
  const pairs = [...answered, ...early];
  link.calls.slice(1).forEach((ref) => {
    const message = context.messages[ref.messageIndex];
    const call = ref.invalid ? message?.invalidToolCalls[ref.callIndex] : message?.toolCalls[ref.callIndex];
    if (!message || !call || call.idMadeUp) return;
    const to = context.freshId(id);
    const sameMessage = link.calls.filter((other) => other.messageIndex === ref.messageIndex).length > 1;
    const text = `renamed call ${callName(call)} in ${at(message.index)} to ${to}`;
    context.plan.renames.push({
      rename: { message: message.index, ...(sameMessage && { call }), from: id, to, kind: 'call' },
      edit: editFor(context, finding, message.index, 'renamed', text),
    });
    for (const pair of pairs) {
      if (pair.call !== ref) continue;
      context.plan.renames.push({
        rename: { message: pair.result, from: id, to, kind: 'call' },
        edit: editFor(context, finding, pair.result, 'renamed', `renamed the tool_call_id of ${at(pair.result)}, the result of that call, to ${to}`),
      });
    }
  });
}

function secondAnswer(context: RepairContext, finding: Finding): void {
  const result = finding.messageIndex;
  const message = context.messages[result];
  const earlier = finding.related.map((i) => context.messages[i]).find((m) => m?.role === 'tool' && m.index !== result);
  if (!message || leaving(context.plan, result)) return;
  if (!earlier || earlier.text !== message.text) {
    return skip(
      context,
      finding,
      `it answers a call that ${earlier ? at(earlier.index) : 'another result'} answers already, with other content: which answer is right is not a mechanical choice`,
    );
  }
  context.plan.drops.set(
    result,
    editFor(
      context,
      finding,
      result,
      'dropped',
      `dropped ${at(result)}, a second answer to ${message.toolCallId ?? 'a call'} that says what ${at(earlier.index)} says`,
    ),
  );
}

function messageId(context: RepairContext, finding: Finding): void {
  const message = context.messages[finding.messageIndex];
  const id = message?.id;
  if (!message || id === undefined) return;
  const to = context.freshId(id);
  context.plan.renames.push({
    rename: { message: message.index, from: id, to, kind: 'id' },
    edit: editFor(
      context,
      finding,
      message.index,
      'renamed',
      `gave ${at(message.index)} the id ${to} (was ${id}, which ${at(finding.related[0] ?? 0)} has too)`,
    ),
  });
}
