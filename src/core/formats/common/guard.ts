// Adapters that walk nested input themselves (span trees, nested runs, attribute values) can meet
// input nested deep enough to overflow the stack. An import must say so rather than fail outright.
import type { AdapterOutput, FormatAdapter, ParsedInput } from '../types';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The `problem` of what a reader threw on: kept on the timeline with the reason, never lost. */
export function couldNotRead(error: unknown): string {
  return `could not be read: ${messageOf(error)}`;
}

/** The adapter with detection scoring 0 and reading yielding one unreadable message when they throw. */
export function guarded(adapter: FormatAdapter): FormatAdapter {
  return {
    ...adapter,
    detect(input: ParsedInput): number {
      try {
        return adapter.detect(input);
      } catch {
        return 0;
      }
    },
    read(input: ParsedInput): AdapterOutput {
      try {
        return adapter.read(input);
      } catch (error) {
        // No preview of the value: describing it could overflow the same way.
        const problem = `could not be read as ${adapter.label}: ${messageOf(error)}`;
        return {
          messages: [
            {
              role: 'other',
              sourceType: '(unrecognized)',
              content: [],
              text: problem,
              toolCalls: [],
              invalidToolCalls: [],
              raw: input.value,
              location: { path: '' },
              problem,
            },
          ],
        };
      }
    },
  };
}
