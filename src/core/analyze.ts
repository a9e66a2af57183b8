import { runChecks } from './checks';
import { indexToolCalls, linkMap } from './links';
import type { Message, ToolLink, Transcript } from './model';
import { computeTokens } from './tokens';
import { computeVerdicts } from './verdicts';

/** Links calls to results, runs every rule, judges each target and totals tokens: messages in, a full Transcript out. */
export function buildTranscript(format: { name: string; label: string }, messages: Message[]): Transcript {
  const links = indexToolCalls(messages);
  const findings = runChecks(messages, links);
  let map: Map<string, ToolLink> | undefined;
  return {
    format: format.name,
    formatLabel: format.label,
    messages,
    // The Map is built on first use: rules and tokens read the index, and a CLI check never needs
    // the Map, which takes half a second to fill for a million messages. A getter is still plain
    // data to structured clone and JSON, which read it like any field.
    get links() {
      return (map ??= linkMap(links));
    },
    findings,
    verdicts: computeVerdicts(findings),
    tokens: computeTokens(messages, links),
  };
}
