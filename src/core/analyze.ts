import { runChecks } from './checks';
import { linkToolCalls } from './links';
import type { HistoryKind, Message, Transcript } from './model';
import { computeTokens } from './tokens';
import { computeVerdicts } from './providers/verdicts';

/** Links calls to results, runs every rule, judges each target and totals tokens: messages in, a full Transcript out. */
export function buildTranscript(format: { name: string; label: string }, messages: Message[], kind: HistoryKind = 'history'): Transcript {
  const links = linkToolCalls(messages);
  // A rule that throws is named here, in a note, and the others' findings stand (runChecks).
  const failed: string[] = [];
  const findings = runChecks(messages, links, kind, failed);
  return {
    format: format.name,
    formatLabel: format.label,
    kind,
    messages,
    links,
    findings,
    verdicts: computeVerdicts(findings, messages),
    tokens: computeTokens(messages, links),
    ...(failed.length > 0 && { notes: failed }),
  };
}
