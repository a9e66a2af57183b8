// Every rule, in the order findings of equal position and severity are listed.
//
// Convention for all finding texts: a message is named `message #N`, where N is its 0-based
// index, the same number the timeline shows. Never 1-based.
import type { Finding, HistoryKind, Message, Severity, ToolLink, ToolLinks } from '../model';
import { anthropicRoles } from './anthropicRoles';
import { anthropicToolResultNotFirst } from './anthropicToolResultNotFirst';
import { duplicateMessageId } from './duplicateMessageId';
import { duplicateToolCallId } from './duplicateToolCallId';
import { emptyAiMessage } from './emptyAiMessage';
import { geminiResponseCount } from './geminiResponseCount';
import { invalidToolCall } from './invalidToolCall';
import { orphanToolCall } from './orphanToolCall';
import { orphanToolResult } from './orphanToolResult';
import { pairResults, type Pairing } from './pairing';
import { pendingToolCall } from './pendingToolCall';
import type { Rule } from './rule';
import { systemNotFirst } from './systemNotFirst';
import { thinkingMissingSignature } from './thinkingMissingSignature';
import { toolError } from './toolError';
import { toolNameMismatch } from './toolNameMismatch';
import { toolResultBeforeCall } from './toolResultBeforeCall';
import { toolResultWrongRole } from './toolResultWrongRole';
import { toolResultsNotAdjacent } from './toolResultsNotAdjacent';
import { unrecognizedMessage } from './unrecognizedMessage';
import { usageMismatch } from './usageMismatch';

export type { CheckContext, Rule } from './rule';

export const rules = [
  orphanToolCall,
  pendingToolCall,
  orphanToolResult,
  toolResultWrongRole,
  toolResultBeforeCall,
  toolResultsNotAdjacent,
  anthropicToolResultNotFirst,
  geminiResponseCount,
  duplicateToolCallId,
  invalidToolCall,
  duplicateMessageId,
  systemNotFirst,
  emptyAiMessage,
  anthropicRoles,
  thinkingMissingSignature,
  toolError,
  toolNameMismatch,
  usageMismatch,
  unrecognizedMessage,
] as const satisfies readonly Rule[];

/** Every rule's id: part of the contract (the CLI's JSON, the page's `data-rule`). */
export type RuleId = (typeof rules)[number]['id'];

/** The rules that hold for any provider: what a format test compares, the reading and not the target. */
export const neutralRuleIds: ReadonlySet<RuleId> = new Set(rules.filter((rule) => rule.scope === 'neutral').map((rule) => rule.id));

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * All findings, by message index, then severity, then rule order (the sort is stable). Rules that
 * look at one message or one link at a time share a single walk over the messages and one over the
 * links (each link paired once): every walk over a million messages costs memory traffic.
 */
export function runChecks(messages: readonly Message[], links: ToolLinks, kind: HistoryKind = 'history'): Finding[] {
  const ctx = { messages, links, kind };
  const found: Finding[][] = [];
  const messageVisitors: ((m: Message) => void)[] = [];
  const linkVisitors: ((link: ToolLink, pairing: Pairing) => void)[] = [];
  for (const rule of rules) {
    // Each rule's findings keep their own array, so the order before sorting is the rule order.
    const findings: Finding[] = [];
    found.push(findings);
    const r: Rule = rule;
    switch (r.visits) {
      case 'message':
        messageVisitors.push(r.perMessage(ctx, findings));
        break;
      case 'link':
        linkVisitors.push(r.perLink(ctx, findings));
        break;
      case 'history':
        for (const finding of r.check(ctx)) findings.push(finding);
        break;
    }
  }
  for (const m of messages) for (const visit of messageVisitors) visit(m);
  for (const link of links.values()) {
    const pairing = pairResults(link);
    for (const visit of linkVisitors) visit(link, pairing);
  }
  return found.flat().sort((a, b) => a.messageIndex - b.messageIndex || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
