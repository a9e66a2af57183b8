// Helpers for tests that read input through the importer or one adapter: the import unwrapped,
// inputs built by hand, and the parts of the result such tests compare.
import { neutralRuleIds } from '../checks';
import type { FormatAdapter, MessageDraft, ParsedInput } from '../formats/types';
import { importText, locateMessages } from '../import';
import type { Finding, Message, Transcript } from '../model';

/**
 * Imports `text`, detecting its format unless `format` names one, with every message located (as the
 * detail pane shows it); a failed import fails the test.
 */
export function transcript(text: string, format?: string): Transcript {
  const result = importText(text, format === undefined ? {} : { format });
  if (!result.ok) throw new Error(result.error.message);
  locateMessages(text, result.transcript.messages);
  return result.transcript;
}

/** `value` as the parser hands it to adapters: one JSON document unless `parsed` says otherwise. */
export const input = (value: unknown, parsed: Partial<Omit<ParsedInput, 'value'>> = {}): ParsedInput => ({ value, jsonLines: false, lineOf: [], ...parsed });

export const json = (value: unknown): string => JSON.stringify(value);

/** What `adapter` reads from `value` on its own, without detection, line numbers or checks. */
export const readWith =
  (adapter: FormatAdapter) =>
  (value: unknown): MessageDraft[] =>
    adapter.read(input(value)).messages;

/** The messages `value`, written as JSON, imports to in `format`. */
export const importAs =
  (format: string) =>
  (value: unknown): Message[] =>
    transcript(json(value), format).messages;

type FindingRow = [Finding['rule'], number, string | undefined];

/** Every finding as [rule, message index, call id]. */
export const allRules = (t: Transcript): FindingRow[] => t.findings.map((f) => [f.rule, f.messageIndex, f.toolCallId]);

/** Findings of the provider-neutral rules: provider-specific ones judge a history for one target, not its reading. */
export const rules = (t: Transcript): FindingRow[] => allRules(t).filter(([rule]) => neutralRuleIds.has(rule));

/** Where each message starts, as "path@line:column". */
export const where = (messages: readonly Pick<Message, 'location'>[]): string[] =>
  messages.map((m) => `${m.location.path}@${m.location.line}:${m.location.column}`);
