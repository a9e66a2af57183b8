import type { Message } from './model';

/** Tool calls the AI messages issued, valid or not: the figure the CLI report and the app's header show. */
export function countToolCalls(messages: readonly Message[]): number {
  let count = 0;
  for (const message of messages) count += message.toolCalls.length + message.invalidToolCalls.length;
  return count;
}
