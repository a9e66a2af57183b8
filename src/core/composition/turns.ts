// The model calls of a history: each AI turn, the messages that were its input, and the usage it reported.
import type { Message } from '../model';

export interface AiTurns {
  count: number;
  /** The turn's first AI message: the one a bar stands for and a click selects. */
  index: Int32Array<ArrayBuffer>;
  /** The turn's input is messages `[0, contextEnd)`: every message before the turn's first one. */
  contextEnd: Int32Array<ArrayBuffer>;
  /** The message whose usage the turn reported (the first of the turn that has usage), or -1. */
  usageAt: Int32Array<ArrayBuffer>;
}

/**
 * Messages split from one wire message (`Message.turn`: an Anthropic assistant message whose server tool results sit
 * inside it, a Gemini model turn) are one model call, so consecutive messages with the same `turn` are one turn and
 * none of them is input to another; a message without `turn` is a turn of its own. A turn is an AI turn when it holds
 * an AI message. A history that is a single response has its one turn and, before it, only what the file echoes of
 * the request (often nothing): the rest of its reported input is left over.
 */
export function findAiTurns(messages: readonly Message[]): AiTurns {
  const index: number[] = [];
  const contextEnd: number[] = [];
  const usageAt: number[] = [];
  let i = 0;
  while (i < messages.length) {
    const first = messages[i];
    if (first === undefined) break;
    let end = i + 1;
    if (first.turn !== undefined) while (end < messages.length && messages[end]?.turn === first.turn) end++;
    let ai = -1;
    let usage = -1;
    for (let j = i; j < end; j++) {
      const m = messages[j];
      if (m?.role === 'ai' && ai < 0) ai = j;
      if (m?.usage !== undefined && usage < 0) usage = j;
    }
    if (ai >= 0) {
      index.push(ai);
      contextEnd.push(i);
      usageAt.push(usage);
    }
    i = end;
  }
  return { count: index.length, index: Int32Array.from(index), contextEnd: Int32Array.from(contextEnd), usageAt: Int32Array.from(usageAt) };
}
