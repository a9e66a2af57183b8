// tool-results-not-adjacent and tool-result-wrong-role: a result that a non-tool message separates from its call,
// or that sits inside the model's own turn, moves to just after its call's message, behind the results already
// there (for Anthropic and Gemini: into the user turn after the call, at its start).
import { at, editFor, leaving, skip, type RepairContext } from './plan';

export function moveResults(context: RepairContext): void {
  for (const rule of ['tool-results-not-adjacent', 'tool-result-wrong-role'] as const) {
    for (const finding of context.findings(rule)) {
      const result = finding.messageIndex;
      const call = finding.related[0];
      if (leaving(context.plan, result)) continue;
      if (call === undefined) {
        skip(context, finding, 'no call in the history has its id, so there is nowhere to move it to');
        continue;
      }
      const where = rule === 'tool-result-wrong-role' ? 'out of the model turn, ' : '';
      context.plan.moves.set(result, {
        after: call,
        edit: editFor(context, finding, result, 'moved', `moved ${at(result)} ${where}to just after ${at(call)}, which issues its call`),
      });
    }
  }
}
