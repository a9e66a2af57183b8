// One chat message in the OpenAI Chat Completions shape (openai-python `src/openai/types/chat/*`) or a
// dialect of it: Mistral (client-python `src/mistralai/models/*`), Ollama (`api/types.go`), DeepSeek.
// LangChain reads such dicts as model input, so its reader does the common part; this adds the fields
// only these APIs write. One reader serves every dialect: none of these fields means anything else.
import { isRecord } from '../../json/value';
import type { ContentBlock, ToolCall, Usage } from '../../model';
import { expectedObject, joinText } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { usageFrom } from '../common/usage';
import { readMessage } from '../common/messageFields';
import { readToolCall } from '../common/toolCall';
import type { MessageDraft } from '../types';
import type { Unreadable } from '../common/messageList';

// DeepSeek writes `reasoning_content`, OpenRouter and vLLM `reasoning`, Ollama `thinking`; some
// proxies write two of them with the same text, so the first one found is the only one kept.
const REASONING_FIELDS = ['reasoning_content', 'reasoning', 'thinking'] as const;

/** The chat message `element` found at `path`. */
export function readChatMessage(element: unknown, path: string): MessageDraft | Unreadable {
  if (!isRecord(element)) return { unreadable: expectedObject('`role` and `content`', element) };
  if (typeof element.role !== 'string') return { unreadable: 'expected a string `role`' };
  // Legacy function calling may leave `content` out next to `function_call`.
  const fields = 'content' in element || !isRecord(element.function_call) ? element : { ...element, content: null };
  const body = readMessage(element.role, fields, element, { path });
  if ('unreadable' in body) return body;
  const refusal = stringOf(element.refusal);
  body.content = [
    ...reasoningBlocks(element),
    ...body.content.map(refineBlock),
    ...(refusal ? [{ kind: 'text' as const, type: 'refusal', text: refusal, raw: refusal }] : []),
    ...imageBlocks(element.images),
    ...(isRecord(element.audio) ? [{ kind: 'audio' as const, type: 'audio', text: stringOf(element.audio.transcript), raw: element.audio }] : []),
  ];
  body.text = joinText(body.content);
  body.toolCalls = body.toolCalls.map(customCall);
  if (isRecord(element.function_call)) body.toolCalls.push(legacyCall(element.function_call));
  // Ollama names the tool a result comes from in `tool_name`.
  body.name ??= stringOf(element.tool_name);
  return body;
}

function reasoningBlocks(message: Record<string, unknown>): ContentBlock[] {
  for (const field of REASONING_FIELDS) {
    const text = message[field];
    if (typeof text === 'string' && text !== '') return [{ kind: 'reasoning', type: field, text, raw: text }];
  }
  return [];
}

/** Mistral chunks the shared block reader does not know. */
function refineBlock(block: ContentBlock): ContentBlock {
  const { raw } = block;
  if (!isRecord(raw)) return block;
  // ThinkChunk: `{type: "thinking", thinking: [TextChunk | ReferenceChunk]}`.
  if (raw.type === 'thinking' && Array.isArray(raw.thinking)) {
    const texts = raw.thinking.flatMap((chunk) => (isRecord(chunk) && typeof chunk.text === 'string' ? [chunk.text] : []));
    return { ...block, kind: 'reasoning', text: texts.join('\n') };
  }
  if (raw.type === 'document_url') return { ...block, kind: 'file', text: stringOf(raw.document_name) };
  return block;
}

/** Ollama's `images`: base64 strings, kept in `raw` only so no megabytes land in the text. */
function imageBlocks(images: unknown): ContentBlock[] {
  return Array.isArray(images) ? images.map((raw: unknown) => ({ kind: 'image', type: 'image', raw })) : [];
}

/** `{id, type: "custom", custom: {name, input}}`: the input is free text, not JSON. */
function customCall(call: ToolCall): ToolCall {
  const { raw } = call;
  if (!isRecord(raw) || raw.type !== 'custom' || !isRecord(raw.custom)) return call;
  return { id: call.id, name: stringOf(raw.custom.name) ?? '', args: raw.custom.input, raw };
}

/**
 * Legacy `function_call: {name, arguments}` carries no id; the adapter gives it one when it links
 * results (see openaiLink.ts). Read as a tool call, then `raw` points back at the original object.
 */
function legacyCall(functionCall: Record<string, unknown>): ToolCall {
  return { ...readToolCall({ function: functionCall }, false), raw: functionCall };
}

/**
 * Chat Completions `usage`, as Mistral copies it. `prompt_tokens` already counts cached tokens
 * (`prompt_tokens_details.cached_tokens` is a part of it), so input stays `prompt_tokens`, like
 * Anthropic's input once its cache reads are added back; reasoning tokens are part of the output.
 */
export function readChatUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const promptDetails = isRecord(value.prompt_tokens_details) ? value.prompt_tokens_details : {};
  const completionDetails = isRecord(value.completion_tokens_details) ? value.completion_tokens_details : {};
  const input = numberOf(value.prompt_tokens);
  const completion = numberOf(value.completion_tokens);
  const total = numberOf(value.total_tokens);
  const reasoning = numberOf(completionDetails.reasoning_tokens);
  // OpenAI counts reasoning_tokens inside completion_tokens; xAI counts them beside it, its total being
  // prompt + completion + reasoning (fixtures/real/vercel-ai/xai-tool-call.json: 291 + 26 + 189 = 506).
  // Output here always counts the reasoning, so such a total adds up.
  const apart =
    reasoning !== undefined &&
    reasoning > 0 &&
    total !== undefined &&
    total !== (input ?? 0) + (completion ?? 0) &&
    total === (input ?? 0) + (completion ?? 0) + reasoning;
  return usageFrom({
    input,
    output: apart ? (completion ?? 0) + reasoning : completion,
    total,
    // DeepSeek reports its cache hits as `prompt_cache_hit_tokens`.
    cacheRead: numberOf(promptDetails.cached_tokens) ?? numberOf(value.prompt_cache_hit_tokens),
    reasoning,
  });
}

/** OpenAI's `created` / `created_at`: Unix seconds, shown as ISO 8601. */
export function unixTime(value: unknown): string | undefined {
  const seconds = numberOf(value);
  if (seconds === undefined) return undefined;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
