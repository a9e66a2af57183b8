// empty-ai-message: an AI message with no content and no calls, in the middle of the history, carries nothing a
// provider could read: it goes. (The last one stays: Anthropic takes an empty final assistant message.)
import { at, editFor, leaving, type RepairContext } from './plan';

export function emptyAiMessage(context: RepairContext): void {
  for (const finding of context.findings('empty-ai-message')) {
    const index = finding.messageIndex;
    if (leaving(context.plan, index)) continue;
    context.plan.drops.set(index, editFor(context, finding, index, 'dropped', `dropped ${at(index)}, an AI message with no content and no tool calls`));
  }
}
