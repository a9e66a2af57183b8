import type { ToolLinks } from '../model';
import type { Finding, Message, Rejection, RuleId, Severity, ToolCall, ToolLink } from '../model';
import { TARGET_LABELS } from '../providers/targets';
import { pairResults, type Pairing } from './pairing';

export interface CheckContext {
  messages: readonly Message[];
  links: ToolLinks;
}

export interface Rule {
  id: RuleId;
  severity: Severity;
  check(ctx: CheckContext): Finding[];
}

/**
 * A rule that looks at one message at a time. runChecks walks the messages once for all such rules:
 * a history of a million messages is too large for each rule to walk it again.
 */
export interface MessageRule extends Rule {
  /** The rule's visitor for one run: it sees every message in order and adds its findings to `findings`. */
  perMessage(ctx: CheckContext, findings: Finding[]): (m: Message) => void;
}

/** A rule that looks at one tool call id at a time: runChecks walks the links once, pairing each once. */
export interface LinkRule extends Rule {
  perLink(ctx: CheckContext, findings: Finding[]): (link: ToolLink, pairing: Pairing) => void;
}

export type CallRef = ToolLink['calls'][number];

/** A MessageRule whose `check` is its visitor run over the messages. */
export function messageRule(rule: Omit<MessageRule, 'check'>): MessageRule {
  return {
    ...rule,
    check(ctx) {
      const findings: Finding[] = [];
      const visit = rule.perMessage(ctx, findings);
      for (const m of ctx.messages) visit(m);
      return findings;
    },
  };
}

/** A LinkRule whose `check` is its visitor run over the links. */
export function linkRule(rule: Omit<LinkRule, 'check'>): LinkRule {
  return {
    ...rule,
    check(ctx) {
      const findings: Finding[] = [];
      const visit = rule.perLink(ctx, findings);
      for (const link of ctx.links.values()) visit(link, pairResults(link));
      return findings;
    },
  };
}

type FindingFields = Omit<Finding, 'rule' | 'severity' | 'messageId' | 'related' | 'rejectedBy'> & {
  related?: number[];
  /** Who refuses the history for this; quoted in `why` after the summary. */
  rejectedBy?: readonly Rejection[];
  /** Lines added to `why` after the rejections (who accepts it, what LangChain writes...). */
  notes?: readonly string[];
};

/** The `why` of a finding: one line of explanation, then one line per target that rejects it, then notes. */
function explain(summary: string, rejections: readonly Rejection[], notes: readonly string[] = []): string {
  return [summary, ...rejections.map((r) => `${TARGET_LABELS[r.target]} rejects it: ${r.error}`), ...notes].join('\n');
}

/**
 * A finding of `rule`: `why` is the one-line summary, completed with the rejections and notes; the
 * message id is looked up, and `related` is deduplicated without the message itself.
 */
export function report(rule: Pick<Rule, 'id' | 'severity'>, messages: readonly Message[], f: FindingFields): Finding {
  // Built field by field in the order a spread of `f` would give (the JSON report's key order): a history with a
  // duplicated export has a finding per message, and a rest pattern plus spreads cost ~15 µs a finding, this ~4.
  const finding: Record<string, unknown> = {};
  for (const key in f) if (key !== 'rejectedBy' && key !== 'notes') finding[key] = f[key as keyof FindingFields];
  const rejectedBy = f.rejectedBy ?? [];
  finding.rule = rule.id;
  finding.severity = rule.severity;
  finding.related = othersThan(f.related ?? [], f.messageIndex);
  finding.why = explain(f.why, rejectedBy, f.notes);
  if (rejectedBy.length > 0) finding.rejectedBy = [...rejectedBy];
  const messageId = messages[f.messageIndex]?.id;
  if (messageId !== undefined) finding.messageId = messageId;
  return finding as unknown as Finding;
}

/** `related` without `self` and without repeats, in first-seen order. */
function othersThan(related: readonly number[], self: number): number[] {
  if (related.length > 16) return [...new Set(related)].filter((i) => i !== self);
  const others: number[] = [];
  for (const i of related) if (i !== self && !others.includes(i)) others.push(i);
  return others;
}

/** The call a link entry points at. */
export function callAt(messages: readonly Message[], ref: CallRef): ToolCall | undefined {
  const m = messages[ref.messageIndex];
  return ref.invalid ? m?.invalidToolCalls[ref.callIndex] : m?.toolCalls[ref.callIndex];
}

/** How a finding names a message: its 0-based index, the number the timeline shows. */
export const at = (index: number): string => `message #${index}`;
export const atStart = (index: number): string => `Message #${index}`;

/** Shortens quoted content so a finding stays one readable line. */
export function clip(text: string, max = 120): string {
  // Slice first: a tool result can be megabytes long.
  const line = text.slice(0, max * 4).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const runEnds = new WeakMap<readonly Message[], Int32Array>();

/**
 * For each index i, the first index at or after i whose message is not a tool message
 * (messages.length when none). Tells where the run of tool results after an AI message ends.
 * Computed once per messages array: several rules ask.
 */
export function nextNonTool(messages: readonly Message[]): Int32Array {
  const cached = runEnds.get(messages);
  if (cached) return cached;
  const next = new Int32Array(messages.length + 1);
  next[messages.length] = messages.length;
  for (let i = messages.length - 1; i >= 0; i--) {
    next[i] = messages[i]?.role === 'tool' ? (next[i + 1] ?? messages.length) : i;
  }
  runEnds.set(messages, next);
  return next;
}
