// A stray tool result: one whose id no AI message issued (orphan-tool-result) goes, and is listed; one that comes
// before the call its id names (tool-result-before-call) is re-attached: moved right after that call.
import { at, editFor, leaving, type RepairContext } from './plan';

export function strayResult(context: RepairContext): void {
  for (const finding of context.findings('orphan-tool-result')) {
    const result = context.messages[finding.messageIndex];
    if (!result || leaving(context.plan, result.index)) continue;
    const said = result.text.length > 60 ? `${result.text.slice(0, 60)}…` : result.text;
    context.plan.drops.set(
      result.index,
      editFor(
        context,
        finding,
        result.index,
        'dropped',
        `dropped ${at(result.index)}, a result for ${result.toolCallId ?? 'no id'}, which no call issued ("${said}")`,
      ),
    );
  }
  for (const finding of context.findings('tool-result-before-call')) {
    const result = finding.messageIndex;
    const call = finding.related[0];
    if (call === undefined || leaving(context.plan, result)) continue;
    context.plan.moves.set(result, {
      after: call,
      edit: editFor(context, finding, result, 'moved', `moved ${at(result)} to just after ${at(call)}, which issues its call`),
    });
  }
}
