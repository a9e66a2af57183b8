import type { Finding, HistoryKind, Message, ProviderTarget, Rejection, RuleId, Severity, ToolCall, ToolLink, ToolLinks } from '../model';
import { TARGET_LABELS } from '../providers/targets';
import { pairResults, type Pairing } from './pairing';

export interface CheckContext {
  messages: readonly Message[];
  links: ToolLinks;
  /** A lone response is judged as what it is: the model's turn, not a request. */
  kind: HistoryKind;
}

/** Where a rule holds: `neutral` wherever the history is sent; otherwise the targets whose own API rules it judges. */
export type RuleScope = 'neutral' | readonly ProviderTarget[];

interface RuleHead<Id extends string> {
  readonly id: Id;
  readonly severity: Severity;
  readonly scope: RuleScope;
  /** Runs the rule alone over a history (tests, and the rules that look at the whole history). */
  check(ctx: CheckContext): Finding[];
}

/** A rule that needs the whole history at once (e.g. the Anthropic turn layout). */
export interface HistoryRule<Id extends string = string> extends RuleHead<Id> {
  readonly visits: 'history';
}

/**
 * A rule that looks at one message at a time. runChecks walks the messages once for all such rules:
 * a history of a million messages is too large for each rule to walk it again.
 */
export interface MessageRule<Id extends string = string> extends RuleHead<Id> {
  readonly visits: 'message';
  /** The rule's visitor for one run: it sees every message in order and adds its findings to `findings`. */
  perMessage(ctx: CheckContext, findings: Finding[]): (m: Message) => void;
}

/** A rule that looks at one tool call id at a time: runChecks walks the links once, pairing each once. */
export interface LinkRule<Id extends string = string> extends RuleHead<Id> {
  readonly visits: 'link';
  perLink(ctx: CheckContext, findings: Finding[]): (link: ToolLink, pairing: Pairing) => void;
}

export type Rule<Id extends string = string> = HistoryRule<Id> | MessageRule<Id> | LinkRule<Id>;

export function historyRule<const Id extends string>(rule: Omit<HistoryRule<Id>, 'visits'>): HistoryRule<Id> {
  return { ...rule, visits: 'history' };
}

/** A MessageRule whose `check` is its visitor run over the messages. */
export function messageRule<const Id extends string>(rule: Omit<MessageRule<Id>, 'visits' | 'check'>): MessageRule<Id> {
  return {
    ...rule,
    visits: 'message',
    check(ctx) {
      const findings: Finding[] = [];
      const visit = rule.perMessage(ctx, findings);
      for (const m of ctx.messages) visit(m);
      return findings;
    },
  };
}

/** A LinkRule whose `check` is its visitor run over the links. */
export function linkRule<const Id extends string>(rule: Omit<LinkRule<Id>, 'visits' | 'check'>): LinkRule<Id> {
  return {
    ...rule,
    visits: 'link',
    check(ctx) {
      const findings: Finding[] = [];
      const visit = rule.perLink(ctx, findings);
      for (const link of ctx.links.values()) visit(link, pairResults(link));
      return findings;
    },
  };
}

export type CallRef = ToolLink['calls'][number];

type FindingFields = Omit<Finding, 'rule' | 'severity' | 'messageId' | 'related' | 'rejectedBy' | 'neededBy'> & { related?: number[] };

interface Verdicts {
  /** Who refuses the history for this; quoted in `why` after the summary. */
  rejectedBy?: readonly Rejection[];
  /** Lines added to `why` after the rejections (who accepts it, what LangChain writes...). */
  notes?: readonly string[];
  /** What each target still needs before the next request, and what it answers without it; quoted in `why`. */
  neededBy?: readonly Rejection[];
}

/**
 * The `why` of a finding: one line of explanation, then one line per target that rejects it, or that
 * needs something before the next request, then notes.
 */
function explain(summary: string, rejections: readonly Rejection[], needs: readonly Rejection[], notes: readonly string[] = []): string {
  return [
    summary,
    ...rejections.map((r) => `${TARGET_LABELS[r.target]} rejects it: ${r.error}`),
    ...needs.map((r) => `Sent without it, ${TARGET_LABELS[r.target]} answers: ${r.error}`),
    ...notes,
  ].join('\n');
}

/**
 * A finding of `rule`: `why` is the one-line summary, completed with the rejections and notes; the
 * message id is looked up, and `related` is deduplicated without the message itself. The keys come in
 * the order of `f`, then rule, severity, related (when `f` has none), rejectedBy and messageId: the
 * JSON report's key order. Object.assign keeps that order without a rest pattern or spreads, which
 * cost ~15 µs a finding against ~4 (a history exported twice has a finding per message).
 */
export function report(
  rule: { id: RuleId; severity: Severity },
  messages: readonly Message[],
  f: FindingFields,
  { rejectedBy = [], notes, neededBy = [] }: Verdicts = {},
): Finding {
  const finding: Finding = Object.assign({}, f, {
    rule: rule.id,
    severity: rule.severity,
    related: othersThan(f.related ?? [], f.messageIndex),
    why: explain(f.why, rejectedBy, neededBy, notes),
  });
  if (rejectedBy.length > 0) finding.rejectedBy = [...rejectedBy];
  if (neededBy.length > 0) finding.neededBy = [...neededBy];
  const messageId = messages[f.messageIndex]?.id;
  if (messageId !== undefined) finding.messageId = messageId;
  return finding;
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
  const line = text
    .slice(0, max * 4)
    .replace(/\s+/g, ' ')
    .trim();
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
