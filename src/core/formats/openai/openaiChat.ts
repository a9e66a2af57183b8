// OpenAI Chat Completions (openai-python `src/openai/types/chat/*`, docs/FORMATS.md, "OpenAI, Mistral and Ollama"): a request
// body `{model, messages, tools...}`, a bare `messages` list, or a `chat.completion` response.
// OpenAI's marks (see openaiMarks.ts) or a request/response envelope claim a list here. A plain text-only
// `[{role, content}]` list is OpenAI's, LangChain's dicts' and the AI SDK's alike: it scores the generic 50, as
// langchain-dict does, and the tie goes to OpenAI Chat, the wire format the other two copy that shape from.
import { chatEvidence } from './openaiMarks';
import { readChat } from './openaiChatRead';
import type { FormatAdapter } from '../types';

const EXPECTS =
  'an OpenAI Chat Completions request {"model", "messages": [{"role": "system" | "user" | "assistant" | "tool", "content", "tool_calls"?}]}, such a messages list, or a {"object": "chat.completion", "choices": [...]} response';

export const openaiChat: FormatAdapter = {
  name: 'openai-chat',
  label: 'OpenAI Chat Completions',
  expects: EXPECTS,
  detect(input) {
    const evidence = chatEvidence(input);
    if (!evidence || evidence.fit === 0) return 0;
    // Object arguments, `prefix`, `tool_name`...: OpenAI would reject these, Mistral or Ollama wrote them.
    if (evidence.marks.has('mistral') || evidence.marks.has('ollama')) return 0;
    if (evidence.envelope === 'completion') return evidence.certain ? 100 : 90;
    if (evidence.envelope === 'request' || evidence.marks.has('openai')) return Math.round(90 * evidence.fit);
    return evidence.plain ? 50 : 0;
  },
  read: (input) => readChat(input, EXPECTS),
};
