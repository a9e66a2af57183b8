// Test helper: the parts of a history a conversion must keep (testing/importing.ts loads one).
import { isRecord } from '../json/value';
import type { Message } from '../model';

/** Every message, call, result and id, the way a round trip must keep them. */
export const essentials = (messages: readonly Message[]) =>
  messages.map((m) => ({
    role: m.role,
    text: m.text,
    calls: [...m.toolCalls, ...m.invalidToolCalls].map((c) => [c.id, c.name, isRecord(c.args) ? c.args : c.argsText]),
    ...(m.toolCallId !== undefined && { toolCallId: m.toolCallId }),
  }));
