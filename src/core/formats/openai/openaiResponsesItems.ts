// OpenAI Responses items (openai-python `src/openai/types/responses/response_input_item_param.py`,
// `response_output_item.py`; docs/FORMATS.md, "OpenAI, Mistral and Ollama") read into timeline messages.
//
// The API has no assistant "message with tool calls": one model turn is a run of items, e.g.
// `reasoning, message, function_call, function_call`. Such a run becomes ONE AI message, so calls
// and results line up as they do in Chat-shaped formats and the adjacency rules read the same. A run
// is reasoning first, then at most one assistant message, then calls; a reasoning item or message
// after the run's message or calls starts the next turn. An MCP tool listing or approval request the run
// produced is shown in its turn. Every other item stands alone. A `program` (programmatic tool calling) is
// a call whose arguments are its code, answered by its `program_output`; a call the program made is
// answered inside it once the program completed.
import { formatPath, linePath, type PathSegment } from '../../json/locate';
import { isRecord, preview } from '../../json/value';
import type { ContentBlock, Role, ToolCall } from '../../model';
import { joinText, problemDraft } from '../common/drafts';
import { stringOf } from '../common/fields';
import { readContent } from '../common/content';
import { readToolCall } from '../common/toolCall';
import type { MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const MESSAGE_ROLES = new Map<string, Role>([
  ['user', 'human'],
  ['assistant', 'ai'],
  ['system', 'system'],
  ['developer', 'system'],
]);

/** Where each item of a list sits: `input[3]`, `output[0]`, `[2]` or `line 4` in JSON Lines. */
export interface ItemList {
  items: readonly unknown[];
  path: PathSegment[];
}

interface Turn {
  items: unknown[];
  path: string;
  content: ContentBlock[];
  calls: ToolCall[];
  id?: string;
  hasMessage: boolean;
}

/** Drafts for the items of one list, in order; `input` supplies JSON Lines positions and bad lines. */
export function readItems({ items, path }: ItemList, input?: ParsedInput): MessageDraft[] {
  const drafts: MessageDraft[] = [];
  let turn: Turn | undefined;
  const flush = (): void => {
    if (turn) drafts.push(turnDraft(turn));
    turn = undefined;
  };
  items.forEach((item, i) => {
    const at = input?.jsonLines ? linePath(input.lineOf[i] ?? i + 1) : formatPath([...path, i]);
    const lineError = input?.lineErrors?.get(i);
    if (lineError !== undefined || !isRecord(item)) {
      flush();
      drafts.push(problemDraft(item, at, lineError ?? `expected a Responses item object, got ${preview(item, 40)}`));
      return;
    }
    const type = stringOf(item.type);
    const role = stringOf(item.role);
    const kind = aiKind(type, role);
    if (kind === undefined) {
      flush();
      drafts.push(standalone(item, type, role, at));
      return;
    }
    if (turn && kind !== 'call' && kind !== 'attached' && (turn.hasMessage || turn.calls.length > 0)) flush();
    turn ??= { items: [], path: at, content: [], calls: [], hasMessage: false };
    addToTurn(turn, item, kind, type);
  });
  flush();
  answeredInsidePrograms(items, drafts);
  return drafts;
}

/**
 * Programmatic tool calling: a call whose `caller` is `{type: "program", caller_id}` was made by that program's
 * code, its result handed back into the program. When the program's `program_output` says it completed, the
 * call was answered there; while the program runs (no output, or `incomplete`) the call waits like any other.
 */
function answeredInsidePrograms(items: readonly unknown[], drafts: readonly MessageDraft[]): void {
  const completed = new Set<string>();
  for (const item of items) {
    const id = isRecord(item) && item.type === 'program_output' && item.status === 'completed' ? (stringOf(item.call_id) ?? stringOf(item.callId)) : undefined;
    if (id !== undefined) completed.add(id);
  }
  if (completed.size === 0) return;
  for (const draft of drafts)
    for (const call of draft.toolCalls) {
      const caller = isRecord(call.raw) && isRecord(call.raw.caller) ? call.raw.caller : undefined;
      const program = caller?.type === 'program' ? (stringOf(caller.caller_id) ?? stringOf(caller.callerId)) : undefined;
      if (program !== undefined && completed.has(program)) call.answeredInside = program;
    }
}

/** `attached`: what the model's run lists or asks for besides its message and calls, shown in its turn. */
type AiKind = 'reasoning' | 'message' | 'call' | 'attached';

/**
 * Output items of the model's run that are neither message nor call: the tools it listed on an MCP server, and a
 * call it wants the user to approve first (answered by an `mcp_approval_response` input item). They are the
 * turn's, not turns of their own.
 */
const ATTACHED = new Set(['mcp_list_tools', 'mcp_approval_request']);

function aiKind(type: string | undefined, role: string | undefined): AiKind | undefined {
  if (type === 'reasoning') return 'reasoning';
  if (type !== undefined && ATTACHED.has(type)) return 'attached';
  if ((type === 'message' || type === undefined) && role === 'assistant') return 'message';
  if (type?.endsWith('_call') || type === 'program') return 'call';
  return undefined;
}

function addToTurn(turn: Turn, item: Record<string, unknown>, kind: AiKind, type: string | undefined): void {
  turn.items.push(item);
  if (kind === 'reasoning') turn.content.push({ kind: 'reasoning', type: 'reasoning', text: reasoningText(item), raw: item });
  if (kind === 'attached') turn.content.push({ kind: 'other', type: type ?? '', text: attachedText(item, type), raw: item });
  if (kind === 'message') {
    pushAll(turn.content, readContent(item.content));
    turn.hasMessage = true;
    turn.id = stringOf(item.id) ?? turn.id;
  }
  if (kind === 'call') {
    const callId = stringOf(item.call_id);
    // A call with a call_id is answered by a `<type>_output` item; one without (web_search_call,
    // mcp_call, image_generation_call...) ran on OpenAI's side and holds its own result.
    if (callId === undefined) turn.content.push({ kind: 'tool_call', type: type ?? '', raw: item });
    else turn.calls.push(callOf(item, type ?? '', callId));
  }
  turn.id ??= stringOf(item.id);
}

function turnDraft(turn: Turn): MessageDraft {
  const [first] = turn.items;
  const sourceType = turn.hasMessage ? 'assistant' : (isRecord(first) && stringOf(first.type)) || 'assistant';
  return {
    role: 'ai',
    sourceType,
    id: turn.id,
    content: turn.content,
    text: joinText(turn.content),
    toolCalls: turn.calls,
    invalidToolCalls: [],
    // A turn of several items has no single JSON value of its own: its items, verbatim, in order.
    raw: turn.items.length === 1 ? first : turn.items,
    location: { path: turn.path },
  };
}

function attachedText(item: Record<string, unknown>, type: string | undefined): string {
  const server = stringOf(item.server_label) ?? 'an MCP server';
  if (type === 'mcp_approval_request') return `Asks for approval to call ${stringOf(item.name) ?? 'a tool'} on ${server} with ${preview(item.arguments, 200)}`;
  const names = Array.isArray(item.tools) ? item.tools.flatMap((tool) => (isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : [])) : [];
  return `Tools listed on ${server}: ${names.join(', ') || 'none'}`;
}

/** Summary texts, else the raw reasoning text; encrypted_content stays in `raw`. */
function reasoningText(item: Record<string, unknown>): string | undefined {
  for (const parts of [item.summary, item.content]) {
    if (!Array.isArray(parts)) continue;
    const texts = parts.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
    if (texts.length > 0) return texts.join('\n');
  }
  return undefined;
}

function callOf(item: Record<string, unknown>, type: string, id: string): ToolCall {
  if (typeof item.arguments === 'string') {
    // function_call: the shared reader parses the JSON string and explains where it breaks.
    return { ...readToolCall({ id, function: { name: item.name, arguments: item.arguments } }, false), raw: item };
  }
  // custom_tool_call carries free-text `input`; computer/shell calls an `action`, apply_patch an `operation`,
  // a program its JavaScript `code`.
  const args = item.arguments ?? item.input ?? item.action ?? item.operation ?? item.code;
  return { id, name: stringOf(item.name) ?? type.replace(/_call$/, ''), args, raw: item };
}

function standalone(item: Record<string, unknown>, type: string | undefined, role: string | undefined, path: string): MessageDraft {
  if (type === 'message' || (type === undefined && role !== undefined)) {
    const mapped = role === undefined ? undefined : MESSAGE_ROLES.get(role);
    if (mapped === undefined) return problemDraft(item, path, `expected a message role user, assistant, system or developer, got ${preview(item.role, 40)}`);
    const content = readContent(item.content);
    return { ...base(item, mapped, role ?? '', path), content, text: joinText(content) };
  }
  if (type?.endsWith('_call_output') || type === 'program_output') return output(item, type, path);
  if (type === undefined) return problemDraft(item, path, 'expected a `type` or a message `role`');
  // item_reference, mcp_list_tools, approvals and types newer than this reader: kept as they are.
  return { ...base(item, 'other', type, path), content: [{ kind: 'other', type, raw: item }], text: preview(item) };
}

function output(item: Record<string, unknown>, type: string, path: string): MessageDraft {
  // program_output holds its `result` (the Agents JS protocol's `output`).
  const value = item.output ?? (type === 'program_output' ? item.result : undefined);
  const content = typeof value === 'string' || Array.isArray(value) ? readContent(value) : value === undefined ? [] : readContent([value]);
  const status = stringOf(item.status);
  return {
    ...base(item, 'tool', type, path),
    content,
    text: joinText(content),
    // local_shell_call_output names its call in `id` ("the unique ID of the local shell tool call").
    toolCallId: stringOf(item.call_id) ?? (type === 'local_shell_call_output' ? stringOf(item.id) : undefined),
    // apply_patch_call_output says `failed`; other statuses are the item's own lifecycle.
    status: status === 'failed' ? 'error' : status,
  };
}

function base(item: Record<string, unknown>, role: Role, sourceType: string, path: string): MessageDraft {
  return {
    role,
    sourceType,
    id: stringOf(item.id),
    content: [],
    text: '',
    toolCalls: [],
    invalidToolCalls: [],
    raw: item,
    location: { path },
  };
}
