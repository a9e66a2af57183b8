// Vercel AI SDK ModelMessage (v5+; vercel/ai packages/provider-utils/src/types/*-model-message.ts and
// content-part.ts) and its v4 predecessor CoreMessage (tag ai@4.3.19,
// packages/ai/core/prompt/content-part.ts: tool-call `args`, tool-result `result` + `isError`,
// reasoning `signature`, redacted-reasoning). Tool results live in `role: "tool"` messages (and, for
// provider-executed tools, in assistant content); each becomes a tool message of its own.
import { isRecord } from '../../json/value';
import type { ContentBlock, Role } from '../../model';
import { idOf, mediaKind, stringOf } from '../common/fields';
import { expectedObject, textOf } from '../common/drafts';
import type { Mark } from '../common/markedList';
import { scoreMarked } from '../common/markedList';
import { PieceBuilder, readPieceList, type Pieces } from '../common/splitMessages';
import { readToolCall } from '../common/toolCall';
import type { FormatAdapter } from '../types';
import { findMessageList, type Unreadable } from '../common/messageList';

const EXPECTS =
  '{"role": "system" | "user" | "assistant" | "tool", "content": string | [{"type": "text" | "tool-call" | "tool-result" | ...}]} ModelMessages (or v4 CoreMessages) as a bare array or under "messages"';

const ROLES = new Map<string, Role>([
  ['system', 'system'],
  ['user', 'human'],
  ['assistant', 'ai'],
  ['tool', 'tool'],
]);

const PART_TYPES = new Set([
  'text',
  'image',
  'file',
  'reasoning',
  'redacted-reasoning',
  'reasoning-file',
  'tool-call',
  'tool-result',
  'tool-approval-request',
  'tool-approval-response',
  'custom',
]);

/** Keys of OpenAI, LangChain and AI SDK UI messages that a ModelMessage never has. */
const FOREIGN_KEYS = ['parts', 'toolInvocations', 'tool_calls', 'tool_call_id', 'contents', 'type', 'lc', 'data'];

const hasProviderOptions = (value: Record<string, unknown>): boolean => 'providerOptions' in value || 'experimental_providerMetadata' in value;

function partMark(part: unknown): Mark {
  if (!isRecord(part) || typeof part.type !== 'string' || !PART_TYPES.has(part.type)) return 'foreign';
  if (hasProviderOptions(part)) return 'marked';
  switch (part.type) {
    case 'text':
      return 'plain';
    // LangChain's standard blocks share these names but not these fields.
    case 'image':
      return 'image' in part ? 'marked' : 'foreign';
    case 'file':
      return 'data' in part && ('mediaType' in part || 'mimeType' in part) ? 'marked' : 'foreign';
    case 'reasoning':
      return typeof part.text === 'string' ? 'marked' : 'foreign';
    default:
      return 'marked';
  }
}

function classify(element: unknown): Mark {
  if (!isRecord(element)) return 'plain';
  const role = stringOf(element.role);
  if (role === undefined || !ROLES.has(role) || FOREIGN_KEYS.some((key) => key in element)) return 'foreign';
  if (typeof element.content === 'string') return role === 'tool' ? 'foreign' : hasProviderOptions(element) ? 'marked' : 'plain';
  if (!Array.isArray(element.content)) return 'foreign';
  let mark: Mark = hasProviderOptions(element) ? 'marked' : 'plain';
  for (const part of element.content) {
    const next = partMark(part);
    if (next === 'foreign') return 'foreign';
    if (next === 'marked') mark = 'marked';
  }
  return mark;
}

/** A tool-result's text and whether the output says the tool failed (v5 output types, v4 isError). */
function readOutput(part: Record<string, unknown>): { text: string; failed: boolean } {
  if (!('output' in part)) {
    const content = Array.isArray(part.experimental_content) ? part.experimental_content : undefined;
    return { text: content ? contentText(content) : textOf(part.result), failed: part.isError === true };
  }
  const output = part.output;
  if (!isRecord(output) || typeof output.type !== 'string') return { text: textOf(output), failed: false };
  switch (output.type) {
    case 'error-text':
    case 'error-json':
      return { text: textOf(output.value), failed: true };
    case 'execution-denied':
      return { text: stringOf(output.reason) ?? 'Tool execution denied.', failed: true };
    case 'content':
      return { text: Array.isArray(output.value) ? contentText(output.value) : textOf(output.value), failed: false };
    default:
      return { text: textOf(output.value), failed: false };
  }
}

/** Text items of a multi-part tool output; media items are left to `raw`. */
function contentText(items: unknown[]): string {
  return items.flatMap((item) => (isRecord(item) && typeof item.text === 'string' ? [item.text] : [])).join('\n');
}

function readPart(part: unknown, i: number, builder: PieceBuilder): void {
  if (!isRecord(part)) {
    builder.add({ kind: 'other', type: '(none)', raw: part });
    return;
  }
  const type = stringOf(part.type) ?? '(none)';
  const block = (kind: ContentBlock['kind'], text?: unknown): ContentBlock =>
    typeof text === 'string' ? { kind, type, text, raw: part } : { kind, type, raw: part };
  switch (type) {
    case 'text':
      return builder.add(block('text', part.text));
    case 'reasoning':
      return builder.add(block('reasoning', part.text));
    case 'redacted-reasoning':
      return builder.add(block('reasoning'));
    // Images and files may be base64 or bytes: only the file name is shown as text.
    case 'image':
      return builder.add(block('image'));
    case 'file':
      return builder.add(block(mediaKind(stringOf(part.mediaType) ?? stringOf(part.mimeType)), part.filename));
    case 'reasoning-file':
      return builder.add(block('file'));
    case 'tool-call': {
      const name = stringOf(part.toolName) ?? '';
      const call = readToolCall({ id: idOf(part.toolCallId), name, args: 'input' in part ? part.input : part.args }, false);
      return builder.add(block('tool_call', name), { ...call, raw: part });
    }
    case 'tool-result': {
      const { text, failed } = readOutput(part);
      const toolCallId = idOf(part.toolCallId);
      const name = stringOf(part.toolName);
      return builder.result({
        sourceType: type,
        ...(toolCallId !== undefined && { toolCallId }),
        ...(name !== undefined && { name }),
        ...(failed && { status: 'error' }),
        text,
        block: { kind: 'tool_result', type, text, raw: part },
        path: ['content', i],
      });
    }
    default:
      // Approval requests and responses, custom parts and unknown types are kept as they are.
      return builder.add(block('other'));
  }
}

/** One ModelMessage (or v4 CoreMessage), split where it holds tool results; also read from telemetry spans. */
export function readModelMessage(element: unknown): Pieces | Unreadable {
  if (!isRecord(element)) return { unreadable: expectedObject('`role` and `content`', element) };
  const role = stringOf(element.role);
  if (role === undefined) return { unreadable: 'expected a string `role`' };
  const builder = new PieceBuilder(ROLES.get(role) ?? 'other', { sourceType: role });
  const content = element.content;
  if (typeof content === 'string') {
    if (content !== '') builder.add({ kind: 'text', type: 'text', text: content, raw: content });
  } else if (Array.isArray(content)) {
    content.forEach((part, i) => readPart(part, i, builder));
  } else if (content !== undefined && content !== null) {
    builder.add({ kind: 'other', type: '(none)', raw: content });
  }
  return builder.finish();
}

export const vercelAi: FormatAdapter = {
  name: 'vercel-ai',
  label: 'Vercel AI SDK messages',
  expects: EXPECTS,
  detect: (input) => scoreMarked(input, findMessageList(input.value), classify, 90),
  read: (input) => ({ messages: readPieceList(input, findMessageList(input.value), readModelMessage, EXPECTS) }),
};
