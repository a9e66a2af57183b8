// Helpers for the repair tests: a repair that must succeed, and the repaired history read back.
import { importText } from '../import';
import type { ProviderTarget, Transcript } from '../model';
import { repairText, type Repaired, type RepairOptions } from '../repair';

/** `text` repaired; a failed repair fails the test. */
export function repaired(text: string, options: RepairOptions = {}): Repaired {
  const result = repairText(text, options);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

/** The repaired text read back as `format` (detected when absent). */
export function readBack(text: string, format?: string): Transcript {
  const result = importText(text, format === undefined ? {} : { format });
  if (!result.ok) throw new Error(result.error.message);
  return result.transcript;
}

/** The rules of the findings that `target` (any target when absent) rejects. */
export function rejected(transcript: Transcript, target?: ProviderTarget): string[] {
  return transcript.findings.filter((f) => f.rejectedBy?.some((r) => target === undefined || r.target === target)).map((f) => f.rule);
}

/** `value` as JSON text, one entry of a top-level list a line, the way hand-written fixtures look. */
export function listed(key: string | undefined, entries: readonly unknown[]): string {
  const body = `[\n  ${entries.map((entry) => JSON.stringify(entry)).join(',\n  ')}\n]`;
  return key === undefined ? `${body}\n` : `{"${key}": ${body}}\n`;
}

/** A wire message of a repaired text, as the tests look into it. */
export interface WireMessage {
  role?: string;
  content?: { type?: string }[] | string | null;
  parts?: unknown[];
  data?: { tool_calls?: { id?: string }[]; additional_kwargs?: { tool_calls?: { id?: string }[] }; tool_call_id?: string };
  rawOf?: number;
  [key: string]: unknown;
}

/** The repaired text parsed: an envelope's lists, or a bare list. */
export const wire = (text: string) => JSON.parse(text) as { messages: WireMessage[]; contents: WireMessage[] } & WireMessage[];

/** The types of a wire message's content blocks. */
export const blockTypes = (message: WireMessage | undefined): (string | undefined)[] =>
  Array.isArray(message?.content) ? message.content.map((block) => block.type) : [];
