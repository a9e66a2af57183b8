import type { Conversation, FileKind, Finding, HistoryKind, Severity, Transcript, Verdict } from '../core/model';
import { computeVerdicts } from '../core/providers/verdicts';

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
  /** Per target (OpenAI Chat, OpenAI Responses, Anthropic, Gemini, LangGraph): would it accept this as the next request. */
  verdicts: Verdict[];
  /** What the reader skipped or reordered; empty when nothing. */
  notes: string[];
  /** For a collection: each conversation, its findings' indices its own. */
  conversations?: ConversationReport[];
}

type ReportTokens = { input: number; output: number; total: number; cacheRead: number; cacheCreation: number; reasoning: number };

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

function reportFinding(f: Finding): ReportFinding {
  return {
    rule: f.rule,
    severity: f.severity,
    messageIndex: f.messageIndex,
    messageId: f.messageId ?? null,
    toolCallId: f.toolCallId ?? null,
    text: f.text,
    why: f.why,
    fix: f.fix,
    related: f.related,
  };
}

function reportTokens(t: Transcript): ReportTokens {
  const { input, output, total, cacheRead, cacheCreation, reasoning } = t.tokens.totals;
  return { input, output, total, cacheRead, cacheCreation, reasoning };
}

export function buildReport(t: Transcript, conversations?: readonly Conversation[]): CheckReport {
  if (conversations !== undefined && conversations.length > 1) return collectionReport(t, conversations);
  return {
    format: t.format,
    formatLabel: t.formatLabel,
    kind: t.kind,
    messages: t.messages.length,
    toolCalls: t.links.callCount,
    findings: t.findings.map(reportFinding),
    tokens: reportTokens(t),
    verdicts: t.verdicts,
    notes: t.notes ?? [],
  };
}

/** A finding of a conversation that starts at the file's message `offset`, as the file-wide list has it. */
function fileWide(f: Finding, offset: number): Finding {
  return { ...f, messageIndex: f.messageIndex + offset, related: f.related.map((i) => i + offset) };
}

function collectionReport(first: Transcript, conversations: readonly Conversation[]): CheckReport {
  let offset = 0;
  const parts = conversations.map(({ label, transcript: t, parent }) => {
    const part: ConversationReport = {
      label,
      kind: t.kind,
      firstMessage: offset,
      messages: t.messages.length,
      toolCalls: t.links.callCount,
      findings: t.findings.map(reportFinding),
      tokens: reportTokens(t),
      verdicts: t.verdicts,
      ...(parent && { parent: { conversation: parent.conversation, toolCallId: parent.toolCallId ?? null } }),
    };
    offset += t.messages.length;
    return part;
  });
  const findings = conversations.flatMap(({ transcript }, i) => transcript.findings.map((f) => fileWide(f, parts[i]!.firstMessage)));
  const sum = (key: keyof ReportTokens) => parts.reduce((total, part) => total + part.tokens[key], 0);
  return {
    format: first.format,
    formatLabel: first.formatLabel,
    kind: 'collection',
    messages: offset,
    toolCalls: parts.reduce((total, part) => total + part.toolCalls, 0),
    findings: conversations.flatMap(({ transcript }, i) =>
      transcript.findings.map((f) => ({ ...reportFinding(fileWide(f, parts[i]!.firstMessage)), conversation: i })),
    ),
    tokens: {
      input: sum('input'),
      output: sum('output'),
      total: sum('total'),
      cacheRead: sum('cacheRead'),
      cacheCreation: sum('cacheCreation'),
      reasoning: sum('reasoning'),
    },
    // A target takes the file's conversations one request each: it accepts the file when it accepts every one.
    verdicts: computeVerdicts(findings),
    notes: first.notes ?? [],
    conversations: parts,
  };
}

export function hasErrors(report: CheckReport): boolean {
  return report.findings.some((f) => f.severity === 'error');
}
