import { runChecks } from './checks';
import { linkToolCalls } from './links';
import type { HistoryKind, Message, Transcript } from './model';
import { computeTokens } from './tokens';
import { computeVerdicts } from './providers/verdicts';
import { quoteBudget, quoteOnce, type QuoteBudget } from './repeats';

/**
 * Links calls to results, runs every rule, judges each target and totals tokens: messages in, a full Transcript out.
 * `quotes` counts the findings of each rule quoted in full so far in the file (core/repeats): the conversations of
 * one file share it.
 */
export function buildTranscript(
  format: { name: string; label: string },
  messages: Message[],
  kind: HistoryKind = 'history',
  quotes: QuoteBudget = quoteBudget(),
): Transcript {
  const links = linkToolCalls(messages);
  // A rule that throws is named here, in a note, and the others' findings stand (runChecks).
  const failed: string[] = [];
  const findings = runChecks(messages, links, kind, failed);
  // The verdicts quote each finding's rejections (their first problems of each rule in full); then the findings
  // past the first of each rule stop repeating them.
  const verdicts = computeVerdicts(findings, messages);
  quoteOnce(findings, quotes);
  return {
    format: format.name,
    formatLabel: format.label,
    kind,
    messages,
    links,
    findings,
    verdicts,
    tokens: computeTokens(messages, links),
    ...(failed.length > 0 && { notes: failed }),
  };
}
