import { CONVERT_TARGETS, convertTranscript, type ConvertTarget } from '../core/convert';
import { describeImportError, importInput, withNewline, type CliInput } from './check';
import { pickConversation } from './conversation';
import { HTML_TARGET, HTML_TARGET_LABEL } from './convertHtml';
import { table } from './formats';

export interface ConvertOptions {
  to: ConvertTarget;
  format?: string;
  /** Of a collection, the conversation to convert (1-based position or label); the first when not given. */
  conversation?: string;
  /** How to name the input in messages: the file path or `stdin`. */
  source: string;
}

/** `stdout` in parts: a large history's conversion can be longer than a string can be (see jsonParts). */
export type ConvertOutcome = { code: 0; stdout: Iterable<string>; stderr: string } | { code: 2; stderr: string };

export function isConvertTarget(name: string): name is ConvertTarget {
  return CONVERT_TARGETS.some((entry) => entry.target === name);
}

export function unknownTarget(name: string): string {
  const rows = [...CONVERT_TARGETS.map((entry) => ({ name: entry.target, label: entry.label })), { name: HTML_TARGET, label: HTML_TARGET_LABEL }];
  return `msgscope: unknown target "${name}". Valid targets:\n${table(rows, '  ')}`;
}

/** The converted history, and on stderr what the target cannot express, one line per kind of loss. */
export function convert(input: CliInput, options: ConvertOptions): ConvertOutcome {
  const result = importInput(input, options.format);
  if (!result.ok) return { code: 2, stderr: describeImportError(options.source, result.error) };
  const picked = pickConversation(result, options.conversation, options.source);
  if (typeof picked === 'string') return { code: 2, stderr: picked };
  // The Markdown report is titled with the file's name.
  const name = options.source.split(/[/\\]/).pop() ?? options.source;
  const conversion = convertTranscript(picked.transcript, options.to, { name });
  const { lost } = conversion;
  const label = CONVERT_TARGETS.find((entry) => entry.target === options.to)?.label ?? options.to;
  // A target's request holds one conversation: of several, the first is written unless another is named.
  const which =
    picked.conversations && picked.conversations.length > 1
      ? `msgscope: ${options.source} holds ${picked.conversations.length} conversations; wrote the first (${picked.conversations[0]!.label}). --conversation N writes another.\n`
      : '';
  const lostLines = lost.length === 0 ? '' : `msgscope: lost in conversion to ${label}:\n${lost.map((line) => `  ${line}\n`).join('')}`;
  return { code: 0, stdout: withNewline(conversion.parts()), stderr: which + lostLines };
}
