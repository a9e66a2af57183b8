// Every rule, in the order findings of equal position and severity are listed.
//
// Convention for all finding texts: a message is named `message #N`, where N is its 0-based
// index, the same number the timeline shows. Never 1-based.
import type { Finding, Message, RuleId, Severity, ToolLink } from '../model';
import { anthropicRoles } from './anthropicRoles';
import { anthropicToolResultNotFirst } from './anthropicToolResultNotFirst';
import { duplicateMessageId } from './duplicateMessageId';
import { duplicateToolCallId } from './duplicateToolCallId';
import { geminiResponseCount } from './geminiResponseCount';
import { invalidToolCall } from './invalidToolCall';
import { orphanToolCall } from './orphanToolCall';
import { orphanToolResult } from './orphanToolResult';
import type { Rule } from './rule';
import { systemNotFirst } from './systemNotFirst';
import { thinkingMissingSignature } from './thinkingMissingSignature';
import { toolError } from './toolError';
import { toolNameMismatch } from './toolNameMismatch';
import { toolResultBeforeCall } from './toolResultBeforeCall';
import { toolResultsNotAdjacent } from './toolResultsNotAdjacent';
import { unrecognizedMessage } from './unrecognizedMessage';
import { usageMismatch } from './usageMismatch';

export type { CheckContext, Rule } from './rule';

export const rules: readonly Rule[] = [
  orphanToolCall,
  orphanToolResult,
  toolResultBeforeCall,
  toolResultsNotAdjacent,
  anthropicToolResultNotFirst,
  geminiResponseCount,
  duplicateToolCallId,
  invalidToolCall,
  duplicateMessageId,
  systemNotFirst,
  anthropicRoles,
  thinkingMissingSignature,
  toolError,
  toolNameMismatch,
  usageMismatch,
  unrecognizedMessage,
];

// These judge a history for one target's API (Anthropic's, Gemini's); the others hold wherever it is sent.
const PROVIDER_RULES: readonly Rule[] = [anthropicToolResultNotFirst, geminiResponseCount, anthropicRoles, thinkingMissingSignature];

/** The rules that hold for any provider: what a format test compares, the reading and not the target. */
export const neutralRuleIds: ReadonlySet<RuleId> = new Set(rules.filter((rule) => !PROVIDER_RULES.includes(rule)).map((rule) => rule.id));

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** All findings, by message index, then severity, then rule order (the sort is stable). */
export function runChecks(messages: readonly Message[], links: ReadonlyMap<string, ToolLink>): Finding[] {
  const ctx = { messages, links };
  return rules
    .flatMap((rule) => rule.check(ctx))
    .sort((a, b) => a.messageIndex - b.messageIndex || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
