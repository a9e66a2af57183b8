// What every target answers to a call sent without its result: orphan-tool-call quotes it as a rejection,
// pending-tool-call as what the next request still needs.
import type { Message, Rejection, ToolCall } from '../model';
import { anthropicMissingResult } from '../providers/anthropic/errors';
import { geminiResponseCount } from '../providers/gemini';
import { langgraphMissingToolMessage } from '../providers/langgraph/errors';
import { openaiChatMissingResult } from '../providers/openaiChat';
import { openaiResponsesMissingOutput } from '../providers/openaiResponses';
import { anthropicLayout } from '../providers/anthropic/requestLayout';
import { nextNonTool } from './rule';

export function missingResult(messages: readonly Message[], messageIndex: number, id: string, call: ToolCall | undefined): Rejection[] {
  const turn = anthropicLayout(messages).turnOf[messageIndex] ?? -1;
  const rejections: Rejection[] = [openaiChatMissingResult(id), openaiResponsesMissingOutput(id)];
  if (turn >= 0) rejections.push(anthropicMissingResult(turn, id));
  rejections.push(geminiResponseCount, langgraphMissingToolMessage(id, call?.name ?? 'unknown', call?.args));
  return rejections;
}

/**
 * The last message of the run of tool results after message `index` (`index` itself when none follow).
 * When it is the history's last message, the calls of `index` that have no result are waiting for
 * them: the state a tool-calling response, or a run stopped while its tools work, ends in.
 */
export const lastResultAfter = (messages: readonly Message[], index: number): number => (nextNonTool(messages)[index + 1] ?? messages.length) - 1;

export const endsHistory = (messages: readonly Message[], index: number): boolean => lastResultAfter(messages, index) === messages.length - 1;
