import { runChecks } from './checks';
import { linkToolCalls } from './links';
import type { Message, Transcript } from './model';
import { computeTokens } from './tokens';

/** Links calls to results, runs every rule and totals tokens: messages in, a full Transcript out. */
export function buildTranscript(format: { name: string; label: string }, messages: Message[]): Transcript {
  const links = linkToolCalls(messages);
  return {
    format: format.name,
    formatLabel: format.label,
    messages,
    links,
    findings: runChecks(messages, links),
    tokens: computeTokens(messages, links),
  };
}
