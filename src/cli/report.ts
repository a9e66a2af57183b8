import type { Finding, HistoryKind, Severity, Transcript, Verdict } from '../core/model';

/** The `--json` output; its keys are a contract (README, "Command line"), so only ever add to it. */
export interface CheckReport {
  format: string;
  formatLabel: string;
  /** request (a provider request body), response (a provider response) or history. */
  kind: HistoryKind;
  messages: number;
  /** Tool calls the AI messages issued, valid or not. */
  toolCalls: number;
  findings: ReportFinding[];
  tokens: { input: number; output: number; total: number; cacheRead: number; cacheCreation: number; reasoning: number };
  /** Per target (OpenAI Chat, OpenAI Responses, Anthropic, Gemini, LangGraph): would it accept this as the next request. */
  verdicts: Verdict[];
  /** What the reader skipped or reordered; empty when nothing. */
  notes: string[];
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

export function buildReport(t: Transcript): CheckReport {
  const { input, output, total, cacheRead, cacheCreation, reasoning } = t.tokens.totals;
  return {
    format: t.format,
    formatLabel: t.formatLabel,
    kind: t.kind,
    messages: t.messages.length,
    toolCalls: t.links.callCount,
    findings: t.findings.map(reportFinding),
    tokens: { input, output, total, cacheRead, cacheCreation, reasoning },
    verdicts: t.verdicts,
    notes: t.notes ?? [],
  };
}

export function hasErrors(report: CheckReport): boolean {
  return report.findings.some((f) => f.severity === 'error');
}
