// Vercel AI SDK ModelMessage[] (docs/FORMATS.md, "Vercel AI SDK"; vercel/ai packages/provider-utils/src/types/
// *-model-message.ts and content-part.ts), what `generateText({messages})` takes: `system` (a string), `user` (text,
// image and file parts), `assistant` (text, reasoning and `tool-call` parts) and `tool` (`tool-result` parts, one
// message for a run of results). A result of a provider-executed call stays in the assistant message, as the SDK
// writes it. What a provider needs back to accept its own reasoning (a signature, an encrypted item) goes where the
// SDK's providers read it, in the part's `providerOptions`.
import { isRecord } from '../json/value';
import type { ContentBlock, Message, ToolCall, Transcript } from '../model';
import type { Lost } from '../providers/lost';
import { readImage } from '../providers/media';
import { inBlockOrder } from './blockOrder';
import { answeredInsideLost, callNames, madeUpIdsWritten, resultName } from './callParts';
import { convertEach } from './isolated';
import { onlyText, requestLosses } from './requestLosses';
import { pushAll } from '../json/pushAll';

const TARGET = 'Vercel AI SDK';
type Json = Record<string, unknown>;

interface ModelMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | Json[];
}

const stringField = (raw: Json, ...keys: string[]): string | undefined => {
  for (const key of keys) if (typeof raw[key] === 'string') return raw[key];
  return undefined;
};

/** A part's own `providerOptions`, when it is an AI SDK part that has them. */
const ownOptions = (raw: unknown): Json | undefined => (isRecord(raw) && isRecord(raw.providerOptions) ? raw.providerOptions : undefined);

const withOptions = (part: Json, options: Json | undefined): Json => (options === undefined ? part : { ...part, providerOptions: options });

/**
 * What a provider needs to take its reasoning back, where the SDK's providers read it (vercel/ai
 * packages/anthropic/src/convert-to-anthropic-prompt.ts, packages/google/src/convert-to-google-messages.ts,
 * packages/openai/src/responses/convert-to-openai-responses-input.ts): Anthropic's `signature` or redacted `data`,
 * Gemini's `thoughtSignature`, a Responses reasoning item's `id` and `encrypted_content`.
 */
function signedOptions(raw: unknown): Json | undefined {
  const own = ownOptions(raw);
  if (own !== undefined || !isRecord(raw)) return own;
  if (raw.type === 'thinking' && typeof raw.signature === 'string') return { anthropic: { signature: raw.signature } };
  if (raw.type === 'redacted_thinking' && typeof raw.data === 'string') return { anthropic: { redactedData: raw.data } };
  const thoughtSignature = stringField(raw, 'thoughtSignature', 'thought_signature');
  if (thoughtSignature !== undefined && typeof raw.type !== 'string') return { google: { thoughtSignature } };
  // v4 CoreMessages carried Anthropic's signature on the part (ai@4.3.19 packages/ai/core/prompt/content-part.ts).
  if (raw.type === 'reasoning' && typeof raw.signature === 'string') return { anthropic: { signature: raw.signature } };
  if (raw.type === 'redacted-reasoning' && typeof raw.data === 'string') return { anthropic: { redactedData: raw.data } };
  if (raw.type === 'reasoning' && Array.isArray(raw.summary)) {
    const itemId = stringField(raw, 'id');
    const reasoningEncryptedContent = stringField(raw, 'encrypted_content');
    if (itemId === undefined && reasoningEncryptedContent === undefined) return undefined;
    return { openai: { ...(itemId !== undefined && { itemId }), ...(reasoningEncryptedContent !== undefined && { reasoningEncryptedContent }) } };
  }
  return undefined;
}

/** An AI SDK image or file part as it came (its data, media type and options), else undefined. */
function ownMediaPart(block: ContentBlock): Json | undefined {
  const raw = block.raw;
  if (!isRecord(raw)) return undefined;
  if (raw.type === 'image' && 'image' in raw) return raw;
  if (raw.type === 'file' && 'data' in raw && typeof raw.mediaType === 'string') return raw;
  return undefined;
}

function userPart(m: Message, block: ContentBlock, lost: Lost): Json | undefined {
  if (block.kind === 'text') return withOptions({ type: 'text', text: block.text ?? '' }, ownOptions(block.raw));
  const own = ownMediaPart(block);
  if (own) return own;
  const image = readImage(block);
  if (image) return 'url' in image ? { type: 'image', image: image.url } : { type: 'image', image: image.base64, mediaType: image.mediaType };
  lost.add(m.index, `a ${block.type} block has no place in ${TARGET} user messages`);
  return undefined;
}

function userMessage(m: Message, lost: Lost): ModelMessage {
  if (onlyText(m) && m.content.length <= 1 && ownOptions(m.content[0]?.raw) === undefined) return { role: 'user', content: m.text };
  return {
    role: 'user',
    content: m.content.flatMap((block): Json[] => {
      const part = userPart(m, block, lost);
      return part ? [part] : [];
    }),
  };
}

function systemMessage(m: Message, lost: Lost): ModelMessage {
  for (const block of m.content) if (block.kind !== 'text') lost.add(m.index, `only text has a place in a ${TARGET} system message`);
  return { role: 'system', content: m.text };
}

function toolCallPart(m: Message, call: ToolCall, lost: Lost): Json {
  if (call.id === undefined) lost.add(m.index, `call ${call.name} has no id, which a ${TARGET} tool-call part requires (toolCallId)`);
  const broken = call.invalid === true || call.error !== undefined;
  if (broken) lost.add(m.index, `the error of invalid call ${call.id ?? call.name} has no place in ${TARGET}; its input is sent as the text it was`);
  // The SDK keeps the text of input it could not parse as the input: read back, free text is such a call.
  else if (typeof call.args === 'string') lost.add(m.index, `the free-text input of call ${call.id ?? call.name} reads back as input that is not JSON`);
  const raw = isRecord(call.raw) ? call.raw : {};
  return withOptions(
    {
      type: 'tool-call',
      ...(call.id !== undefined && { toolCallId: call.id }),
      toolName: call.name,
      input: broken ? (call.argsText ?? call.args) : call.args,
      ...(raw.providerExecuted === true && { providerExecuted: true }),
    },
    signedOptions(call.raw),
  );
}

/** Parts in block order, each call where its block stood (calls with no block of their own last). */
function assistantParts(m: Message, lost: Lost): Json[] {
  const parts = inBlockOrder(
    m,
    (call) => toolCallPart(m, call, lost),
    (block) => {
      if (block.kind === 'text') return withOptions({ type: 'text', text: block.text ?? '' }, signedOptions(block.raw));
      if (block.kind === 'reasoning') return withOptions({ type: 'reasoning', text: block.text ?? '' }, signedOptions(block.raw));
      const own = ownMediaPart(block) ?? (isRecord(block.raw) && block.raw.type === 'tool-approval-request' ? block.raw : undefined);
      if (!own) lost.add(m.index, `a ${block.type} block has no place in ${TARGET} assistant messages`);
      return own;
    },
  );
  answeredInsideLost(m, lost, TARGET);
  return parts;
}

/** The AI SDK `tool-result` part a tool message was read from, when it was read from one. */
function ownResultPart(m: Message): Json | undefined {
  const block = m.content.find((b) => b.kind === 'tool_result' && isRecord(b.raw) && b.raw.type === 'tool-result');
  return isRecord(block?.raw) ? block.raw : undefined;
}

/** An approval the user answered: a part of the tool message, before the result it let through or denied. */
const isApprovalResponse = (raw: unknown): raw is Json => isRecord(raw) && raw.type === 'tool-approval-response';

/** The result's output: an AI SDK output as it came, else its text, typed `error-text` when the tool failed. */
function output(m: Message, own: Json | undefined, lost: Lost): Json {
  if (isRecord(own?.output) && typeof own.output.type === 'string') return own.output;
  if (m.status !== undefined && m.status !== 'success' && m.status !== 'error')
    lost.add(m.index, `status "${m.status}" has no place in a ${TARGET} tool-result (an error output only)`);
  for (const block of m.content)
    if (block.kind !== 'text' && block.kind !== 'tool_result' && !isApprovalResponse(block.raw))
      lost.add(m.index, `a ${block.type} block has no place in a ${TARGET} tool-result (text only)`);
  return m.status === 'error' ? { type: 'error-text', value: m.text } : { type: 'text', value: m.text };
}

function toolParts(m: Message, names: ReadonlyMap<string, string>, lost: Lost): Json[] {
  const toolName = resultName(m, names);
  if (m.toolCallId === undefined) lost.add(m.index, `a tool result without tool_call_id cannot be a ${TARGET} tool-result (toolCallId is required)`);
  if (toolName === undefined) lost.add(m.index, `a ${TARGET} tool-result needs the tool's name, and neither the result nor a call names it; written as ""`);
  const own = ownResultPart(m);
  const result = withOptions(
    { type: 'tool-result', ...(m.toolCallId !== undefined && { toolCallId: m.toolCallId }), toolName: toolName ?? '', output: output(m, own, lost) },
    ownOptions(own),
  );
  return [...m.content.flatMap((block) => (isApprovalResponse(block.raw) ? [block.raw] : [])), result];
}

/** The message each message joins: a result after results, a provider-executed result or more of the same turn in its assistant message. */
interface Open {
  message: ModelMessage;
  source: Message;
  /** Calls of the open assistant message the provider ran, whose results it holds. */
  providerRan: Set<string>;
}

function joinsOpen(open: Open | undefined, m: Message): open is Open {
  if (open === undefined || !Array.isArray(open.message.content)) return false;
  if (open.message.role === 'tool') return m.role === 'tool';
  if (open.message.role !== 'assistant' || m.turn === undefined || m.turn !== open.source.turn) return false;
  return m.role === 'ai' || (m.role === 'tool' && m.toolCallId !== undefined && open.providerRan.has(m.toolCallId));
}

export function toVercelAi(t: Transcript, lost: Lost): ModelMessage[] {
  const names = callNames(t.messages);
  const messages: ModelMessage[] = [];
  let open: Open | undefined;
  convertEach(t.messages, lost, (m) => {
    requestLosses(m, lost, TARGET);
    if (m.role === 'other') return undefined;
    if (m.name !== undefined && m.role !== 'tool') lost.add(m.index, `${TARGET} messages have no name`);
    if (m.role === 'ai' || m.role === 'tool') madeUpIdsWritten(m, lost, TARGET);
    const parts = m.role === 'ai' ? assistantParts(m, lost) : m.role === 'tool' ? toolParts(m, names, lost) : undefined;
    if (parts && joinsOpen(open, m) && Array.isArray(open.message.content)) {
      pushAll(open.message.content, parts);
    } else {
      const message: ModelMessage =
        m.role === 'system'
          ? systemMessage(m, lost)
          : m.role === 'human'
            ? userMessage(m, lost)
            : { role: m.role === 'ai' ? 'assistant' : 'tool', content: parts ?? [] };
      messages.push(message);
      open = { message, source: m, providerRan: new Set() };
    }
    if (m.role === 'ai')
      for (const call of m.toolCalls) if (call.id !== undefined && isRecord(call.raw) && call.raw.providerExecuted === true) open.providerRan.add(call.id);
    return undefined;
  });
  return messages;
}
