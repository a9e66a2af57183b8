import type { Transcript } from '../core/model';
import type { MessageDetail } from '../protocol/workerApi';
import { detailBlocks } from './detailBlocks';
import { prettyJson } from './text';
import type { TokenCounter } from './tokenCounter';

/**
 * The raw JSON of the last few messages printed. Messages split from one source message (the AI parts of an MEAI
 * message whose calls and results alternate) share its raw value, with their results' own between them: a few
 * kept is enough for stepping through them, or building each detail in turn, to print it once rather than once
 * a message (a 1.5 MB message split in 20,000 took 15 s in turn).
 */
const printed: { raw: unknown; text: string }[] = [];
const PRINTED_KEPT = 4;

function rawText(raw: unknown): string {
  const at = printed.findIndex((entry) => entry.raw === raw);
  const entry = at === -1 ? { raw, text: prettyJson(raw) } : printed.splice(at, 1)[0]!;
  printed.unshift(entry);
  printed.length = Math.min(printed.length, PRINTED_KEPT);
  return entry.text;
}

/** One message in full; `raw` is sent as pretty JSON text, built here off the page's thread. `count` counts reasoning tokens. */
export function buildDetail(transcript: Transcript, index: number, count?: TokenCounter): MessageDetail {
  const message = transcript.messages[index];
  if (!message) throw new Error(`No message #${index}: the history has ${transcript.messages.length}.`);
  return {
    index,
    role: message.role,
    sourceType: message.sourceType,
    id: message.id,
    name: message.name,
    model: message.model,
    timestamp: message.timestamp,
    toolCallId: message.toolCallId,
    status: message.status,
    usage: message.usage,
    location: message.location,
    problem: message.problem,
    text: message.text,
    blocks: detailBlocks(message, count),
    calls: [...message.toolCalls, ...message.invalidToolCalls].map((call) => ({
      id: call.id,
      name: call.name,
      argsText: call.argsText ?? prettyJson(call.args),
      invalid: call.invalid === true,
      error: call.error,
    })),
    rawJson: rawText(message.raw),
  };
}
