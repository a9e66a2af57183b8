import type { Transcript } from '../core/model';
import type { MessageDetail } from '../protocol/workerApi';
import { prettyJson } from './text';

/** One message in full; `raw` is sent as pretty JSON text, built here off the page's thread. */
export function buildDetail(transcript: Transcript, index: number): MessageDetail {
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
    blocks: message.content.map(({ kind, type }) => ({ kind, type })),
    calls: [...message.toolCalls, ...message.invalidToolCalls].map((call) => ({
      id: call.id,
      name: call.name,
      argsText: call.argsText ?? prettyJson(call.args),
      invalid: call.invalid === true,
      error: call.error,
    })),
    rawJson: prettyJson(message.raw),
  };
}
