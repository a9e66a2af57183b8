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
import { possibleSecret } from './possibleSecret';
import { clip, type Rule } from './rule';
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
  possibleSecret,
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
 * A rule that throws stops alone: `failed` gets a line saying which, where and why, its findings
 * until then are kept, and the other rules go on.
 */
export function runChecks(messages: readonly Message[], links: ToolLinks, kind: HistoryKind = 'history', failed: string[] = []): Finding[] {
  const ctx = { messages, links, kind };
  const found: Finding[][] = [];
  const messageVisitors: Visitor<Message>[] = [];
  const linkVisitors: Visitor<ToolLink>[] = [];
  // Each link is paired once, for all the link rules that visit it.
  let pairedLink: ToolLink | undefined;
  let pairing: Pairing | undefined;
  const pairingOf = (link: ToolLink): Pairing => {
    if (link !== pairedLink || pairing === undefined) {
      pairing = pairResults(link);
      pairedLink = link;
    }
    return pairing;
  };
  for (const rule of rules) {
    // Each rule's findings keep their own array, so the order before sorting is the rule order.
    const findings: Finding[] = [];
    found.push(findings);
    const r: Rule = rule;
    try {
      switch (r.visits) {
        case 'message':
          messageVisitors.push({ id: r.id, visit: r.perMessage(ctx, findings) });
          break;
        case 'link': {
          const visit = r.perLink(ctx, findings);
          linkVisitors.push({ id: r.id, visit: (link) => visit(link, pairingOf(link)) });
          break;
        }
        case 'history':
          for (const finding of r.check(ctx)) findings.push(finding);
          break;
      }
    } catch (error) {
      failed.push(ruleFailure(r.id, undefined, error));
    }
  }
  visitAll(messages, messageVisitors, (id, m, error) => failed.push(ruleFailure(id, `message #${m.index}`, error)));
  visitAll(links.values(), linkVisitors, (id, link, error) => failed.push(ruleFailure(id, `tool call id ${clip(link.id, 60)}`, error)));
  return found.flat().sort((a, b) => a.messageIndex - b.messageIndex || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

interface Visitor<T> {
  id: string;
  visit: (item: T) => void;
}

/**
 * Every visitor over every item, in order. The try is around the whole walk, not each call: a visitor that
 * throws is told to `failed` and dropped, and the walk goes on from the next visitor of the same item.
 */
function visitAll<T>(items: readonly T[], visitors: readonly Visitor<T>[], failed: (id: string, item: T, error: unknown) => void): void {
  // The functions apart from their ids: the hot loop calls them, a million messages times twenty rules.
  const ids = visitors.map((visitor) => visitor.id);
  const visits = visitors.map((visitor) => visitor.visit);
  let i = 0;
  let v = 0;
  while (i < items.length) {
    try {
      for (; i < items.length; i++, v = 0) {
        const item = items[i]!;
        for (; v < visits.length; v++) visits[v]!(item);
      }
    } catch (error) {
      failed(ids[v]!, items[i]!, error);
      ids.splice(v, 1);
      visits.splice(v, 1);
    }
  }
}

/** What a rule that threw could not do, in a note: its findings stop there, the history is still checked by the others. */
function ruleFailure(id: string, where: string | undefined, error: unknown): string {
  const why = clip(error instanceof Error ? `${error.name}: ${error.message}` : String(error), 200);
  return `The rule ${id} failed${where === undefined ? '' : ` at ${where}`} (${why}) and checked no further; the other rules ran.`;
}
