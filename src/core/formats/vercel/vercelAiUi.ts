// Vercel AI SDK UI messages, as useChat keeps them: UIMessage v5+ (vercel/ai
// packages/ai/src/ui/ui-messages.ts: `{id, role, metadata?, parts}`) and the v4 UI `Message` (tag
// ai@4.3.19: `{id, role, content, toolInvocations?, parts?}`). A tool part holds both the call and its
// result; like convertToModelMessages (packages/ai/src/ui/convert-to-model-messages.ts) each step
// (`step-start` to `step-start`) becomes an AI message with its calls, then one tool message per
// finished call.
import type { PathSegment } from '../../json/locate';
import { isRecord } from '../../json/value';
import type { ContentBlock, Role } from '../../model';
import { idOf, mediaKind, stringOf } from '../common/fields';
import { expectedObject, textOf } from '../common/drafts';
import { scoreMarked, type Mark } from '../common/markedList';
import { PieceBuilder, readPieceList, type Pieces, type SplitResult } from '../common/splitMessages';
import { readToolCall } from '../common/toolCall';
import type { FormatAdapter } from '../types';
import { readVercelUsage } from './vercelAiUsage';
import { findMessageList, type Unreadable } from '../common/messageList';

const EXPECTS =
  '{"id", "role": "user" | "assistant" | ..., "parts": [{"type": "text" | "tool-<name>" | ...}]} UIMessages (or v4 UI messages with "content" and "toolInvocations") as a bare array or under "messages"';

const ROLES = new Map<string, Role>([
  ['system', 'system'],
  ['user', 'human'],
  ['assistant', 'ai'],
  ['data', 'other'],
]);

const PART_TYPES = new Set([
  'text',
  'reasoning',
  'reasoning-file',
  'file',
  'source-url',
  'source-document',
  'source',
  'step-start',
  'dynamic-tool',
  'tool-invocation',
  'custom',
]);

/**
 * A part this reader knows, with the fields it reads: a part of another format that shares a type
 * name (an OpenTelemetry GenAI `{type: "text", content}`) would lose its text here.
 */
function isKnownPart(part: unknown): boolean {
  if (!isRecord(part) || typeof part.type !== 'string') return false;
  const type = part.type;
  switch (type) {
    case 'text':
      return typeof part.text === 'string';
    case 'reasoning':
      return typeof part.text === 'string' || typeof part.reasoning === 'string';
    case 'tool-invocation':
      return isRecord(part.toolInvocation);
    case 'dynamic-tool':
      return 'toolCallId' in part || 'state' in part;
    default:
      if (type.startsWith('tool-')) return 'toolCallId' in part || 'state' in part;
      return PART_TYPES.has(type) || type.startsWith('data-');
  }
}

/** Keys of ModelMessages, OpenAI and LangChain messages that a UI message never has. */
const FOREIGN_KEYS = ['tool_calls', 'tool_call_id', 'contents', 'type', 'lc'];

function classify(element: unknown): Mark {
  if (!isRecord(element)) return 'plain';
  const role = stringOf(element.role);
  if (role === undefined || !ROLES.has(role) || FOREIGN_KEYS.some((key) => key in element)) return 'foreign';
  if ('content' in element && typeof element.content !== 'string') return 'foreign';
  if (Array.isArray(element.parts)) {
    // Gemini's parts have no `type`; A2A's say `kind`; OpenTelemetry GenAI's hold `content`.
    const typed = element.parts.every(isKnownPart);
    return typed && element.parts.length > 0 ? 'marked' : 'foreign';
  }
  if (Array.isArray(element.toolInvocations)) return 'marked';
  return typeof element.content === 'string' ? 'plain' : 'foreign';
}

/** The tool result a finished tool part carries, or undefined while it waits (input or approval). */
function resultOf(part: Record<string, unknown>): { text: string; failed: boolean } | undefined {
  switch (part.state) {
    case 'output-available':
    case 'result': // v4
      return { text: textOf('output' in part ? part.output : part.result), failed: false };
    case 'output-error':
      return { text: stringOf(part.errorText) ?? '', failed: true };
    case 'output-denied': {
      const approval = isRecord(part.approval) ? part.approval : {};
      return { text: stringOf(approval.reason) ?? 'Tool execution denied.', failed: true };
    }
    default:
      return undefined;
  }
}

/** Reads one message's parts, step by step; results wait for the end of their step. */
class StepReader {
  private pending: SplitResult[] = [];

  constructor(private readonly builder: PieceBuilder) {}

  endStep(): void {
    for (const result of this.pending) this.builder.result(result);
    this.pending = [];
  }

  /** A v5 tool part, or a v4 tool invocation (`args`, states partial-call / call / result). */
  tool(part: Record<string, unknown>, type: string, name: string, raw: unknown, path: PathSegment[]): void {
    const block: ContentBlock = { kind: 'tool_call', type, text: name, raw };
    // convertToModelMessages sends no call for input still streaming.
    if (part.state === 'input-streaming' || part.state === 'partial-call') {
      this.builder.add(block);
      return;
    }
    const toolCallId = idOf(part.toolCallId);
    const args = 'input' in part || 'rawInput' in part ? (part.input ?? part.rawInput) : part.args;
    this.builder.add(block, { ...readToolCall({ id: toolCallId, name, args }, false), raw });
    const result = resultOf(part);
    if (!result) return;
    this.pending.push({
      sourceType: type,
      ...(toolCallId !== undefined && { toolCallId }),
      name,
      ...(result.failed && { status: 'error' }),
      text: result.text,
      block: { kind: 'tool_result', type, text: result.text, raw },
      path,
    });
  }

  part(part: unknown, i: number): void {
    if (!isRecord(part)) {
      this.builder.add({ kind: 'other', type: '(none)', raw: part });
      return;
    }
    const type = stringOf(part.type) ?? '(none)';
    const block = (kind: ContentBlock['kind'], text?: unknown): ContentBlock =>
      typeof text === 'string' ? { kind, type, text, raw: part } : { kind, type, raw: part };
    if (type === 'step-start') this.endStep();
    else if (type === 'text') this.builder.add(block('text', part.text));
    else if (type === 'reasoning') this.builder.add(block('reasoning', part.text ?? part.reasoning));
    // `url` / `data` may be a data URL: only the file name is shown as text.
    else if (type === 'file') this.builder.add(block(mediaKind(stringOf(part.mediaType) ?? stringOf(part.mimeType)), part.filename));
    else if (type === 'source-url') this.builder.add(block('other', part.title ?? part.url));
    else if (type === 'dynamic-tool') this.tool(part, type, stringOf(part.toolName) ?? '', part, ['parts', i]);
    else if (type === 'tool-invocation' && isRecord(part.toolInvocation)) {
      const invocation = part.toolInvocation;
      this.tool(invocation, type, stringOf(invocation.toolName) ?? '', part, ['parts', i]);
    } else if (type.startsWith('tool-')) this.tool(part, type, type.slice('tool-'.length), part, ['parts', i]);
    // Sources, data-* parts and unknown types are kept as they are.
    else this.builder.add(block('other'));
  }
}

/** `metadata` is the app's own; usage and model are read where the AI SDK docs put them. */
function metadataOf(element: Record<string, unknown>) {
  const metadata = isRecord(element.metadata) ? element.metadata : {};
  const createdAt = element.createdAt ?? metadata.createdAt;
  return {
    usage: readVercelUsage(metadata.usage) ?? readVercelUsage(metadata.totalUsage),
    model: stringOf(metadata.model) ?? stringOf(metadata.modelId),
    timestamp: typeof createdAt === 'number' && Number.isFinite(createdAt) ? new Date(createdAt).toISOString() : stringOf(createdAt),
  };
}

function readUIMessage(element: unknown): Pieces | Unreadable {
  if (!isRecord(element)) return { unreadable: expectedObject('`id`, `role` and `parts`', element) };
  const role = stringOf(element.role);
  if (role === undefined) return { unreadable: 'expected a string `role`' };
  const { usage, model, timestamp } = metadataOf(element);
  const builder = new PieceBuilder(ROLES.get(role) ?? 'other', { sourceType: role, id: idOf(element.id), model, timestamp });
  builder.usage = usage;
  const steps = new StepReader(builder);
  // v4 messages repeat their text and tool invocations in `parts` when they have them.
  if (Array.isArray(element.parts) && element.parts.length > 0) {
    element.parts.forEach((part, i) => steps.part(part, i));
  } else {
    if (typeof element.content === 'string' && element.content !== '') {
      builder.add({ kind: 'text', type: 'text', text: element.content, raw: element.content });
    }
    const invocations = Array.isArray(element.toolInvocations) ? element.toolInvocations : [];
    invocations.forEach((invocation, i) => {
      if (isRecord(invocation)) steps.tool(invocation, 'tool-invocation', stringOf(invocation.toolName) ?? '', invocation, ['toolInvocations', i]);
      else builder.add({ kind: 'other', type: '(none)', raw: invocation });
    });
  }
  steps.endStep();
  return builder.finish();
}

export const vercelAiUi: FormatAdapter = {
  name: 'vercel-ai-ui',
  label: 'Vercel AI SDK UI messages',
  expects: EXPECTS,
  detect: (input) => scoreMarked(input, findMessageList(input.value), classify, 90),
  read: (input) => ({ messages: readPieceList(input, findMessageList(input.value), readUIMessage, EXPECTS) }),
};
