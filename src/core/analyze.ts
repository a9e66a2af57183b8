import type { Message, Transcript } from './model';

/** Links calls to results, runs every rule and totals tokens: messages in, a full Transcript out. */
export function buildTranscript(format: { name: string; label: string }, messages: Message[]): Transcript {
  // Placeholder until links, checks and tokens land.
  return {
    format: format.name,
    formatLabel: format.label,
    messages,
    links: new Map(),
    findings: [],
    tokens: {
      totals: { input: 0, output: 0, total: 0, cacheRead: 0, cacheCreation: 0, reasoning: 0, messagesWithUsage: 0 },
      cumulative: messages.map(() => 0),
      perTool: [],
      perModel: [],
    },
  };
}
