import type { ContentKind, Message, ToolCall, Transcript } from '../core/model';
import { type CallChip, type Card } from '../protocol/workerApi';
import { CARD_CHARS } from '../protocol/timelineView';
import { argsLine, clip } from './text';

/** Per transcript, the calls of each message that wait for their result (pending-tool-call), found once. */
const pendingByTranscript = new WeakMap<Transcript, Map<number, Set<string>>>();

function pendingCalls(transcript: Transcript, index: number): ReadonlySet<string> | undefined {
  let pending = pendingByTranscript.get(transcript);
  if (!pending) {
    pending = new Map();
    for (const f of transcript.findings) {
      if (f.rule !== 'pending-tool-call' || f.toolCallId === undefined) continue;
      const ids = pending.get(f.messageIndex) ?? new Set<string>();
      ids.add(f.toolCallId);
      pending.set(f.messageIndex, ids);
    }
    pendingByTranscript.set(transcript, pending);
  }
  return pending.get(index);
}

function chip(call: ToolCall, transcript: Transcript, pending: ReadonlySet<string> | undefined): CallChip {
  const result = call.id !== undefined ? transcript.links.get(call.id)?.results[0] : undefined;
  return {
    id: call.id,
    name: call.name,
    args: argsLine(call),
    invalid: call.invalid === true || call.error !== undefined,
    error: call.error,
    result,
    ...(result === undefined && call.id !== undefined && pending?.has(call.id) && { pending: true }),
  };
}

function contentKinds(message: Message): Card['contentKinds'] {
  const counts = new Map<ContentKind, number>();
  for (const block of message.content) {
    if (block.kind === 'text' || block.kind === 'tool_call' || block.kind === 'tool_result') continue;
    counts.set(block.kind, (counts.get(block.kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => ({ kind, count }));
}

function resultOf(message: Message, transcript: Transcript): Card['resultOf'] {
  const call = message.toolCallId !== undefined ? transcript.links.get(message.toolCallId)?.calls[0] : undefined;
  if (!call) return undefined;
  const caller = transcript.messages[call.messageIndex];
  const toolCall = (call.invalid ? caller?.invalidToolCalls : caller?.toolCalls)?.[call.callIndex];
  return { messageIndex: call.messageIndex, name: toolCall?.name ?? 'call' };
}

function cardOf(message: Message, transcript: Transcript): Card {
  return {
    index: message.index,
    sourceType: message.sourceType,
    id: message.id,
    name: message.name,
    model: message.model,
    text: clip(message.text, CARD_CHARS),
    textLength: message.text.length,
    contentKinds: contentKinds(message),
    calls: [...message.toolCalls, ...message.invalidToolCalls].map((call) => chip(call, transcript, pendingCalls(transcript, message.index))),
    toolCallId: message.toolCallId,
    status: message.status,
    problem: message.problem,
    usage: message.usage,
    resultOf: resultOf(message, transcript),
  };
}

/** A card that could not be built says so in its problem: the other cards, and the history, stay on screen. */
function failedCard(message: Message, error: unknown): Card {
  const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    index: message.index,
    sourceType: typeof message.sourceType === 'string' ? message.sourceType : '(unknown)',
    text: '',
    textLength: 0,
    contentKinds: [],
    calls: [],
    problem: `this card could not be shown (${clip(why, 300)})`,
  };
}

/** Cards of the messages at `indices`; indices outside the transcript are skipped. */
export function buildCards(transcript: Transcript, indices: Iterable<number>): Card[] {
  const cards: Card[] = [];
  for (const index of indices) {
    const message = transcript.messages[index];
    if (!message) continue;
    try {
      cards.push(cardOf(message, transcript));
    } catch (error) {
      cards.push(failedCard(message, error));
    }
  }
  return cards;
}
