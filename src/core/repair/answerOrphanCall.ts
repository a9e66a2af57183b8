// orphan-tool-call: a call the history goes on past without its result gets one, right after the results its
// message already has, saying the call was interrupted (and, where the format has a place for it, that it
// failed). Nothing is made up about what the tool would have answered.
import { at, callName, editFor, skip, type RepairContext } from './plan';
import { INTERRUPTED } from './writable';

export function answerOrphanCall(context: RepairContext): void {
  for (const finding of context.findings('orphan-tool-call')) {
    const ai = context.messages[finding.messageIndex];
    const call = ai?.toolCalls.find((c) => c.id === finding.toolCallId);
    if (!ai || !call) {
      skip(context, finding, 'its call could not be found in the message');
      continue;
    }
    const id = context.currentId(ai.index, call);
    const answer = context.format.answer({ call: id === call.id ? call : { ...call, ...(id !== undefined && { id }) }, ai, messages: context.messages });
    if (answer === undefined) {
      skip(context, finding, `this format has no tool result that answers a call like ${callName(call)}`);
      continue;
    }
    const list = context.plan.answers.get(ai.index) ?? [];
    list.push({
      call: { ...call, ...(id !== undefined && { id }) },
      edit: editFor(context, finding, ai.index, 'added', `added a tool result for ${callName(call, id)} after ${at(ai.index)}: "${INTERRUPTED}"`),
    });
    context.plan.answers.set(ai.index, list);
  }
}
