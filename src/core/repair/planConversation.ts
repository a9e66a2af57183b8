// Which findings of one conversation a repair acts on, and the plan the repairs make of them. Asked for one
// target, a repair acts on what that target rejects (and on the warnings that matter to it); asked for none, on
// what any target rejects. A finding no repair can act on is listed with the reason.
import type { Finding, ProviderTarget, RuleId, ToolCall, Transcript } from '../model';
import { answerOrphanCall } from './answerOrphanCall';
import { emptyAiMessage } from './emptyAiMessage';
import { moveResults } from './moveResults';
import { emptyPlan, skip, type Plan, type RepairContext } from './plan';
import { strayResult } from './strayResult';
import { movesSystem, systemFirst } from './systemFirst';
import { uniqueIds } from './uniqueIds';
import type { WritableFormat } from './writable';

/** In this order: ids are made unique first, so that an added answer names a renamed call by its new id. */
const REPAIRS = [uniqueIds, strayResult, moveResults, answerOrphanCall, emptyAiMessage, systemFirst];

/** The rules a repair acts on. */
export const REPAIRED_RULES: ReadonlySet<RuleId> = new Set<RuleId>([
  'orphan-tool-call',
  'orphan-tool-result',
  'tool-result-before-call',
  'tool-results-not-adjacent',
  'tool-result-wrong-role',
  'duplicate-tool-call-id',
  'duplicate-message-id',
  'system-not-first',
  'empty-ai-message',
]);

/** Why the rules no repair acts on are left to the user: what a mechanical edit would have to guess. */
const NOT_MECHANICAL: Partial<Record<RuleId, string>> = {
  'invalid-tool-call': 'what the model meant to send as arguments is not known',
  'thinking-missing-signature': 'only the provider can sign a thinking block, and leaving the block out would change what the model saw',
  'gemini-response-count': 'without ids, which call lacks its answer (or which answer is extra) is not known',
  'anthropic-tool-result-not-first': 'the result carries no id that says which call it answers',
  'unrecognized-message': 'what the element was meant to be is not known',
};

/** Warnings no target rejects that still matter to one: LangGraph's add_messages replaces a message of the same id. */
function wantedWarning(rule: RuleId, target: ProviderTarget | undefined): boolean {
  if (rule === 'duplicate-message-id') return target === undefined || target === 'langgraph';
  if (rule === 'system-not-first') return movesSystem(target);
  return false;
}

/**
 * The targets that reject the history for `finding`. Past the first findings of a rule a file quotes (core/repeats), a
 * finding no longer carries `rejectedBy`: the verdicts that fold the rule's problems say who rejects them.
 */
export function rejecters(finding: Finding, transcript: Transcript): ProviderTarget[] {
  if (finding.rejectedBy) return finding.rejectedBy.map((r) => r.target);
  return transcript.verdicts.filter((v) => v.problems.some((p) => p.rule === finding.rule)).map((v) => v.target);
}

function wanted(finding: Finding, transcript: Transcript, target: ProviderTarget | undefined): boolean {
  const rejected = rejecters(finding, transcript).some((t) => target === undefined || t === target);
  return rejected || wantedWarning(finding.rule, target);
}

export interface ConversationInput {
  transcript: Transcript;
  target: ProviderTarget | undefined;
  format: WritableFormat;
  conversation: string | undefined;
  freshId: (base: string) => string;
}

export function planConversation({ transcript, target, format, conversation, freshId }: ConversationInput): Plan {
  const plan = emptyPlan();
  const byRule = new Map<RuleId, Finding[]>();
  for (const finding of transcript.findings) {
    if (!wanted(finding, transcript, target)) continue;
    byRule.set(finding.rule, [...(byRule.get(finding.rule) ?? []), finding]);
  }
  const context: RepairContext = {
    transcript,
    messages: transcript.messages,
    findings: (rule) => byRule.get(rule) ?? [],
    target,
    format,
    plan,
    conversation,
    currentId: (message: number, call: ToolCall) => {
      const renamed = plan.renames.find(
        ({ rename }) => rename.kind === 'call' && rename.message === message && rename.from === call.id && (!rename.call || rename.call === call),
      );
      return renamed ? renamed.rename.to : call.id;
    },
    freshId,
  };
  for (const repair of REPAIRS) repair(context);
  keepSomething(context);
  for (const [rule, findings] of byRule) {
    if (REPAIRED_RULES.has(rule)) continue;
    for (const finding of findings) skip(context, finding, NOT_MECHANICAL[rule] ?? 'no mechanical edit repairs it');
  }
  return plan;
}

/**
 * A history that is nothing but stray results (its calls are in another file, or were cut off) would be left
 * empty, which no provider takes either: its drops are listed instead.
 */
function keepSomething(context: RepairContext): void {
  const { plan, messages } = context;
  if (messages.length === 0 || messages.some((m) => !plan.drops.has(m.index))) return;
  for (const edit of plan.drops.values()) {
    plan.skipped.push({
      ...(edit.conversation !== undefined && { conversation: edit.conversation }),
      rule: edit.rule,
      message: edit.message,
      text: edit.why,
      reason: 'every message of the history would be dropped, which leaves no history to send',
    });
  }
  plan.drops.clear();
}

/** Whether the plan changes anything. */
export const hasActions = (plan: Plan): boolean => plan.drops.size + plan.moves.size + plan.answers.size + plan.renames.length + plan.toStart.size > 0;
