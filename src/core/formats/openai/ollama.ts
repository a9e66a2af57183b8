// Ollama `/api/chat` (ollama `api/types.go`: `ChatRequest`, `Message`, `ToolCall`, `ChatResponse`;
// docs/FORMATS.md, "OpenAI, Mistral and Ollama"): OpenAI-like messages with `thinking`, base64 `images`, tool calls whose
// `arguments` is an object and whose `id` is often missing, and tool results named by `tool_name`.
// Calls without ids get stable ones and results link by tool name (openaiLink.ts).
import { chatEvidence } from './openaiMarks';
import { readChat } from './openaiChatRead';
import type { FormatAdapter } from '../types';

const EXPECTS =
  'an Ollama /api/chat request {"model", "messages": [{"role", "content", "thinking"?, "images"?, "tool_calls"?, "tool_name"?}]} or a ChatResponse {"model", "created_at", "message", "done"}';

export const ollama: FormatAdapter = {
  name: 'ollama',
  label: 'Ollama',
  expects: EXPECTS,
  detect(input) {
    const evidence = chatEvidence(input);
    if (!evidence?.marks.has('ollama')) return 0;
    return evidence.envelope === 'ollama-response' ? 100 : Math.round(95 * evidence.fit);
  },
  read: (input) => readChat(input, EXPECTS),
};
