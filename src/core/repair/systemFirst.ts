// system-not-first: a system message after the conversation has begun moves to the start, after the system
// messages already there. Moved, not merged: each keeps its own content and fields, and a merge would have to
// rewrite the first one. Anthropic and Gemini take system text only as one top-level prompt (their exports put
// every system message there, src/core/convert/anthropic.ts), so the position is lost anyway; OpenAI Chat and
// Responses and LangGraph take a system message anywhere, so for them, asked for alone, it stays where it is.
import type { ProviderTarget } from '../model';
import { at, editFor, type RepairContext } from './plan';

const TOP_LEVEL_ONLY: ReadonlySet<ProviderTarget> = new Set(['anthropic', 'gemini']);

/** Whether a repair for `target` (every target when undefined) moves late system messages. */
export const movesSystem = (target: ProviderTarget | undefined): boolean => target === undefined || TOP_LEVEL_ONLY.has(target);

export function systemFirst(context: RepairContext): void {
  if (!movesSystem(context.target)) return;
  for (const finding of context.findings('system-not-first')) {
    const index = finding.messageIndex;
    context.plan.toStart.set(
      index,
      editFor(context, finding, index, 'moved', `moved system message ${at(index)} to the start, after the system messages there`),
    );
  }
}
