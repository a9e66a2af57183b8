import type { Conversation, FileKind, Finding, HistoryKind, Message, Severity, Transcript, UsagePass, Verdict, VerdictProblem } from '../core/model';
import { computeCost, type PriceSource, type RunCost } from '../core/cost';
import { madeUpAt } from '../core/checks/callNames';
import { unjudgedOf } from '../core/providers/verdicts';
import { ProblemList } from '../core/repeats';

/** The `--json` output; its keys are a contract (README, "Command line"), so only ever add to it. */
export interface CheckReport {
  format: string;
  formatLabel: string;
  /** request (a provider request body), response (a provider response), history, or collection (several conversations). */
  kind: FileKind;
  /** For a collection, every figure from here to `verdicts` is the whole file's. */
  messages: number;
  /** Tool calls the AI messages issued, valid or not. */
  toolCalls: number;
  /** For a collection, `messageIndex` and `related` count the file's messages in order, and `conversation` says whose. */
  findings: ReportFinding[];
  tokens: ReportTokens;
  /** What the run cost: reported by the file, or estimated from the price data; for a collection, the whole file's. */
  cost: ReportCost;
  /** Per target (OpenAI Chat, OpenAI Responses, Anthropic, Gemini, LangGraph): would it accept this as the next request. */
  verdicts: Verdict[];
  /** What the reader skipped or reordered; empty when nothing. */
  notes: string[];
  /** For a collection: each conversation, its findings' indices its own. */
  conversations?: ConversationReport[];
}

type TokenCounts = { input: number; output: number; total: number; cacheRead: number; cacheCreation: number; reasoning: number };
/**
 * `reported`: whether any message reports usage (the counts are 0 then, and say nothing); `passes`: billed passes
 * beyond the messages' own (Anthropic compaction…), already in input and output; absent when none.
 */
type ReportTokens = TokenCounts & { reported: boolean; passes?: UsagePass[] };

/** core/cost's RunCost with null for what it leaves out, so that every report has the same keys. */
export interface ReportCost {
  /** Dollars; null when nothing could be priced (no usage reported, or no price known). */
  usd: number | null;
  /** Whether any part of `usd` is an estimate from the price data rather than what the file reports. */
  estimated: boolean;
  /** Whether `usd` is the figure the file reports for the whole run. */
  runReported: boolean;
  byModel: { model: string; usd: number | null; estimated: boolean; messages: number; reported: number; unpriced: number; pricedAs: string | null }[];
  /** Models with usage that could not be priced: their messages are not in `usd`. */
  unpriced: string[];
  /** The price data's publication date and name, when `usd` holds an estimate. */
  priceDate: string | null;
  priceData: string | null;
}

export interface ConversationReport {
  label: string;
  kind: HistoryKind;
  /** The file-wide index of this conversation's first message. */
  firstMessage: number;
  messages: number;
  toolCalls: number;
  findings: ReportFinding[];
  tokens: ReportTokens;
  verdicts: Verdict[];
  /** For a sub-agent or hand-off: the conversation (its position in this list) and the call that started it. */
  parent?: { conversation: number; toolCallId: string | null };
}

export interface ReportFinding {
  rule: string;
  severity: Severity;
  messageIndex: number;
  // null rather than absent so every finding has the same keys for jq and friends.
  messageId: string | null;
  toolCallId: string | null;
  text: string;
  why: string;
  fix: string;
  related: number[];
  /** In a collection's file-wide list: the position of the conversation the finding is in. */
  conversation?: number;
}

/**
 * The id the report shows for a link: the input's own, or for one msgscope made up to link a call that had
 * none (Gemini's calls, legacy functions) the call's position, which is what the finding's text names.
 */
function shownId(t: Transcript, id: string): { id: string; madeUp: boolean } {
  const link = t.links.get(id);
  const at = link && madeUpAt(t.messages, link);
  return at === undefined ? { id, madeUp: false } : { id: at, madeUp: true };
}

/** A finding as --json writes it; a made-up call id is no id of the input's, so it is null there. */
const reportFinding =
  (t: Transcript) =>
  (f: Finding): ReportFinding => ({
    rule: f.rule,
    severity: f.severity,
    messageIndex: f.messageIndex,
    messageId: f.messageId ?? null,
    toolCallId: f.toolCallId === undefined || shownId(t, f.toolCallId).madeUp ? null : f.toolCallId,
    text: f.text,
    why: f.why,
    fix: f.fix,
    related: f.related,
  });

/** The verdicts with made-up ids replaced by the positions they stand for. */
function reportVerdicts(t: Transcript, verdicts: readonly Verdict[] = t.verdicts): Verdict[] {
  const ids = (problems: VerdictProblem[]) => problems.map((p) => ({ ...p, ids: p.ids.map((id) => shownId(t, id).id) }));
  return verdicts.map((v) => ({ ...v, problems: ids(v.problems), ...(v.pending && { pending: ids(v.pending) }) }));
}

function reportTokens(t: Transcript): ReportTokens {
  const { input, output, total, cacheRead, cacheCreation, reasoning, passes, messagesWithUsage } = t.tokens.totals;
  return { input, output, total, cacheRead, cacheCreation, reasoning, reported: messagesWithUsage > 0, ...(passes && { passes }) };
}

export function reportCost(cost: RunCost): ReportCost {
  return {
    usd: cost.usd ?? null,
    estimated: cost.estimated,
    runReported: cost.runReported === true,
    byModel: cost.byModel.map((m) => ({ ...m, usd: m.usd ?? null, pricedAs: m.pricedAs ?? null })),
    unpriced: cost.unpriced,
    priceDate: cost.priceDate ?? null,
    priceData: cost.priceData ?? null,
  };
}

function* messagesOf(conversations: readonly Conversation[]): Generator<Message> {
  for (const { transcript } of conversations) yield* transcript.messages;
}

/** `prices`: the price data for estimates (src/cli/prices.ts); without it only reported costs count. */
export function buildReport(t: Transcript, conversations?: readonly Conversation[], prices?: PriceSource): CheckReport {
  if (conversations !== undefined && conversations.length > 1) return collectionReport(t, conversations, prices);
  const reportedCost = t.reportedCost;
  return {
    format: t.format,
    formatLabel: t.formatLabel,
    kind: t.kind,
    messages: t.messages.length,
    toolCalls: t.links.callCount,
    findings: t.findings.map(reportFinding(t)),
    tokens: reportTokens(t),
    cost: reportCost(computeCost(t.messages, { ...(prices && { prices }), ...(reportedCost !== undefined && { reportedCost }) })),
    verdicts: reportVerdicts(t),
    notes: t.notes ?? [],
  };
}

/** A finding of a conversation that starts at the file's message `offset`, as the file-wide list has it. */
function fileWide(f: Finding, offset: number): Finding {
  return { ...f, messageIndex: f.messageIndex + offset, related: f.related.map((i) => i + offset) };
}

function collectionReport(first: Transcript, conversations: readonly Conversation[], prices: PriceSource | undefined): CheckReport {
  let offset = 0;
  const parts = conversations.map(({ label, transcript: t, parent }) => {
    const part: ConversationReport = {
      label,
      kind: t.kind,
      firstMessage: offset,
      messages: t.messages.length,
      toolCalls: t.links.callCount,
      findings: t.findings.map(reportFinding(t)),
      tokens: reportTokens(t),
      verdicts: reportVerdicts(t),
      ...(parent && { parent: { conversation: parent.conversation, toolCallId: parent.toolCallId ?? null } }),
    };
    offset += t.messages.length;
    return part;
  });
  const sum = (key: keyof TokenCounts) => parts.reduce((total, part) => total + part.tokens[key], 0);
  const passes = new Map<string, UsagePass>();
  for (const pass of parts.flatMap((part) => part.tokens.passes ?? [])) {
    const sofar = passes.get(pass.type);
    passes.set(pass.type, sofar ? { type: pass.type, input: sofar.input + pass.input, output: sofar.output + pass.output } : pass);
  }
  return {
    format: first.format,
    formatLabel: first.formatLabel,
    kind: 'collection',
    messages: offset,
    toolCalls: parts.reduce((total, part) => total + part.toolCalls, 0),
    findings: conversations.flatMap(({ transcript }, i) =>
      transcript.findings.map((f) => ({ ...reportFinding(transcript)(fileWide(f, parts[i]!.firstMessage)), conversation: i })),
    ),
    tokens: {
      input: sum('input'),
      output: sum('output'),
      total: sum('total'),
      cacheRead: sum('cacheRead'),
      cacheCreation: sum('cacheCreation'),
      reasoning: sum('reasoning'),
      reported: parts.some((part) => part.tokens.reported),
      ...(passes.size > 0 && { passes: [...passes.values()] }),
    },
    // A collection's conversations carry no run cost of their own (core/import): the messages' costs are the file's.
    cost: reportCost(computeCost(messagesOf(conversations), prices && { prices })),
    verdicts: fileVerdicts(
      parts,
      conversations.reduce((unread, { transcript }) => unread + transcript.messages.filter((m) => m.problem !== undefined).length, 0),
    ),
    notes: first.notes ?? [],
    conversations: parts,
  };
}

/**
 * A target takes the file's conversations one request each: it accepts the file when it accepts every one, and
 * its problems are theirs in order, their messages counted file-wide. It cannot judge the file when most of the
 * file's messages (`unread` of them) were not read.
 */
function fileVerdicts(parts: readonly ConversationReport[], unread: number): Verdict[] {
  const unjudged = unjudgedOf(
    unread,
    parts.reduce((total, part) => total + part.messages, 0),
  );
  // Folded past the first of each rule as a conversation's are (core/repeats): 10,000 conversations with an orphan
  // call each make one problem a target here, not 10,000 quotes of its error.
  const fileWideProblems = (pick: (part: ConversationReport) => VerdictProblem[] | undefined) => {
    const list = new ProblemList();
    for (const part of parts) for (const p of pick(part) ?? []) list.add({ ...p, messageIndices: p.messageIndices.map((i) => i + part.firstMessage) });
    return list.problems;
  };
  return (parts[0]?.verdicts ?? []).map(({ target, label }, k) => {
    const of = (part: ConversationReport) => part.verdicts[k]!;
    const pending = fileWideProblems((part) => of(part).pending);
    return {
      target,
      label,
      accepted: parts.every((part) => of(part).accepted),
      problems: fileWideProblems((part) => of(part).problems),
      ...(pending.length > 0 && { pending }),
      ...(unjudged && { unjudged: { ...unjudged } }),
    };
  });
}

export function hasErrors(report: CheckReport): boolean {
  return report.findings.some((f) => f.severity === 'error');
}

/** Most messages were not read as the format: the verdicts cannot judge, so `check` must not pass. */
export function cannotJudge(report: CheckReport): boolean {
  return report.verdicts.some((v) => v.unjudged !== undefined);
}
