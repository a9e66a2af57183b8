// Ids for chats that link calls to results by tool name instead of by id: OpenAI's legacy
// `function_call` / role `function` pair has no ids at all, and Ollama's tool calls and `tool_name`
// results often lack them. The links are made here, once, so the ordinary id-based rules apply.
import { isRecord } from '../../json/value';
import type { MessageDraft } from '../types';

interface Waiting {
  message: number;
  call: number;
}

/** Where a value inside a draft's element is; JSON Lines paths name a line and nothing inside it. */
const inner = (path: string, suffix: string): string => (path.startsWith('line ') ? path : path === '' ? suffix.replace(/^\./, '') : `${path}${suffix}`);

/**
 * Gives every call without an id a stable one, marked made up with its position:
 * `function_call@<message index>` for a legacy `function_call`, `<tool name>@<message index>.<call index>` otherwise.
 * Each result without an id but with a name then answers the nearest preceding message's earliest
 * unanswered call of that name: the turn it follows for Ollama, the one open call for legacy functions;
 * an older turn only when the nearer ones have none, so a stray result still shows where it belongs.
 * A named result that matches no call gets an id of its own, `<name>@<message index>`, so the
 * orphan-result rule reports it.
 */
export function linkByName(drafts: MessageDraft[]): void {
  const waiting = new Map<string, Waiting[]>();
  drafts.forEach((draft, message) => {
    const legacy = isRecord(draft.raw) ? draft.raw.function_call : undefined;
    draft.toolCalls.forEach((call, index) => {
      if (call.id !== undefined) return;
      const isLegacy = call.raw === legacy;
      call.id = isLegacy ? `function_call@${message}` : `${call.name}@${message}.${index}`;
      call.idMadeUp = { path: inner(draft.location.path, isLegacy ? '.function_call' : `.tool_calls[${index}]`) };
      const list = waiting.get(call.name) ?? [];
      list.push({ message, call: index });
      waiting.set(call.name, list);
    });
    if (draft.role !== 'tool' || draft.toolCallId !== undefined || draft.name === undefined) return;
    const match = takeNearest(waiting.get(draft.name));
    draft.toolCallId = match ? drafts[match.message]?.toolCalls[match.call]?.id : `${draft.name}@${message}`;
    draft.toolCallIdMadeUp = true;
  });
}

/** Removes and returns the earliest call of the latest message in a list kept in timeline order. */
function takeNearest(list: Waiting[] | undefined): Waiting | undefined {
  const last = list?.at(-1);
  if (!list || !last) return undefined;
  let first = list.length - 1;
  while (first > 0 && list[first - 1]?.message === last.message) first--;
  return list.splice(first, 1)[0];
}
