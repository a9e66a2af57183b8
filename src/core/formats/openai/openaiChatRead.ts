// Where OpenAI-shaped chats keep their messages, for the OpenAI Chat, Mistral and Ollama adapters:
// a message list (bare, a request's `messages`), a Chat Completions response (`choices[].message`),
// or an Ollama ChatResponse (`message`). They share the reading and differ in detection only.
import { formatPath } from '../../json/locate';
import { isRecord } from '../../json/value';
import { problemDraft } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { usageFrom } from '../common/usage';
import { linkByName } from './openaiLink';
import { readChatMessage, readChatUsage, unixTime } from './openaiMessage';
import type { AdapterOutput, MessageDraft, ParsedInput } from '../types';
import { readMessageList } from '../common/messageList';

export function readChat(input: ParsedInput, expects: string): AdapterOutput {
  const { value } = input;
  if (isRecord(value) && Array.isArray(value.choices)) return choicesOf(linked(readCompletion(value, value.choices), 'response'));
  if (isRecord(value) && isRecord(value.message) && typeof value.done === 'boolean') return linked([readOllamaResponse(value, value.message)], 'response');
  const request = isRecord(value) && Array.isArray(value.messages) && typeof value.model === 'string';
  return linked(readMessageList(input, readChatMessage, expects), request ? 'request' : undefined);
}

function linked(drafts: MessageDraft[], kind: AdapterOutput['kind']): AdapterOutput {
  linkByName(drafts);
  return kind === undefined ? { messages: drafts } : { messages: drafts, kind };
}

/** A completion asked for `n` > 1 answers holds alternatives, not turns: each choice is a conversation of its own. */
function choicesOf(output: AdapterOutput): AdapterOutput {
  if (output.messages.length < 2) return output;
  const conversations = output.messages.map((_, i) => ({ label: `choice ${i}`, start: i, end: i + 1 }));
  return { ...output, conversations };
}

/**
 * One AI message per choice. The response's id, usage and model describe the whole completion: id
 * and usage go on the first choice only, so several choices do not count the tokens twice.
 */
function readCompletion(response: Record<string, unknown>, choices: unknown[]): MessageDraft[] {
  return choices.map((choice, i) => {
    const path = formatPath(['choices', i, 'message']);
    const message = isRecord(choice) ? choice.message : undefined;
    const draft = readChatMessage(message, path);
    if ('unreadable' in draft) return problemDraft(choice, formatPath(['choices', i]), draft.unreadable);
    draft.model ??= stringOf(response.model);
    draft.timestamp ??= unixTime(response.created);
    if (i === 0) {
      draft.id ??= stringOf(response.id);
      draft.usage ??= readChatUsage(response.usage);
    }
    return draft;
  });
}

/**
 * Ollama's `/api/chat` answer. `prompt_eval_count` is every prompt token evaluated and `eval_count`
 * every generated one; Ollama reports no total, so the total is their sum and not "reported".
 */
function readOllamaResponse(response: Record<string, unknown>, message: Record<string, unknown>): MessageDraft {
  const draft = readChatMessage(message, 'message');
  if ('unreadable' in draft) return problemDraft(message, 'message', draft.unreadable);
  draft.model ??= stringOf(response.model);
  draft.timestamp ??= stringOf(response.created_at);
  const usage = usageFrom({ input: numberOf(response.prompt_eval_count), output: numberOf(response.eval_count) });
  if (usage) draft.usage = usage;
  return draft;
}
