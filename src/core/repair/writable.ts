// The formats a repair writes back in place, and how each writes the one thing a repair adds: a tool result
// answering a call that never got one. Each shape is the one its reader reads (src/core/formats) and its
// provider takes (docs/FORMATS.md). Every other format is converted first (repair/index.ts says so).
import { isRecord } from '../json/value';
import type { Message, ToolCall } from '../model';

/** What the added result says. */
export const INTERRUPTED = 'The call was interrupted before it returned a result (added by msgscope repair).';

export interface AnswerContext {
  call: ToolCall;
  /** The AI message that issued the call. */
  ai: Message;
  /** The conversation's messages, to follow the file's own style (LangChain dicts by `role` or `type`, Vercel v4 or v5). */
  messages: readonly Message[];
}

export interface WritableFormat {
  /** Where tool results live: their own entries of the message list, or blocks of a wire message (`content`, `parts`). */
  level: 'element' | 'block';
  /** For `block`: the key of a wire message's blocks. */
  blocksKey?: string;
  /** For `block`: whether a wire message can take result blocks (the user turn after an assistant turn). */
  takesResults?: (element: unknown) => boolean;
  /** For `block`: a new wire message holding `blocks` (JSON texts), written as JSON.stringify writes the blocks it adds. */
  wrap?: (blocks: readonly string[]) => string;
  /** The result answering `call`: an entry of the list, or a block; undefined when this format cannot write one for it. */
  answer(context: AnswerContext): unknown;
  /** Find messages by `location.path` rather than by their raw value (msgscope JSON shares raw values between messages). */
  byLocation?: true;
}

/** The call's own id, or none when the reader made it up (Gemini, Ollama and legacy OpenAI calls carry none). */
const realId = (call: ToolCall): string | undefined => (call.idMadeUp ? undefined : call.id);

const roleOf = (value: unknown): unknown => (isRecord(value) ? value.role : undefined);

const openaiChat: WritableFormat = {
  level: 'element',
  answer: ({ call }) => {
    const id = realId(call);
    // A legacy `function_call` is answered by a `function` message of its name (the reader links them by name).
    if (id === undefined) return call.idMadeUp?.path.endsWith('function_call') ? { role: 'function', name: call.name, content: INTERRUPTED } : undefined;
    return { role: 'tool', tool_call_id: id, content: INTERRUPTED };
  },
};

const ollama: WritableFormat = {
  level: 'element',
  answer: ({ call }) => {
    const id = realId(call);
    return { role: 'tool', content: INTERRUPTED, tool_name: call.name, ...(id !== undefined && { tool_call_id: id }) };
  },
};

/** Inspect's ChatMessageTool: the call's `function` name, and its failure in `error` (ToolCallError). */
const inspect: WritableFormat = {
  level: 'element',
  answer: ({ call }) => {
    const id = realId(call);
    return id === undefined
      ? undefined
      : { role: 'tool', content: INTERRUPTED, tool_call_id: id, function: call.name, error: { type: 'unknown', message: INTERRUPTED } };
  },
};

const langchainDict: WritableFormat = {
  level: 'element',
  answer: ({ call, ai }) => {
    const id = realId(call);
    if (id === undefined) return undefined;
    // The file's own spelling: `{"role": "tool"}` or `{"type": "tool"}` as its AI message has.
    const byType = isRecord(ai.raw) && !('role' in ai.raw) && 'type' in ai.raw;
    return { ...(byType ? { type: 'tool' } : { role: 'tool' }), content: INTERRUPTED, tool_call_id: id, name: call.name, status: 'error' };
  },
};

const langchainStored: WritableFormat = {
  level: 'element',
  answer: ({ call }) => {
    const id = realId(call);
    if (id === undefined) return undefined;
    const data = {
      content: INTERRUPTED,
      additional_kwargs: {},
      response_metadata: {},
      type: 'tool',
      name: call.name,
      id: null,
      tool_call_id: id,
      artifact: null,
      status: 'error',
    };
    return { type: 'tool', data };
  },
};

const langchainSerialized: WritableFormat = {
  level: 'element',
  answer: ({ call, ai }) => {
    const id = realId(call);
    if (id === undefined) return undefined;
    // The AI message's class path with its last name changed: Python's `langchain.schema.messages` or JS's `langchain_core.messages`.
    const path =
      isRecord(ai.raw) && Array.isArray(ai.raw.id) && ai.raw.id.every((part) => typeof part === 'string')
        ? ai.raw.id
        : ['langchain', 'schema', 'messages', 'AIMessage'];
    return {
      lc: 1,
      type: 'constructor',
      id: [...path.slice(0, -1), 'ToolMessage'],
      kwargs: { content: INTERRUPTED, type: 'tool', name: call.name, tool_call_id: id, status: 'error' },
    };
  },
};

const anthropic: WritableFormat = {
  level: 'block',
  blocksKey: 'content',
  takesResults: (element) => roleOf(element) === 'user' && isRecord(element) && Array.isArray(element.content),
  wrap: (blocks) => `{"role":"user","content":[${blocks.join(',')}]}`,
  answer: ({ call }) => {
    const id = realId(call);
    return id === undefined ? undefined : { type: 'tool_result', tool_use_id: id, content: INTERRUPTED, is_error: true };
  },
};

/** A Gemini part in the spelling of the call's (`functionCall` or `function_call`). */
const gemini: WritableFormat = {
  level: 'block',
  blocksKey: 'parts',
  takesResults: (element) => (roleOf(element) === 'user' || roleOf(element) === 'function') && isRecord(element) && Array.isArray(element.parts),
  wrap: (blocks) => `{"role":"user","parts":[${blocks.join(',')}]}`,
  answer: ({ call }) => {
    const id = realId(call);
    const snake = isRecord(call.raw) && 'function_call' in call.raw;
    // `response.error`: the Gemini API reference's FunctionResponse says a failed call's response may carry an "error" key.
    const response = { ...(id !== undefined && { id }), name: call.name, response: { error: INTERRUPTED } };
    return snake ? { function_response: response } : { functionResponse: response };
  },
};

const openaiResponses: WritableFormat = {
  level: 'element',
  answer: ({ call }) => {
    const id = realId(call);
    const type = isRecord(call.raw) ? call.raw.type : undefined;
    // Other calls (computer, shell, MCP…) are answered with outputs that are no text.
    if (id === undefined || (type !== 'function_call' && type !== 'custom_tool_call')) return undefined;
    return { type: `${type}_output`, call_id: id, output: INTERRUPTED };
  },
};

/** Vercel AI SDK v5 `output: {type: "error-text"}`, or v4's `result` and `isError` when the file's calls carry v4's `args`. */
const vercelAi: WritableFormat = {
  level: 'block',
  blocksKey: 'content',
  takesResults: (element) => roleOf(element) === 'tool' && isRecord(element) && Array.isArray(element.content),
  wrap: (blocks) => `{"role":"tool","content":[${blocks.join(',')}]}`,
  answer: ({ call }) => {
    const id = realId(call);
    if (id === undefined) return undefined;
    const v4 = isRecord(call.raw) && 'args' in call.raw && !('input' in call.raw);
    const part = { type: 'tool-result', toolCallId: id, toolName: call.name };
    return v4 ? { ...part, result: INTERRUPTED, isError: true } : { ...part, output: { type: 'error-text', value: INTERRUPTED } };
  },
};

/** msgscope's own message, with the made-up id of a call that had none, so it links as the reader linked. */
const msgscope: WritableFormat = {
  level: 'element',
  byLocation: true,
  answer: ({ call }) => {
    if (call.id === undefined) return undefined;
    const text = INTERRUPTED;
    return {
      role: 'tool',
      sourceType: 'tool',
      name: call.name,
      content: [{ kind: 'text', type: 'text', text, raw: text }],
      text,
      toolCalls: [],
      invalidToolCalls: [],
      toolCallId: call.id,
      ...(call.idMadeUp && { toolCallIdMadeUp: true }),
      status: 'error',
      raw: { role: 'tool', tool_call_id: call.id, content: text },
      location: { path: 'added by msgscope repair' },
    };
  },
};

const WRITABLE: Record<string, WritableFormat> = {
  'openai-chat': openaiChat,
  mistral: openaiChat,
  'openai-finetune': openaiChat,
  ollama,
  inspect,
  'langchain-dict': langchainDict,
  'langchain-stored': langchainStored,
  'langchain-serialized': langchainSerialized,
  anthropic,
  gemini,
  'openai-responses': openaiResponses,
  'vercel-ai': vercelAi,
  msgscope,
};

export function writableFormat(name: string): WritableFormat | undefined {
  return Object.hasOwn(WRITABLE, name) ? WRITABLE[name] : undefined;
}

/** The formats written back in place, in the order docs and messages list them. */
export const WRITABLE_FORMATS: readonly string[] = Object.keys(WRITABLE);
