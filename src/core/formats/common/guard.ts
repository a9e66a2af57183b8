// Every adapter the registry lists is guarded: a reader's bug, or input it never expected, must leave the import
// with what it could not read on the timeline, never fail it outright. Input nests at most MAX_DEPTH levels
// (json/depth), so a stack overflow here is a bug too.
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput, TextFormatAdapter } from '../types';

/** Characters of an error's message quoted: an engine's message may quote the input, which may be megabytes. */
const MESSAGE_CHARS = 300;

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > MESSAGE_CHARS ? `${message.slice(0, MESSAGE_CHARS - 1)}…` : message;
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
        return { messages: [unreadable(adapter.label, input.value, error)] };
      }
    },
  };
}

/** The text adapter with detection scoring 0 and reading yielding one unreadable message, the text, when they throw. */
export function guardedText(adapter: TextFormatAdapter): TextFormatAdapter {
  return {
    ...adapter,
    detectText(text: string): number {
      try {
        return adapter.detectText(text);
      } catch {
        return 0;
      }
    },
    readText(text: string): AdapterOutput {
      try {
        return adapter.readText(text);
      } catch (error) {
        return { messages: [{ ...unreadable(adapter.label, text, error), location: { path: 'line 1', line: 1, column: 1 } }] };
      }
    },
  };
}

function unreadable(label: string, raw: unknown, error: unknown): MessageDraft {
  // No preview of the value: describing it could fail the same way.
  const problem = `could not be read as ${label}: ${messageOf(error)}`;
  return { role: 'other', sourceType: '(unrecognized)', content: [], text: problem, toolCalls: [], invalidToolCalls: [], raw, location: { path: '' }, problem };
}
