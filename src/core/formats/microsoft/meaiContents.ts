// The ChatMessage and its AIContent list that Microsoft.Extensions.AI (.NET, camelCase, `$type`) and
// Microsoft Agent Framework Python (snake_case, `type`) share: dotnet/extensions
// src/Libraries/Microsoft.Extensions.AI.Abstractions/Contents/*.cs and microsoft/agent-framework
// python/packages/core/agent_framework/_types.py. Both name the same content types, so one reader
// works on camelCase names and asks the dialect how its input spells a field.
import type { PathSegment } from '../../json/locate';
import { isRecord } from '../../json/value';
import type { ContentBlock, Role, Usage } from '../../model';
import { idOf, mediaKind, stringOf } from '../common/fields';
import { textOf } from '../common/drafts';
import { PieceBuilder, type Pieces } from '../common/splitMessages';
import { addUsage } from '../common/usage';
import { readToolCall } from '../common/toolCall';
import type { MessageDraft } from '../types';
import type { Unreadable } from '../common/messageList';

export interface Dialect {
  /** `$type` (.NET) or `type` (Python). */
  typeKey: string;
  /** How this dialect writes a camelCase field or type name. */
  spell: (camel: string) => string;
  /** Reads the `details` / `usage_details` of a usage content. */
  usage(content: Record<string, unknown>): Usage | undefined;
}

/** ChatRole values, the same in both dialects. */
export const CHAT_ROLES: ReadonlyMap<string, Role> = new Map<string, Role>([
  ['system', 'system'],
  ['user', 'human'],
  ['assistant', 'ai'],
  ['tool', 'tool'],
]);

export const camelToSnake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const snakeToCamel = (name: string): string => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The texts FunctionInvokingChatClient (.NET) and `_auto_invoke_function` (Python) put in a result
 * when the function threw or was not found; .NET keeps no other trace of the failure.
 */
const INVOKER_ERRORS = ['Error: Function failed.', 'Error: Requested function "', 'Error: Unknown error.'];

/** `data:image/png;base64,...` -> `image/png`. */
function dataUriMediaType(uri: string | undefined): string | undefined {
  if (!uri?.startsWith('data:')) return undefined;
  const end = uri.slice(0, 200).search(/[;,]/);
  return end > 5 ? uri.slice(5, end) : undefined;
}

/** Hosted tool outputs are content lists; their texts read better than their JSON. */
function resultText(value: unknown): string {
  if (Array.isArray(value)) {
    const texts = value.flatMap((item) => (isRecord(item) && typeof item.text === 'string' ? [item.text] : []));
    if (texts.length === value.length && texts.length > 0) return texts.join('\n');
  }
  return textOf(value);
}

/**
 * Adds each content to `builder` in order: function and hosted tool results become tool messages of
 * their own, usage contents become the message's usage (summed when there are several).
 */
function readContents(contents: readonly unknown[], key: PathSegment, dialect: Dialect, builder: PieceBuilder): void {
  const { spell } = dialect;
  contents.forEach((content, i) => {
    if (!isRecord(content)) {
      builder.add({ kind: 'other', type: '(none)', raw: content });
      return;
    }
    const type = stringOf(content[dialect.typeKey]) ?? '(none)';
    const name = snakeToCamel(type);
    const field = (camel: string): unknown => content[spell(camel)];
    const block = (kind: ContentBlock['kind'], text?: unknown): ContentBlock =>
      typeof text === 'string' ? { kind, type, text, raw: content } : { kind, type, raw: content };
    const callId = idOf(field('callId'));

    if (name === 'text') builder.add(block('text', content.text));
    else if (name === 'reasoning' || name === 'textReasoning') builder.add(block('reasoning', content.text));
    else if (name === 'data' || name === 'uri') {
      const uri = stringOf(content.uri);
      const mediaType = stringOf(field('mediaType')) ?? dataUriMediaType(uri);
      // A data URI is the payload itself: never shown as text.
      builder.add(block(mediaKind(mediaType), stringOf(content.name) ?? (name === 'uri' ? uri : mediaType)));
    } else if (name === 'hostedFile') builder.add(block('file', field('name') ?? field('fileId')));
    else if (name === 'error') builder.add(block('other', content.message));
    else if (name === 'usage') builder.usage = addUsage(builder.usage, dialect.usage(content));
    else if (name === 'functionCall' || (name.endsWith('ToolCall') && callId !== undefined)) {
      const toolName = stringOf(field('toolName')) ?? stringOf(content.name) ?? name.slice(0, -'ToolCall'.length);
      const given = name === 'functionCall' || 'arguments' in content ? content.arguments : (field('inputs') ?? {});
      const call = { ...readToolCall({ id: callId, name: toolName, args: given }, false), raw: content };
      builder.add(block('tool_call', toolName), call);
    } else if (name === 'functionResult' || (name.endsWith('ToolResult') && callId !== undefined)) {
      const value = name === 'functionResult' ? content.result : (content.result ?? field('output') ?? field('outputs'));
      const text = resultText(value);
      const exception = field('exception');
      const failed = (exception !== undefined && exception !== null) || INVOKER_ERRORS.some((start) => text.startsWith(start));
      builder.result({
        sourceType: type,
        ...(callId !== undefined && { toolCallId: callId }),
        ...(failed && { status: 'error' }),
        text,
        block: { kind: 'tool_result', type, text, raw: content },
        path: [key, i],
      });
    } else {
      // Approval requests and responses, input requests, unknown types: kept as they are.
      builder.add(block(name.endsWith('ToolCall') ? 'tool_call' : name.endsWith('ToolResult') ? 'tool_result' : 'other'));
    }
  });
}

/**
 * A ChatMessage once its role is read (each dialect writes that its own way): its id, author and time
 * as the dialect spells them, then its contents.
 */
export function readChatMessage(element: Record<string, unknown>, role: Role, sourceType: string, dialect: Dialect): Pieces | Unreadable {
  const contents = element.contents ?? [];
  if (!Array.isArray(contents)) return { unreadable: '`contents` is not a list' };
  const field = (camel: string): string | undefined => stringOf(element[dialect.spell(camel)]);
  const builder = new PieceBuilder(role, { sourceType, id: field('messageId'), name: field('authorName'), timestamp: field('createdAt') });
  readContents(contents, 'contents', dialect, builder);
  return builder.finish();
}

/**
 * A ChatResponse's model and usage belong to its assistant messages: the model to each that names
 * none, the usage to the last one when no message carries usage of its own.
 */
export function applyResponse(messages: MessageDraft[], model: string | undefined, usage: Usage | undefined): void {
  const replies = messages.filter((m) => m.role === 'ai');
  if (model !== undefined) for (const m of replies) m.model ??= model;
  const last = replies.at(-1);
  if (usage && last && !messages.some((m) => m.usage)) last.usage = usage;
}
