// OpenAI Chat Completions (openai-python `src/openai/types/chat/*`, docs/FORMATS.md, "OpenAI, Mistral and Ollama"): a request
// body `{model, messages, tools...}`, a bare `messages` list, or a `chat.completion` response.
// A plain `[{role, content}]` list carries nothing of OpenAI's own and stays with langchain-dict (50);
// OpenAI's marks (see openaiMarks.ts) or a request/response envelope claim it here.
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
    return 0;
  },
  read: (input) => readChat(input, EXPECTS),
};
