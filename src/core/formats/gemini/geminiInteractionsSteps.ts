// The steps of Google's Interactions API read into messages: a response's `steps` (or, before May
// 2026, `outputs`), and a request's `input` as steps, content items or role turns. Sources:
// vercel/ai@ed857f5 packages/google/src/interactions/google-interactions-api.ts and
// google-interactions-prompt.ts; googleapis/python-genai@6680718 google/genai/_gaos/types/interactions
// (`step.py`, `functionresultstep.py`, `thoughtstep.py`, `userinputstep.py`, `content.py`) and, for
// the older shape, google/genai/_interactions/types at 41d8e5b^ (`turn.py`, `interaction.py`).
import { MAX_DEPTH } from '../../json/depth';
import { isRecord, kindOf } from '../../json/value';
import type { ContentBlock, ContentKind, ToolCall } from '../../model';
import { newDraft, problemDraft, textOf } from '../common/drafts';
import { stringOf } from '../common/fields';
import { readToolCall } from '../common/toolCall';
import type { MessageDraft } from '../types';
import { pushAll } from '../../json/pushAll';

/** Which side of the conversation a content item with no side of its own (`text`, `image`…) is on. */
export type Side = 'user' | 'model';

const CONTENT_KINDS = new Map<string, ContentKind>([
  ['text', 'text'],
  ['image', 'image'],
  ['audio', 'audio'],
  ['video', 'file'],
  ['document', 'file'],
]);

/** Step types only the Interactions API writes, so one of them in a list claims it. */
const MARKERS = new Set(['user_input', 'model_output', 'thought', 'function_result']);

const typeOf = (value: unknown): string | undefined => (isRecord(value) ? stringOf(value.type) : undefined);

/** A built-in tool's call (`google_search_call`, `code_execution_call`, `mcp_server_tool_call`…), run by the API itself. */
const isServerCall = (type: string): boolean => type.endsWith('_call') && type !== 'function_call';
/** Its result (`google_search_result`…), which the API puts in the same response. */
const isServerResult = (type: string): boolean => type.endsWith('_result') && type !== 'function_result';

/** What `google_search_call` calls: the tool's name; an MCP server's tool goes by its own. */
function serverToolName(step: Record<string, unknown>, type: string): string {
  if (type.startsWith('mcp_server_tool_')) return stringOf(step.name) ?? 'mcp_server_tool';
  return type.replace(/_(?:call|result)$/, '');
}

/** A step, a content item or a role turn, as an `input` or `steps` list holds them. */
export function isItem(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = typeOf(value);
  if (type === undefined) return isTurn(value);
  return MARKERS.has(type) || CONTENT_KINDS.has(type) || type === 'function_call' || isServerCall(type) || isServerResult(type);
}

/** Whether an item is one only this API writes: a marker step, a call with an arguments object, a `model` turn. */
export function isMarked(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = typeOf(value);
  if (type === undefined) return value.role === 'model' && isTurn(value);
  if (type === 'function_call') return isRecord(value.arguments) && typeof value.id === 'string';
  return MARKERS.has(type) || (isServerResult(type) && typeof value.call_id === 'string');
}

/** A `Turn {role: "user" | "model", content: string | Content[]}` of the older stateless history. */
function isTurn(value: Record<string, unknown>): boolean {
  return (value.role === 'user' || value.role === 'model') && (typeof value.content === 'string' || Array.isArray(value.content));
}

/** Thought summaries are reasoning content; the signature stays in `raw`. */
function thoughtBlock(step: Record<string, unknown>): ContentBlock {
  const summary = Array.isArray(step.summary) ? step.summary : [];
  const texts = summary.flatMap((item) => (isRecord(item) && typeof item.text === 'string' ? [item.text] : []));
  return { kind: 'reasoning', type: 'thought', text: texts.length > 0 ? texts.join('\n') : undefined, raw: step };
}

function contentBlock(item: unknown): ContentBlock {
  const type = typeOf(item);
  if (type === undefined || !isRecord(item))
    return typeof item === 'string' ? { kind: 'text', type: 'text', text: item, raw: item } : { kind: 'other', type: '(none)', raw: item };
  if (type === 'thought') return thoughtBlock(item);
  const kind = CONTENT_KINDS.get(type);
  // Never the base64 data as text: an image would be megabytes of it.
  if (kind === 'text') return { kind, type, text: stringOf(item.text) ?? '', raw: item };
  if (kind !== undefined) return { kind, type, raw: item };
  if (type === 'function_call' || isServerCall(type)) return { kind: 'tool_call', type, raw: item };
  if (type === 'function_result' || isServerResult(type)) return { kind: 'tool_result', type, raw: item };
  return { kind: 'other', type, text: stringOf(item.text), raw: item };
}

/** A result's text: a string as it is, a list of text and image items as its texts, anything else as JSON. */
function resultText(result: unknown): string {
  if (typeof result === 'string') return result;
  if (!Array.isArray(result)) return textOf(result);
  return result
    .flatMap((entry) => (typeOf(entry) === 'text' && isRecord(entry) ? [stringOf(entry.text) ?? ''] : typeOf(entry) === 'image' ? [] : [textOf(entry)]))
    .join('\n');
}

/** `function_result` (the client's) or a built-in `*_result`: a tool message answering `call_id`. */
function resultDraft(step: Record<string, unknown>, type: string, path: string): MessageDraft {
  const result = step.result;
  const media = Array.isArray(result) ? result.filter((entry) => CONTENT_KINDS.has(typeOf(entry) ?? '') && typeOf(entry) !== 'text').map(contentBlock) : [];
  const draft = newDraft('tool', type, [{ kind: 'text', type, text: resultText(result), raw: step }, ...media], step, path);
  const callId = stringOf(step.call_id);
  if (callId !== undefined) draft.toolCallId = callId;
  const name = type === 'function_result' ? stringOf(step.name) : serverToolName(step, type);
  if (name !== undefined) draft.name = name;
  if (step.is_error === true) draft.status = 'error';
  return draft;
}

/** Calls carry the API's own ids (`zggxzq8r`); `arguments` is an object. */
function callOf(step: Record<string, unknown>, type: string): ToolCall {
  const name = type === 'function_call' ? step.name : serverToolName(step, type);
  return { ...readToolCall({ id: step.id, name, args: step.arguments ?? {} }, false), raw: step };
}

interface ModelRun {
  path: string;
  steps: unknown[];
  blocks: ContentBlock[];
  calls: ToolCall[];
  /** Built-in tools' results: tool messages right after the AI message that holds their calls. */
  results: MessageDraft[];
}

interface UserRun {
  path: string;
  sourceType: string;
  items: unknown[];
}

/**
 * Reads items in order. The model's consecutive steps (thoughts, outputs, calls, built-in results)
 * are one AI message, as one response is; a user step is a human message, each `function_result` in
 * it (or standing as a step of its own) a tool message.
 */
export class StepReader {
  readonly drafts: MessageDraft[] = [];
  /** Step types this reader does not know, with how often they came. */
  readonly unknown = new Map<string, number>();
  private model: ModelRun | undefined;
  private user: UserRun | undefined;
  /** What a user message is written as: `user_input` inside that step, `user` in a turn or a bare list. */
  private userSource = 'user';
  private turnDepth = 0;

  /** One element of `input`, `steps` or `outputs` at `index`; `side` is where a bare content item belongs. */
  item(value: unknown, path: string, side: Side, index: number): void {
    if (!isRecord(value)) return this.problem(value, path, `expected a step or content object with \`type\`, got ${kindOf(value)}`);
    const type = typeOf(value);
    if (type === 'user_input' || (type === undefined && isTurn(value))) {
      // Turns in turns' content, as deep as input nests (json/depth) and no deeper.
      if (this.turnDepth >= MAX_DEPTH) return this.problem(value, path, `a turn nested more than ${MAX_DEPTH} levels deep`);
      this.turnDepth++;
      this.turn(value, path, index);
      this.turnDepth--;
      return;
    }
    if (type === undefined) return this.problem(value, path, 'expected a step or content object with `type`, or a turn with `role` and `content`');
    if (type === 'function_result') {
      this.closeModel();
      return this.userItem(value, path);
    }
    if (type === 'model_output') {
      const run = this.modelRun(value, path);
      if (Array.isArray(value.content)) pushAll(run.blocks, value.content.map(contentBlock));
      return;
    }
    const known = type === 'thought' || type === 'function_call' || isServerCall(type) || isServerResult(type) || CONTENT_KINDS.has(type);
    if (!known) this.unknown.set(type, (this.unknown.get(type) ?? 0) + 1);
    if (side === 'user' && (CONTENT_KINDS.has(type) || !known)) return this.userItem(value, path);
    const run = this.modelRun(value, path);
    if (isServerResult(type)) run.results.push(resultDraft(value, type, path));
    else run.blocks.push(contentBlock(value));
    if (type === 'function_call' || isServerCall(type)) run.calls.push(callOf(value, type));
  }

  /** The run in progress ends: what it held becomes its messages. */
  close(): void {
    this.closeModel();
    this.closeUser();
  }

  private problem(value: unknown, path: string, why: string): void {
    this.close();
    this.drafts.push(problemDraft(value, path, why));
  }

  /**
   * A `user_input` step or a role turn: its items in order, then closed. Read as one message, that
   * message is the whole element; the messages a user one splits into share its position as `turn`.
   */
  private turn(value: Record<string, unknown>, path: string, index: number): void {
    this.close();
    const start = this.drafts.length;
    const side: Side = value.role === 'model' ? 'model' : 'user';
    this.userSource = stringOf(value.type) ?? 'user';
    const { content } = value;
    if (typeof content === 'string') {
      this.drafts.push(
        newDraft(side === 'model' ? 'ai' : 'human', String(value.role), [{ kind: 'text', type: 'text', text: content, raw: content }], value, path),
      );
    } else if (Array.isArray(content)) {
      content.forEach((item, j) => this.item(item, `${path}.content[${j}]`, side, index));
    }
    this.close();
    this.userSource = 'user';
    const added = this.drafts.slice(start);
    const [only] = added;
    if (only === undefined) this.drafts.push(newDraft(side === 'model' ? 'ai' : 'human', stringOf(value.type) ?? String(value.role), [], value, path));
    else if (added.length === 1 && only.role !== 'tool') {
      only.raw = value;
      only.location = { path };
    }
    if (side === 'user') for (const draft of this.drafts.slice(start)) draft.turn = index;
  }

  private userItem(value: unknown, path: string): void {
    if (typeOf(value) === 'function_result' && isRecord(value)) {
      this.closeUser();
      this.drafts.push(resultDraft(value, 'function_result', path));
      return;
    }
    this.user ??= { path, sourceType: this.userSource, items: [] };
    this.user.items.push(value);
  }

  private modelRun(value: unknown, path: string): ModelRun {
    this.closeUser();
    this.model ??= { path, steps: [], blocks: [], calls: [], results: [] };
    this.model.steps.push(value);
    return this.model;
  }

  private closeModel(): void {
    const run = this.model;
    if (!run) return;
    this.model = undefined;
    const ai = newDraft('ai', 'model', run.blocks, run.steps.length === 1 ? run.steps[0] : run.steps, run.path);
    if (run.calls.length > 0) ai.toolCalls = run.calls;
    this.drafts.push(ai);
    pushAll(this.drafts, run.results);
  }

  private closeUser(): void {
    const run = this.user;
    if (!run) return;
    this.user = undefined;
    this.drafts.push(newDraft('human', run.sourceType, run.items.map(contentBlock), run.items.length === 1 ? run.items[0] : run.items, run.path));
  }
}
