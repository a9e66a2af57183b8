import type { Rule } from '../checks/rule';
import { linkToolCalls } from '../links';
import type { Finding, HistoryKind, Message } from '../model';

/** Runs one rule the way runChecks does. */
export const check = (rule: Rule, messages: Message[], kind: HistoryKind = 'history'): Finding[] =>
  rule.check({ messages, links: linkToolCalls(messages), kind });

/** The parts of findings a test usually compares. */
export const brief = (findings: Finding[]): { rule: string; at: number; id?: string }[] =>
  findings.map((f) => ({ rule: f.rule, at: f.messageIndex, ...(f.toolCallId !== undefined && { id: f.toolCallId }) }));
