// Mistral chat (client-python `src/mistralai/models/*`: `assistantmessage.py`, `toolcall.py`,
// `thinkchunk.py`, `documenturlchunk.py`, `chatcompletionresponse.py`; docs/FORMATS.md, "OpenAI, Mistral and Ollama"): OpenAI's
// shape, with `function.arguments` as an object or a string, `prefix` on assistant messages, chunk
// content (`thinking` lists, `document_url`, `image_url` as a bare string) and `name` on tool messages.
// Only those Mistral-only marks claim an input; without them the same JSON is OpenAI Chat.
import { chatEvidence } from './openaiMarks';
import { readChat } from './openaiChatRead';
import type { FormatAdapter } from '../types';

const EXPECTS =
  'a Mistral chat request {"model", "messages"} or response {"choices": [{"message"}]} with Mistral-only fields ("prefix", object "arguments", "thinking" or "document_url" chunks)';

export const mistral: FormatAdapter = {
  name: 'mistral',
  label: 'Mistral',
  expects: EXPECTS,
  detect(input) {
    const evidence = chatEvidence(input);
    // Object arguments are both Mistral's and Ollama's; Ollama's own marks decide for Ollama.
    if (!evidence || !evidence.marks.has('mistral') || evidence.marks.has('ollama')) return 0;
    return Math.round(95 * evidence.fit);
  },
  read: (input) => readChat(input, EXPECTS),
};
