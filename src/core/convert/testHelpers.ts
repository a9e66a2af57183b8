// Test helpers: load a history the way the app does, and the parts of it a conversion must keep.
import { importText, type ImportOptions } from '../import';
import { isRecord } from '../json/value';
import type { Message, Transcript } from '../model';

export function load(text: string, options: ImportOptions = {}): Transcript {
  const result = importText(text, options);
  if (!result.ok) throw new Error(result.error.message);
  return result.transcript;
}

/** Every message, call, result and id, the way a round trip must keep them. */
export const essentials = (messages: readonly Message[]) =>
  messages.map((m) => ({
    role: m.role,
    text: m.text,
    calls: [...m.toolCalls, ...m.invalidToolCalls].map((c) => [c.id, c.name, isRecord(c.args) ? c.args : c.argsText]),
    ...(m.toolCallId !== undefined && { toolCallId: m.toolCallId }),
  }));
